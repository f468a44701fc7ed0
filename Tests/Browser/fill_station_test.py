"""The fill station in a real headless Chromium, against a real `gaslog serve`
on a loopback port: the seven scenarios of issue #16.

Run by scripts/browser-tests, which installs what is missing. Environment:
GASLOG (the gaslog binary, whose `serve` runs gaslog-server beside it),
CHROMIUM and CHROMEDRIVER (default /usr/bin/chromium and /usr/bin/chromedriver),
SCREENSHOTS (a folder: when set, the board, the fill form and a tag are
photographed at phone and desktop widths).
"""

import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import time
import unittest
import urllib.error
import urllib.parse
import urllib.request

from axe_selenium_python import Axe
from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait

GASLOG = os.environ.get("GASLOG", ".build/debug/gaslog")
WIDTHS = {"phone": 375, "tablet": 768, "desktop": 1280}
PASSWORDS = {"ada": "blender-pass-1", "rita": "reader-pass-1", "root": "admin-pass-12"}
# How long any one thing may take to appear; polled, so a fast machine never waits it out.
PATIENCE = 20


class FillStation(unittest.TestCase):
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
        log_path = os.path.join(cls.folder, "server.log")
        with open(log_path, "w") as log:
            cls.server = subprocess.Popen([GASLOG, "serve", "--listen", "127.0.0.1:0", "--db", cls.db], stderr=log, stdout=subprocess.DEVNULL)
        read_log = lambda: pathlib.Path(log_path).read_text()
        cls.base = None
        deadline = time.monotonic() + PATIENCE
        while cls.base is None and time.monotonic() < deadline:
            match = re.search(r"listening on (http://127\.0\.0\.1:\d+)", read_log())
            if match:
                cls.base = match.group(1)
            elif cls.server.poll() is not None:
                break
            else:
                time.sleep(0.05)
        if cls.base is None:
            raise RuntimeError("gaslog serve did not start: " + read_log())
        options = webdriver.ChromeOptions()
        options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
        for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--window-size=1280,900"]:
            options.add_argument(argument)
        options.add_experimental_option("prefs", {"download.default_directory": cls.downloads, "download.prompt_for_download": False})
        cls.driver = webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")), options=options)
        cls.driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": cls.downloads})

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.server.terminate()
        cls.server.wait(timeout=15)
        shutil.rmtree(cls.folder, ignore_errors=True)

    @classmethod
    def gaslog(cls, *arguments, stdin=None):
        result = subprocess.run([GASLOG, *arguments], input=stdin, capture_output=True, env={**os.environ, "GASLOG_DB": cls.db})
        if result.returncode != 0:
            raise RuntimeError(f"gaslog {' '.join(arguments)}: {result.stderr.decode()}")
        return result.stdout

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
        pages = ["/", "/cylinders/Club%2007", "/fill", "/fills/1/tag", "/due", "/log", "/calculators?calculator=mod&mod-o2=32", "/report",
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
                overflow = self.driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
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
                self.driver.save_screenshot(os.path.join(folder, f"{name}-{label}.png"))
        self.width(1280)


if __name__ == "__main__":
    unittest.main(verbosity=2)
