"""The fill station in a real headless Chromium, against a real `gaslog serve`
on a loopback port: the seven scenarios of issue #16, and issue #23's MOD
preview sweep and back-dated fills.

Run by scripts/browser-tests, which installs what is missing. Environment:
GASLOG (the gaslog binary, whose `serve` runs gaslog-server beside it),
CHROMIUM and CHROMEDRIVER (default /usr/bin/chromium and /usr/bin/chromedriver),
SCREENSHOTS (a folder: when set, the board, the fill form and a tag are
photographed at phone and desktop widths).
"""

import json
import math
import os
import sys
import tempfile
import time
import unittest
import urllib.error
import urllib.parse
import urllib.request
from fractions import Fraction

from axe_selenium_python import Axe
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait

import station
from station import PATIENCE

WIDTHS = {"phone": 375, "tablet": 768, "desktop": 1280}
PPO2 = ["1.2", "1.3", "1.4", "1.5", "1.6"]
PASSWORDS = {"ada": "blender-pass-1", "rita": "reader-pass-1", "root": "admin-pass-12"}


class FillStation(station.StationTest):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.mkdtemp(prefix="gaslog-browser-")
        cls.db = os.path.join(cls.folder, "logbook.sqlite")
        cls.downloads = os.path.join(cls.folder, "downloads")
        os.makedirs(cls.downloads)
        for name, role in [("ada", "blender"), ("rita", "reader"), ("root", "admin")]:
            cls.gaslog("user", "add", name, "--role", role, "--password-stdin", stdin=(PASSWORDS[name] + "\n").encode())
        today = time.strftime("%Y-%m-%d")
        cls.gaslog("cylinder", "add", "Club 07", "--working-pressure", "232", "--hydro", today, "--visual", today, "--o2-clean")
        cls.gaslog("cylinder", "add", "Club 08", "--working-pressure", "232", "--hydro", today, "--visual", today, "--o2-clean")
        cls.gaslog("cylinder", "add", "Old 01", "--working-pressure", "232", "--hydro", "2015-01-01", "--visual", "2016-01-01")
        cls.gaslog("fill", "Club 08", "--o2", "28", "--at", "2026-01-10T09:00", "--blender", "ada")
        cls.gaslog("fill", "Club 08", "--o2", "36", "--at", "2026-01-11T09:00", "--blender", "ada")
        cls.server, cls.base = station.start_server(cls.folder, cls.db)
        cls.driver = station.start_browser(cls.downloads)

    # ------------------------------------------------------------ helpers

    def open(self, path):
        self.driver.get(self.base + path)

    def width(self, pixels, height=900):
        self.driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride", {"width": pixels, "height": height, "deviceScaleFactor": 1, "mobile": pixels < 700})

    def sign_in(self, name):
        self.driver.delete_all_cookies()
        self.open("/signin")
        self.driver.find_element(By.ID, "signin-name").send_keys(name)
        self.driver.find_element(By.ID, "signin-password").send_keys(PASSWORDS[name])
        self.submit(self.driver.find_element(By.CSS_SELECTOR, "form[action='/signin'] button[type=submit]"))
        WebDriverWait(self.driver, PATIENCE).until(expected_conditions.presence_of_element_located((By.CSS_SELECTOR, "header.top")))

    def submit(self, button):
        """Clicks a form's button and waits until the browser has left the page,
        so that what is looked for next is looked for on the answer."""
        button.click()

        def left(_):
            # While the browser swaps pages, asking about the old button may fail
            # as "stale" or as "does not belong to the document": both mean it has gone.
            try:
                button.is_enabled()
                return False
            except WebDriverException:
                return True

        WebDriverWait(self.driver, PATIENCE).until(left)

    def text(self):
        return self.driver.find_element(By.TAG_NAME, "body").text

    def record_fill(self, cylinder, o2, ppo2="1.4", override=None):
        self.open("/fill")
        self.driver.find_element(By.ID, "field-cylinder").send_keys(cylinder)
        self.driver.find_element(By.ID, "fill-o2").send_keys(o2)
        self.driver.find_element(By.CSS_SELECTOR, f"input[name=ppo2][value='{ppo2}']").click()
        self.submit(self.driver.find_element(By.XPATH, "//button[normalize-space()='Record the fill']"))

    # ------------------------------------------------------------ the scenarios

    def test_1_sign_in_as_a_blender(self):
        self.sign_in("ada")
        self.assertIn("Signed in as ada (blender)", self.text())
        self.assertIn("Club 07", self.text())
        session = self.driver.get_cookie("gaslog_session")
        self.assertTrue(session["httpOnly"])
        self.assertEqual(session["sameSite"], "Strict")

    def test_2_an_EAN32_fill_and_its_tag(self):
        self.sign_in("ada")
        self.record_fill("Club 07", "32")
        tag = WebDriverWait(self.driver, PATIENCE).until(expected_conditions.presence_of_element_located((By.CSS_SELECTOR, "section.tag")))
        mods = [element.text for element in tag.find_elements(By.CSS_SELECTOR, ".mod")]
        self.assertEqual(mods, ["34 m", "111 ft"])
        self.assertIn("EAN 32", tag.text)
        self.assertTrue(self.driver.find_element(By.CSS_SELECTOR, "button[data-print]").is_displayed())
        # The fill is stored under the signed-in account.
        self.assertIn(",ada,", self.gaslog("export").decode().splitlines()[-1] + ",")

    def test_2b_every_target_of_the_fill_form_is_large(self):
        self.sign_in("ada")
        for width in WIDTHS.values():
            self.width(width)
            self.open("/fill")
            for element in self.driver.find_elements(By.CSS_SELECTOR, "main input:not([type=hidden]), main select, main textarea, main button"):
                if element.get_attribute("type") in ("radio", "checkbox"):
                    element = element.find_element(By.XPATH, "./ancestor::label")
                size = element.size
                self.assertGreaterEqual(size["width"], 44, f"{element.get_attribute('outerHTML')[:80]} at {width}px")
                self.assertGreaterEqual(size["height"], 44, f"{element.get_attribute('outerHTML')[:80]} at {width}px")
        self.width(1280)

    def test_3_a_refusal_overridden_with_a_reason(self):
        self.sign_in("ada")
        self.record_fill("Old 01", "32")
        problem = self.driver.find_element(By.ID, "field-cylinder-problem")
        self.assertIn("hydrostatic test", problem.text)
        self.assertIn("expired", problem.text)
        self.driver.find_element(By.ID, "field-override").send_keys("hydro booked for Monday; club dive only")
        self.submit(self.driver.find_element(By.XPATH, "//button[normalize-space()='Record anyway, with this reason']"))
        WebDriverWait(self.driver, PATIENCE).until(expected_conditions.presence_of_element_located((By.CSS_SELECTOR, "section.tag")))
        self.open("/log?overridden=1")
        self.assertIn("OVERRIDE: HYDRO BOOKED FOR MONDAY; CLUB DIVE ONLY", self.text().upper())
        self.assertIn("Old 01", self.text())

    def test_4_a_void_brings_the_older_gas_back_with_its_mark(self):
        self.sign_in("ada")
        self.open("/cylinders/Club%2008")
        self.assertIn("EAN 36", self.driver.find_element(By.CSS_SELECTOR, "section.tag").text)
        self.driver.find_element(By.ID, "void-reason-2").send_keys("analyser out of calibration")
        self.submit(self.driver.find_element(By.XPATH, "//button[normalize-space()='Void #2']"))
        WebDriverWait(self.driver, PATIENCE).until(expected_conditions.presence_of_element_located((By.CSS_SELECTOR, ".notice")))
        self.open("/?q=Club+08")
        row = self.driver.find_element(By.CSS_SELECTOR, "tr[data-name='Club 08']")
        self.assertIn("EAN 28", row.text)
        self.assertIn("OLDER FILL: NEWER FILL #2 IS VOID", row.text.upper())

    def test_5_the_CSV_download_is_the_CLI_export(self):
        self.sign_in("ada")
        self.open("/log?cylinder=Club+08")
        for name in os.listdir(self.downloads):
            os.remove(os.path.join(self.downloads, name))
        self.driver.find_element(By.ID, "download-csv").click()
        path = os.path.join(self.downloads, "gaslog-fills.csv")
        deadline = time.monotonic() + PATIENCE
        while not os.path.exists(path) and time.monotonic() < deadline:
            time.sleep(0.05)
        with open(path, "rb") as file:
            downloaded = file.read()
        self.assertEqual(downloaded, self.gaslog("export", "--cylinder", "Club 08"))
        self.assertEqual(len(downloaded.splitlines()), 3)

    def test_6_a_reader_sees_no_changing_form_and_a_forged_post_is_refused(self):
        self.sign_in("rita")
        for path in ["/", "/cylinders/Club%2007", "/cylinders/Club%2008", "/fills/1/tag", "/due", "/log", "/calculators", "/report"]:
            self.open(path)
            posting = [form.get_attribute("action") for form in self.driver.find_elements(By.CSS_SELECTOR, "form")
                       if (form.get_attribute("method") or "get").lower() == "post"]
            # Signing out changes nothing in the logbook.
            self.assertEqual([action for action in posting if not action.endswith("/signout")], [], path)
        self.assertNotIn("Record a fill", self.text())
        self.open("/fill")
        self.assertIn("Not allowed", self.text())
        # A blender's forged POST, with the session cookie but without the token, is refused.
        self.sign_in("ada")
        cookie = self.driver.get_cookie("gaslog_session")["value"]
        body = urllib.parse.urlencode({"cylinder": "Club 07", "o2": "40", "ppo2": "1.4"}).encode()
        request = urllib.request.Request(self.base + "/fill", data=body, headers={"Cookie": "gaslog_session=" + cookie})
        with self.assertRaises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request)
        self.assertEqual(refused.exception.code, 403)
        self.assertNotIn("EAN 40", self.gaslog("log").decode())

    def test_7_axe_finds_nothing_serious_at_any_width(self):
        pages = ["/", "/cylinders/Club%2007", "/fill", "/new-cylinder", "/fills/1/tag", "/due", "/log", "/calculators?calculator=mod&mod-o2=32", "/report",
                 "/admin"]
        problems = []
        self.driver.delete_all_cookies()
        for label, width in WIDTHS.items():
            self.width(width)
            self.open("/signin")
            problems += self.axe_problems("/signin", label)
        self.sign_in("root")
        for label, width in WIDTHS.items():
            self.width(width)
            for path in pages:
                self.open(path)
                problems += self.axe_problems(path, label)
                # Against the layout viewport: on a phone Chromium zooms out to show what overflows, so the window's width grows with it.
                overflow = self.driver.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
                if overflow > 0:
                    problems.append(f"{path} at {label} scrolls sideways by {overflow}px")
        self.width(1280)
        self.assertEqual(problems, [], "\n".join(problems))

    def axe_problems(self, path, label):
        axe = Axe(self.driver)
        axe.inject()
        results = axe.run()
        return [f"{path} at {label}: {v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
                for v in results["violations"] if v["impact"] in ("serious", "critical")]

    def test_8_screenshots(self):
        folder = os.environ.get("SCREENSHOTS")
        if not folder:
            self.skipTest("SCREENSHOTS is not set")
        self.sign_in("ada")
        self.open("/fill")
        self.record_fill("Club 07", "32")
        WebDriverWait(self.driver, PATIENCE).until(expected_conditions.presence_of_element_located((By.CSS_SELECTOR, "section.tag")))
        tag_path = urllib.parse.urlparse(self.driver.current_url).path
        for label in ["phone", "desktop"]:
            for name, path in [("board", "/"), ("fill", "/fill"), ("tag", tag_path)]:
                self.width(WIDTHS[label])
                self.open(path)
                height = min(2400, self.driver.execute_script("return document.documentElement.scrollHeight"))
                self.width(WIDTHS[label], height)
                self.assertTrue(self.driver.save_screenshot(os.path.join(folder, f"{name}-{label}.png")), f"{name}-{label}.png not written")
        self.width(1280)


    # ------------------------------------------------------------ issue #23: the preview and the fill time

    def previews(self, cases):
        """The preview text for each (O₂, diver's O₂, helium, diver's helium, ppO₂)
        case, typed into the real page's fields by one script: each value is
        set and its input event dispatched as a keystroke would."""
        return self.driver.execute_script("""
            var set = function (id, value) {
              var element = document.getElementById(id);
              element.value = value;
              element.dispatchEvent(new Event("input", {bubbles: true}));
            };
            var preview = document.getElementById("mod-preview");
            return arguments[0].map(function (c) {
              var radio = document.querySelector("input[name=ppo2][value='" + c[4] + "']");
              if (!radio.checked) { radio.checked = true; radio.dispatchEvent(new Event("change", {bubbles: true})); }
              set("field-he", c[2]);
              set("field-diver-he", c[3]);
              set("field-diver-o2", c[1]);
              set("fill-o2", c[0]);
              return preview.textContent;
            });""", cases)

    @staticmethod
    def exact_mod(permille, ppo2, per_bar, rounding):
        """The MOD from the README's formula, in fractions, rounded by the rule."""
        exact = (Fraction(ppo2) / Fraction(permille, 1000) - 1) * per_bar
        return math.floor(exact) if rounding == "down" else math.ceil(exact - Fraction(1, 2))

    def table(self, rounding):
        """gaslog's own MOD for every O₂ from 21.0 to 100.0 at every ppO₂ of the
        form, in metres and in feet: {(permille, ppo2): (metres, feet)}."""
        answers = {}
        for unit in ["metric", "imperial"]:
            rows = json.loads(self.gaslog("table", "--from", "21", "--to", "100", "--step", "0.1", "--ppo2", ",".join(PPO2),
                                          "--round", rounding, "--unit", unit, "--json"))
            for row in rows:
                for ppo2, depth in row["mod"].items():
                    key = (round(Fraction(str(row["o2"])) * 10), ppo2)
                    answers[key] = (answers[key][0], depth) if unit == "imperial" else (depth,)
        self.assertEqual(len(answers), 791 * len(PPO2))
        return answers

    @staticmethod
    def percent(permille):
        return f"{permille // 10}" if permille % 10 == 0 else f"{permille // 10}.{permille % 10}"

    def sweep(self, rounding, unit):
        """Every O₂ from 21.0 to 100.0 at every ppO₂ of the form: alone, with a
        richer diver's reading (0.7 points richer, at most 100) and with a
        leaner one (0.6 points leaner). Returns (cases, previews, expected)."""
        spellings = ["{}", "{}%", "EAN{}", "EAN {}", "EANx{}", "Nx{}", "Nitrox {}", "ean{}"]
        cases, richest = [], []
        for ppo2 in PPO2:
            for permille in range(210, 1001):
                spelling = spellings[permille % len(spellings)].format(self.percent(permille))
                for diver in [None, min(permille + 7, 1000)] + ([permille - 6] if permille >= 216 else []):
                    if diver == permille:
                        continue
                    cases.append((spelling, "" if diver is None else self.percent(diver), "", "", ppo2))
                    richest.append((max(permille, diver or 0), diver is not None and diver > permille))
        started = time.monotonic()
        shown = self.previews(cases)
        print(f"\n  {len(cases)} previews ({rounding}, {unit}) in {time.monotonic() - started:.1f} s", file=sys.stderr)
        answers = self.table(rounding)
        expected = []
        for case, (permille, from_diver) in zip(cases, richest):
            metres, feet = answers[(permille, case[4])]
            # The table is what `mod` gives, and the fractions are what the README says.
            self.assertEqual(metres, self.exact_mod(permille, case[4], 10, rounding), case)
            self.assertEqual(feet, self.exact_mod(permille, case[4], 33, rounding), case)
            both = f"{feet} ft / {metres} m" if unit == "imperial" else f"{metres} m / {feet} ft"
            expected.append(f"MOD preview: {both} at ppO₂ {case[4]}" + (", from the diver’s richer reading" if from_diver else ""))
        return cases, shown, expected

    def assertPreviews(self, cases, shown, expected):
        wrong = [f"{case}: shows {got!r}, gaslog gives {want!r}" for case, got, want in zip(cases, shown, expected) if got != want]
        self.assertEqual(len(shown), len(cases))
        self.assertEqual(wrong, [], f"{len(wrong)} of {len(cases)} previews differ:\n" + "\n".join(wrong[:20]))

    def test_9a_the_preview_is_exactly_the_stored_MOD(self):
        self.sign_in("ada")
        self.open("/fill")
        cases, shown, expected = self.sweep("nearest", "metric")
        self.assertPreviews(cases, shown, expected)
        # The cases: 22.4% at 1.4 is 52 m (52.5 exactly: the half goes shallower), not 53; 32% with the diver's 33 at 1.2 is 26 m / 87 ft, not 28 / 91.
        self.assertEqual(self.previews([("22.4", "", "", "", "1.4"), ("32", "33", "", "", "1.2")]),
                         ["MOD preview: 52 m / 173 ft at ppO₂ 1.4", "MOD preview: 26 m / 87 ft at ppO₂ 1.2, from the diver’s richer reading"])
        # A few dozen single `gaslog mod` calls, in both units, agree with the previews.
        for index in range(0, len(cases), len(cases) // 36):
            case = cases[index]
            gas = case[1] if "richer" in expected[index] else case[0]
            metres = json.loads(self.gaslog("mod", "--o2", gas, "--ppo2", case[4], "--json"))["mod"]
            feet = json.loads(self.gaslog("mod", "--o2", gas, "--ppo2", case[4], "--unit", "imperial", "--json"))["mod"]
            self.assertEqual(shown[index].split(" at ")[0], f"MOD preview: {metres} m / {feet} ft", case)

    def test_9b_the_preview_follows_the_rounding_setting_and_the_units(self):
        self.sign_in("ada")
        self.gaslog("config", "set", "rounding", "down")
        try:
            self.open("/fill?unit=imperial")
            cases, shown, expected = self.sweep("down", "imperial")
            self.assertPreviews(cases, shown, expected)
            # And the tag of a fill recorded under `down` says what the preview said: EAN 32 at 1.4 is 33.75 m, so 33.
            self.open("/fill")
            self.assertEqual(self.previews([("32", "", "", "", "1.4")]), ["MOD preview: 33 m / 111 ft at ppO₂ 1.4"])
            self.record_fill("Club 07", "32")
            tag = WebDriverWait(self.driver, PATIENCE).until(expected_conditions.presence_of_element_located((By.CSS_SELECTOR, "section.tag")))
            self.assertEqual([element.text for element in tag.find_elements(By.CSS_SELECTOR, ".mod")], ["33 m", "111 ft"])
        finally:
            self.gaslog("config", "set", "rounding", "nearest")

    def test_9c_the_preview_shows_nothing_unless_it_is_sure(self):
        self.sign_in("ada")
        self.open("/fill")
        # (O₂, diver's O₂, helium, diver's helium, ppO₂): half typed, out of range, unknown, refused by `fill`.
        unsure = [("3", "", "", "", "1.4"), ("32.", "", "", "", "1.4"), ("EAN", "", "", "", "1.4"), ("EAN 3", "", "", "", "1.4"),
                  ("32,5", "", "", "", "1.4"), ("32.55", "", "", "", "1.4"), ("100.1", "", "", "", "1.4"), ("20.9", "", "", "", "1.4"),
                  ("Tx 18", "", "", "", "1.4"), ("18", "", "", "", "1.4"), ("EAN32/10", "", "", "", "1.4"), ("nitrogen", "", "", "", "1.4"),
                  ("18/45", "", "45", "", "1.4"), ("18/0.5", "", "", "", "1.4"), ("18/96", "", "", "", "1.4"), ("Heliox 21/78", "", "", "", "1.4"),
                  ("32", "3", "", "", "1.4"), ("32", "33.", "", "", "1.4"), ("32", "", "", "40", "1.4"), ("32", "", "0.5", "", "1.4"),
                  ("32", "", "96", "", "1.4"), ("", "33", "", "", "1.4"), ("32 %", "", "", "", "1.4"), ("EAN  32", "", "", "", "1.4")]
        self.assertEqual(self.previews(unsure), [""] * len(unsure), unsure)
        # Every other spelling `gaslog fill` reads, helium mixes among them: the MOD depends on the O₂ alone.
        sure = [("air", "", "", "", "1.4", "21"), ("AIR", "", "", "", "1.6", "21"), ("oxygen", "", "", "", "1.6", "100"),
                ("O2", "", "", "", "1.6", "100"), ("EANx 32.5", "", "", "", "1.3", "32.5"), ("nitrox32", "", "", "", "1.4", "32"),
                ("18/45", "", "", "", "1.4", "18/45"), ("Tx 18/45", "", "", "", "1.2", "18/45"), ("TMX 10/70", "", "", "", "1.4", "10/70"),
                ("Trimix 21/35", "21.5/35", "", "", "1.4", "21.5/35"), ("18", "", "45", "", "1.4", "18/45"),
                ("18", "18.8", "45", "", "1.3", "18.8/45"), ("18/45", "18.6", "", "44", "1.5", "18.6/44"),
                ("Heliox 21/79", "", "", "", "1.6", "21/79"), ("32", "", "0", "", "1.4", "32"), ("32/0", "", "", "", "1.4", "32")]
        shown = self.previews([case[:5] for case in sure])
        for case, text in zip(sure, shown):
            metres = json.loads(self.gaslog("mod", "--o2", case[5], "--ppo2", case[4], "--json"))["mod"]
            feet = json.loads(self.gaslog("mod", "--o2", case[5], "--ppo2", case[4], "--unit", "imperial", "--json"))["mod"]
            richer = ", from the diver’s richer reading" if case[1] else ""
            self.assertEqual(text, f"MOD preview: {metres} m / {feet} ft at ppO₂ {case[4]}{richer}", case)

    def fill_at(self, cylinder, o2, at):
        self.open("/fill")
        self.driver.find_element(By.ID, "field-cylinder").send_keys(cylinder)
        self.driver.find_element(By.ID, "fill-o2").send_keys(o2)
        if at is not None:
            self.driver.execute_script("document.getElementById('field-at').value = arguments[0]", at)
        self.submit(self.driver.find_element(By.XPATH, "//button[normalize-space()='Record the fill']"))

    def test_9d_a_fill_written_up_after_the_dive_keeps_its_time(self):
        self.sign_in("ada")
        # The field opens at now, in local time to the minute.
        self.open("/fill")
        now = time.time()
        around = {time.strftime("%Y-%m-%dT%H:%M", time.localtime(now + seconds)) for seconds in (-60, 0, 60)}
        self.assertIn(self.driver.find_element(By.ID, "field-at").get_attribute("value"), around)
        # Three hours ago, to the minute: the tag, the log and the export say so.
        fields = list(time.localtime(now - 3 * 3600))
        fields[5] = 0
        moment = time.mktime(time.struct_time(fields))
        local = time.localtime(moment)
        offset = local.tm_gmtoff // 60
        shown = time.strftime("%Y-%m-%d %H:%M", local) + f" {'-' if offset < 0 else '+'}{abs(offset) // 60:02d}:{abs(offset) % 60:02d}"
        self.fill_at("Club 07", "30", time.strftime("%Y-%m-%dT%H:%M", local))
        tag = WebDriverWait(self.driver, PATIENCE).until(expected_conditions.presence_of_element_located((By.CSS_SELECTOR, "section.tag")))
        self.assertIn("Filled: " + shown, tag.text)
        self.open("/log?cylinder=Club+07")
        self.assertIn(shown, self.text())
        self.assertIn(time.strftime("%Y-%m-%dT%H:%M:00Z", time.gmtime(moment)), self.gaslog("export", "--cylinder", "Club 07").decode())
        # Ten minutes ahead is refused at the field, and nothing is recorded.
        before = self.gaslog("export").decode()
        self.fill_at("Club 07", "30", time.strftime("%Y-%m-%dT%H:%M", time.localtime(now + 600)))
        problem = self.driver.find_element(By.ID, "field-at-problem")
        self.assertIn("in the future", problem.text)
        self.assertEqual(self.driver.find_element(By.ID, "field-at").get_attribute("aria-invalid"), "true")
        self.assertEqual(self.gaslog("export").decode(), before)
        # So is a time that is not one, which only a browser without the date picker sends.
        self.open("/fill")
        self.driver.find_element(By.ID, "field-cylinder").send_keys("Club 07")
        self.driver.find_element(By.ID, "fill-o2").send_keys("30")
        self.driver.execute_script("var at = document.getElementById('field-at'); at.type = 'text'; at.value = '2026-02-30T10:00'")
        self.submit(self.driver.find_element(By.XPATH, "//button[normalize-space()='Record the fill']"))
        self.assertIn("2026-02-30T10:00", self.driver.find_element(By.ID, "field-at-problem").text)
        self.assertEqual(self.gaslog("export").decode(), before)

if __name__ == "__main__":
    unittest.main(verbosity=2)
