"""The pages' findings of issue #25, in a real headless Chromium against a
real `gaslog serve` on a loopback port: the year report fits a phone with no
number broken and a colour and pattern per gas; every link of the board and
the log is a 44 x 44 px target; fill ids never wrap; reasons show as typed;
the void box is labelled; one word for the blender; a bad log filter is
shown at its field with the form kept. axe-core checks each of those pages.

Every fill is back-dated to 2024 and the report asked for by year, so
nothing depends on today's date. Run by scripts/browser-tests; environment as
for fill_station_test.py (SCREENSHOTS: also photograph the log and the
report, full of fills, at phone and desktop widths).
"""

import os
import tempfile
import unittest

from axe_selenium_python import Axe
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait

import station
from station import PATIENCE

WIDTHS = [375, 1280]
# Six gases, as the trial had: air, four nitrox mixes and a trimix.
GASES = [("air", []), ("28", []), ("32", []), ("36", []), ("40", []), ("18", ["--he", "45"])]
LABELS = ["Air", "EAN 28", "EAN 32", "EAN 36", "EAN 40", "Tx 18/45"]
NOTE = "Topped up after the morning dive; valve O-ring replaced, checked for leaks"
OVERRIDE = "Hydro Booked for Monday, Club dive ONLY"
VOID = "Analyser out of CALIBRATION, McDonald's kit"

# How many lines a node's text takes: one client rect per line box of its contents.
LINES = "var r = document.createRange(); r.selectNodeContents(arguments[0]); return r.getClientRects().length;"


class Pages(station.StationTest):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.mkdtemp(prefix="gaslog-browser-pages-")
        cls.db = os.path.join(cls.folder, "logbook.sqlite")
        cls.gaslog("user", "add", "ada", "--role", "blender", "--password-stdin", stdin=b"blender-pass-1\n")
        # 150 fills over the twelve months of 2024 in nine cylinders: one to four of each gas a month,
        # so that the ids reach three digits and the report's numbers two.
        count = 0
        for month in range(1, 13):
            for index, (o2, helium) in enumerate(GASES):
                for day in range(1, (month * (index + 1)) % 4 + 2):
                    count += 1
                    arguments = ["fill", f"Club {count % 9 + 1:02d}", "--o2", o2, *helium, "--at", f"2024-{month:02d}-{day:02d}T1{index}:00"]
                    if count % 7 == 0:
                        arguments += ["--blender", "Ann Smith"]
                    if count % 5 == 0:
                        arguments += ["--note", NOTE]
                    cls.gaslog(*arguments)
        cls.fills = count
        # An overridden fill in Club 01 and a void one, each with a reason in mixed case.
        cls.gaslog("fill", "Club 01", "--o2", "32", "--at", "2024-12-20T10:00", "--override", OVERRIDE)
        cls.overridden = count + 1
        cls.gaslog("void", "--reason", VOID, "--", "7")
        cls.server, cls.base = station.start_server(cls.folder, cls.db)
        cls.driver = station.start_browser()
        station.sign_in(cls.driver, cls.base, "ada", "blender-pass-1")

    def tearDown(self):
        self.width(1280)

    # ------------------------------------------------------------ helpers

    def width(self, pixels, height=900):
        self.driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride", {"width": pixels, "height": height, "deviceScaleFactor": 1, "mobile": pixels < 700})

    def open(self, path):
        self.driver.get(self.base + path)
        WebDriverWait(self.driver, PATIENCE).until(expected_conditions.presence_of_element_located((By.CSS_SELECTOR, "main")))

    def script(self, code, *arguments):
        return self.driver.execute_script(code, *arguments)

    def assertNoSidewaysScroll(self, width, label):
        # On a phone Chromium zooms out to show what overflows, so the window's width grows with it:
        # the page's own width is compared with the layout viewport and with the width asked for.
        scroll, client = self.script("return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        self.assertLessEqual(scroll, client, f"{label} scrolls sideways")
        self.assertLessEqual(client, width, label)

    def axe_problems(self, label):
        axe = Axe(self.driver)
        axe.inject()
        results = axe.run()
        return [f"{label}: {v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
                for v in results["violations"] if v["impact"] in ("serious", "critical")]

    # ------------------------------------------------------------ the report

    def test_a_the_year_report_fits_a_phone_and_tells_gases_apart_without_colour(self):
        for width in WIDTHS:
            self.width(width)
            self.open("/report?year=2024")
            label = f"/report at {width}px"
            self.assertNoSidewaysScroll(width, label)
            cells = self.driver.find_elements(By.CSS_SELECTOR, "td.number, th.number")
            self.assertGreater(len(cells), 12 * len(GASES))
            broken = [cell.text for cell in cells if self.script(LINES, cell) != 1]
            self.assertEqual(broken, [], f"{label}: numbers broken across lines")
            # Each gas in the legend: its words, and the colour and pattern its swatch is painted with.
            legend = self.script("""
                return Array.from(document.querySelectorAll('.legend li')).map(function (item) {
                  var id = item.querySelector('rect').getAttribute('fill').match(/^url\\(#(.+)\\)$/)[1];
                  var pattern = document.getElementById(id);
                  var marks = Array.from(pattern.children).slice(1).map(function (e) { return e.outerHTML.replace(/(fill|stroke)="[^"]*"/g, ''); });
                  return [item.textContent.trim(), id, pattern.querySelector('rect').getAttribute('fill'), marks.join('')];
                });""")
            self.assertEqual([entry[0] for entry in legend], LABELS, label)
            colours = [entry[2] for entry in legend]
            patterns = [entry[3] for entry in legend]
            self.assertEqual(len(set(colours)), len(LABELS), f"{label}: colours {colours}")
            self.assertEqual(len(set(patterns)), len(LABELS), f"{label}: patterns {patterns}")
            # Every bar is painted as its gas is in the legend.
            painted = {entry[0]: f"url(#{entry[1]})" for entry in legend}
            bars = self.script("""
                return Array.from(document.querySelectorAll('svg.chart > rect')).map(function (bar) {
                  return [bar.querySelector('title').textContent, bar.getAttribute('fill')];
                });""")
            self.assertEqual(len(bars), 12 * len(GASES))
            for title, fill in bars:
                self.assertEqual(fill, painted[title.split(" ", 2)[2]], title)
            self.assertEqual(self.axe_problems(label), [])

    # ------------------------------------------------------------ touch targets

    def test_b_every_link_of_the_board_and_the_log_is_44_by_44(self):
        smallest = None
        for width in WIDTHS:
            self.width(width)
            for path in ["/", "/log"]:
                self.open(path)
                label = f"{path} at {width}px"
                links = self.script("""
                    return Array.from(document.querySelectorAll('a')).map(function (a) {
                      var box = a.getBoundingClientRect();
                      return [a.outerHTML.slice(0, 80), box.width, box.height];
                    });""")
                # The board links every cylinder, and the log every fill of its first page (100) and its cylinder,
                # and the older page.
                self.assertGreater(len(links), 9 if path == "/" else 2 * min(self.fills, 100), label)
                if path == "/log":
                    self.assertTrue(any('id="older-fills"' in link[0] for link in links), label)
                small = [link for link in links if link[1] < 44 or link[2] < 44]
                self.assertEqual(small, [], f"{label}: links smaller than 44 x 44 px")
                smallest = min([smallest or 999] + [min(link[1], link[2]) for link in links])
                self.assertEqual(self.axe_problems(label), [])
        print(f"\n  the smallest side of any link on the board and the log: {smallest:.0f} px", flush=True)

    # ------------------------------------------------------------ fill ids

    def test_c_fill_ids_gas_labels_and_times_never_wrap(self):
        for width in WIDTHS:
            self.width(width)
            for path in ["/log", "/cylinders/Club%2001"]:
                self.open(path)
                label = f"{path} at {width}px"
                tokens = self.driver.find_elements(By.CSS_SELECTOR, "td[data-label=Fill] a, td[data-label=Gas] strong, td[data-label=Filled]")
                self.assertGreaterEqual(len(tokens), 3 * 16, label)
                wrapped = [token.text for token in tokens if self.script(LINES, token) != 1]
                self.assertEqual(wrapped, [], f"{label}: ids, gas labels or times broken across lines")

    # ------------------------------------------------------------ reasons

    def test_d_reasons_show_as_typed(self):
        # Fill 7 is one of four EAN 32 fills of January, in Club 08, older than the log's first page of 100;
        # the override is in Club 01, in December.
        for path, selector, words in [
                ("/log", ".mark.override", "Override: " + OVERRIDE), ("/log?until=2024-01-31", ".mark.void", "Void: " + VOID),
                ("/cylinders/Club%2001", ".mark.override", "Override: " + OVERRIDE), ("/cylinders/Club%2008", ".mark.void", "Void: " + VOID),
                ("/fills/7/tag", ".void-banner", "Void: " + VOID)]:
            self.open(path)
            mark = self.driver.find_element(By.CSS_SELECTOR, selector)
            # innerText is the text as drawn, after any text-transform.
            self.assertEqual(self.script("return arguments[0].innerText", mark), words, path)
            self.assertEqual(self.script("return getComputedStyle(arguments[0]).textTransform", mark), "none", path)

    # ------------------------------------------------------------ the void box

    def test_e_the_void_box_in_a_cylinder_history_has_a_visible_label(self):
        for width in WIDTHS:
            self.width(width)
            self.open("/cylinders/Club%2001")
            boxes = self.driver.find_elements(By.CSS_SELECTOR, "#history-heading ~ table input[name=reason]")
            self.assertGreater(len(boxes), 10)
            for box in boxes:
                label = self.driver.find_element(By.CSS_SELECTOR, f"label[for='{box.get_attribute('id')}']")
                self.assertTrue(label.is_displayed(), box.get_attribute("id"))
                self.assertEqual(label.text, f"Reason to void fill #{box.get_attribute('id').split('-')[-1]}")
                self.assertGreater(label.size["width"] * label.size["height"], 0)
                self.assertIsNone(box.get_attribute("aria-label"))
            self.assertEqual(self.axe_problems(f"/cylinders/Club%2001 at {width}px"), [])

    # ------------------------------------------------------------ the blender

    def blender_cells(self, path):
        """The page at path's (or, with None, the page open now's)."""
        if path is not None:
            self.open(path)
        # The column names of the page's table of fills (or of cylinders), and each row's first link with its Blender cell.
        return self.script("""
            var table = Array.from(document.querySelectorAll('table')).filter(function (t) { return t.querySelector('thead a, tbody a'); })[0];
            var heads = Array.from(table.querySelectorAll('thead th')).map(function (th) { return th.textContent; });
            var column = heads.indexOf('Blender');
            return [heads, Array.from(table.querySelectorAll('tbody tr')).map(function (row) {
              return [row.querySelector('a').getAttribute('href'), column < 0 ? null : row.cells[column].textContent];
            })];""")

    def test_f_one_word_for_the_blender_on_every_page(self):
        # A fill recorded on the page with the Blender field emptied names only the account that recorded it.
        self.open("/fill?cylinder=Club+09")
        self.driver.find_element(By.ID, "fill-o2").send_keys("32")
        self.driver.find_element(By.ID, "field-blender").clear()
        self.script("document.getElementById('field-at').value = '2024-12-30T10:00'")
        self.driver.find_element(By.XPATH, "//button[normalize-space()='Record the fill']").click()
        tag = WebDriverWait(self.driver, PATIENCE).until(expected_conditions.presence_of_element_located((By.CSS_SELECTOR, "section.tag")))
        self.assertIn("Blender: recorded by ada", tag.text)
        fill = self.driver.current_url.split("/fills/")[1].split("/")[0]
        heads, board = self.blender_cells("/")
        self.assertIn("Blender", heads)
        self.assertNotIn("Filled by", heads)
        self.assertIn(["/cylinders/Club%2009", "recorded by ada"], board)
        for path in ["/log", "/cylinders/Club%2009"]:
            heads, rows = self.blender_cells(path)
            self.assertIn(["/fills/" + fill + "/tag", "recorded by ada"], rows, path)
        # A blender given is named as given, on the log and on the tag; a CLI fill without one has a dash.
        # Fills 13 and 14, of January, are on the log's second page: its Older link, followed without script.
        self.open("/log")
        self.assertNotIn(["/fills/14/tag", "Ann Smith"], self.blender_cells(None)[1])
        self.driver.find_element(By.ID, "older-fills").click()
        WebDriverWait(self.driver, PATIENCE).until(lambda driver: "before_id=" in driver.current_url)
        heads, rows = self.blender_cells(None)
        self.assertIn(["/fills/14/tag", "Ann Smith"], rows)
        self.assertIn(["/fills/13/tag", "—"], rows)
        self.assertEqual(len(rows), self.fills + 2 - 100)
        self.assertTrue(self.driver.find_element(By.ID, "newer-fills").is_displayed())
        self.open("/fills/14/tag")
        self.assertIn("Blender: Ann Smith", self.driver.find_element(By.CSS_SELECTOR, "section.tag").text)

    # ------------------------------------------------------------ a bad filter

    def test_g_a_bad_filter_is_shown_at_its_field_with_the_form_kept(self):
        for width in WIDTHS:
            self.width(width)
            self.open("/log")
            typed = {"field-cylinder": "Club 01", "field-since": "the 3rd of May", "field-gas": "EAN32"}
            for field, value in typed.items():
                self.driver.find_element(By.ID, field).send_keys(value)
            self.driver.find_element(By.CSS_SELECTOR, "label[for=field-overridden]").click()
            self.driver.find_element(By.XPATH, "//button[normalize-space()='Show']").click()
            problem = WebDriverWait(self.driver, PATIENCE).until(expected_conditions.visibility_of_element_located((By.ID, "field-since-problem")))
            label = f"/log at {width}px"
            self.assertIn("invalid value 'the 3rd of May' for “Since”", problem.text, label)
            since = self.driver.find_element(By.ID, "field-since")
            self.assertIn("field-since-problem", since.get_attribute("aria-describedby").split(), label)
            self.assertEqual(since.get_attribute("aria-invalid"), "true", label)
            # The problem sits right under its field, and the page says so where a screen reader hears it at once.
            self.assertLess(problem.location["y"] - since.location["y"], 3 * since.size["height"], label)
            self.assertTrue(self.driver.find_element(By.CSS_SELECTOR, "[role=alert]").is_displayed(), label)
            for field, value in typed.items():
                self.assertEqual(self.driver.find_element(By.ID, field).get_attribute("value"), value, f"{label}: {field}")
            self.assertTrue(self.driver.find_element(By.ID, "field-overridden").is_selected(), label)
            self.assertIn("Fill log", self.driver.title)
            self.assertNoSidewaysScroll(width, label)
            self.assertEqual(self.axe_problems(label), [])

    # ------------------------------------------------------------ what a person sees

    def test_z_screenshots(self):
        folder = os.environ.get("SCREENSHOTS")
        if not folder:
            self.skipTest("SCREENSHOTS is not set")
        for label, width in [("phone", 375), ("desktop", 1280)]:
            for name, path in [("log", "/log"), ("report", "/report?year=2024")]:
                self.width(width)
                self.open(path)
                height = min(2400, self.script("return document.documentElement.scrollHeight"))
                self.width(width, height)
                self.assertTrue(self.driver.save_screenshot(os.path.join(folder, f"{name}-{label}.png")), f"{name}-{label}.png not written")


if __name__ == "__main__":
    unittest.main(verbosity=2)
