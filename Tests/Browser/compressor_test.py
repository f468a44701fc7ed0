"""The compressor room's pages (issue #28) in a real headless Chromium
against a real `gaslog serve` on a loopback port: /compressors with each
filter's life as a meter and in words and each verdict in words; a run
recorded with the blender's form, its filter life checked against the
issue's formula worked out here in exact fractions; a run refused at its
field; the board's banner for a failed air test and for an overdue one, and
none once they are put right; and axe-core at 375, 768 and 1280 px with no
sideways scrolling.

Every test is dated in the past (2026-01-15 and 2026-11-01), so the overdue
one stays overdue whatever today is. Run by scripts/browser-tests;
environment as for fill_station_test.py (SCREENSHOTS: also photograph
/compressors and the board with its banner at phone and desktop widths).
"""

import json
import math
import os
import tempfile
import unittest
from fractions import Fraction

from axe_selenium_python import Axe
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait

import station
from station import PATIENCE

WIDTHS = {"phone": 375, "tablet": 768, "desktop": 1280}
PASSWORDS = {"ada": "admin-pass-123", "ben": "blender-pass-1", "rita": "reader-pass-1"}
CHART = [(10, Fraction("1.4")), (20, Fraction(1)), (30, Fraction("0.6"))]
HOSTILE = "<img src=x onerror=alert(1)> & 'Co'"


def factor(celsius):
    """The chart's factor: linear between two points, the nearest end's outside."""
    if celsius <= CHART[0][0]:
        return CHART[0][1]
    if celsius >= CHART[-1][0]:
        return CHART[-1][1]
    for (t0, f0), (t1, f1) in zip(CHART, CHART[1:]):
        if t0 <= celsius <= t1:
            return f0 + (f1 - f0) * Fraction(celsius - t0, t1 - t0)
    raise AssertionError(celsius)


def hours(value, up):
    """Hours with two decimals, rounded up or down, as the pages write them."""
    hundredths = math.ceil(value * 100) if up else math.floor(value * 100)
    return f"{hundredths // 100}.{hundredths % 100:02d}"


class CompressorRoom(station.StationTest):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.mkdtemp(prefix="gaslog-browser-compressors-")
        cls.db = os.path.join(cls.folder, "logbook.sqlite")
        for name, role in [("ada", "admin"), ("ben", "blender"), ("rita", "reader")]:
            cls.gaslog("user", "add", name, "--role", role, "--password-stdin", stdin=(PASSWORDS[name] + "\n").encode())
        cls.gaslog("cylinder", "add", "Club 07", "--working-pressure", "232")
        cls.gaslog("compressor", "add", "Bauer 1", "--filter-hours", "30", "--filter-factors", "10:1.4,20:1,30:0.6")
        cls.gaslog("compressor", "run", "Bauer 1", "--hours", "17.5", "--temperature", "20")
        cls.gaslog("compressor", "test", "Bauer 1", "--o2", "21", "--co2", "600", "--co", "1", "--oil", "0.1", "--water", "60",
                   "--pressure", "300", "--at", "2026-11-01", "--lab", "Dräger kit")
        cls.gaslog("compressor", "add", "Junior", "--filter-hours", "12.5")
        cls.gaslog("compressor", "test", "Junior", "--o2", "20.9", "--co2", "300", "--co", "1", "--oil", "0.1", "--water", "20",
                   "--pressure", "200", "--at", "2026-01-15")
        cls.gaslog("compressor", "add", HOSTILE)
        cls.server, cls.base = station.start_server(cls.folder, cls.db)
        cls.driver = station.start_browser()

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
        """Clicks a form's button and waits until the browser has left the page."""
        button.click()

        def left(_):
            try:
                button.is_enabled()
                return False
            except WebDriverException:
                return True

        WebDriverWait(self.driver, PATIENCE).until(left)

    def send(self, form, values):
        """Fills a /compressors form's fields (ids `FORM-NAME`) and sends it."""
        for name, value in values.items():
            field = self.driver.find_element(By.ID, f"{form}-{name}")
            if field.tag_name == "select":
                for option in field.find_elements(By.TAG_NAME, "option"):
                    if option.get_attribute("value") == value:
                        option.click()
            else:
                field.clear()
                field.send_keys(value)
        self.submit(self.driver.find_element(By.CSS_SELECTOR, f"#{form}-form button[type=submit]"))

    def card(self, name):
        """A compressor's card on /compressors."""
        for card in self.driver.find_elements(By.CSS_SELECTOR, "section.compressor"):
            if card.find_element(By.TAG_NAME, "h2").text.startswith(name):
                return card
        raise AssertionError(f"no card for {name}")

    def show(self, name):
        return json.loads(self.gaslog("compressor", "show", name, "--json"))

    # ------------------------------------------------------------ the scenarios

    def test_1_the_page_shows_filter_life_verdicts_and_due_dates(self):
        self.sign_in("rita")
        self.open("/compressors")
        self.assertEqual(self.driver.find_element(By.CSS_SELECTOR, "header.top a[aria-current=page]").text, "Compressors")
        bauer = self.card("Bauer 1")
        used = Fraction("17.5") / factor(20)
        remaining = 30 - used
        percent = math.floor(remaining / 30 * 100)
        meter = bauer.find_element(By.TAG_NAME, "meter")
        self.assertEqual(meter.get_attribute("value"), str(percent))
        self.assertEqual(meter.get_attribute("aria-label"), "Filter life left")
        self.assertIn(f"{hours(remaining, up=False)} h left ({percent}%)", bauer.text)
        verdict = bauer.find_element(By.CSS_SELECTOR, ".mark.failed")
        # A failed test refuses fills until one passes: no due date in words (#35).
        self.assertEqual(verdict.text, "FAILED on 2026-11-01 (CO2, water): fills refused until a test passes")
        self.assertNotIn("Test due", bauer.text)
        # The colour repeats the words: white on red for a failure, green for a pass.
        self.assertEqual(verdict.value_of_css_property("background-color"), "rgba(155, 28, 28, 1)")
        junior = self.card("Junior")
        self.assertEqual(junior.find_element(By.CSS_SELECTOR, ".mark.passed").text, "Passed")
        # Valid through 2026-01-15 + 3 months = 2026-04-15: overdue since the day after (#35).
        self.assertEqual(junior.find_element(By.CSS_SELECTOR, ".mark.overdue").text, "OVERDUE since 2026-04-16")
        self.assertIn("12.50 h left (100%)", junior.text)
        # The hostile name is shown as typed, never run.
        self.card(HOSTILE)
        self.assertEqual(self.driver.execute_script("return document.querySelectorAll('img[src=x]').length"), 0)
        # A reader has no form.
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, "form[action^='/compressors/']"), [])

    def test_2_a_blender_records_a_run_and_the_filter_life_follows_the_formula(self):
        before = self.show("Bauer 1")
        self.sign_in("ben")
        self.open("/compressors")
        self.assertEqual(self.driver.find_elements(By.ID, "test-form"), [])
        self.send("run", {"compressor": "Bauer 1", "hours": "2.25", "temperature": "25", "operator": "Ben"})
        used = Fraction("17.5") / factor(20) + Fraction("2.25") / factor(25)
        remaining = 30 - used
        percent = math.floor(remaining / 30 * 100)
        expected = f"{hours(remaining, up=False)} h left ({percent}%)"
        self.assertIn(expected, self.driver.find_element(By.CSS_SELECTOR, ".notice").text)
        self.assertIn(expected, self.card("Bauer 1").text)
        self.assertEqual(self.card("Bauer 1").find_element(By.TAG_NAME, "meter").get_attribute("value"), str(percent))
        after = self.show("Bauer 1")
        self.assertEqual(f"{after['filter']['used']:.2f}", hours(used, up=True))
        self.assertEqual(after["filter"]["remaining_percent"], percent)
        runs = [entry for entry in json.loads(self.gaslog("compressor", "log", "Bauer 1", "--json")) if entry["kind"] == "run"]
        self.assertEqual((runs[-1]["hours"], runs[-1]["temperature"], runs[-1]["operator"]), (2.25, 25, "Ben"))
        self.assertNotEqual(before["filter"], after["filter"])

    def test_3_a_refused_run_is_shown_at_its_field_and_nothing_is_written(self):
        before = self.gaslog("compressor", "log", "Bauer 1", "--json")
        self.sign_in("ben")
        self.open("/compressors")
        self.send("run", {"compressor": "Bauer 1", "hours": "1", "meter": "120"})
        field = self.driver.find_element(By.ID, "run-meter")
        self.assertEqual(field.get_attribute("aria-invalid"), "true")
        self.assertEqual(field.get_attribute("value"), "120")
        self.assertIn("not both", self.driver.find_element(By.ID, "run-meter-problem").text)
        self.assertIn("nothing was recorded", self.driver.find_element(By.CSS_SELECTOR, "[role=alert]").text)
        self.assertEqual(self.gaslog("compressor", "log", "Bauer 1", "--json"), before)

    def test_4_the_board_banner(self):
        self.sign_in("rita")
        self.open("/")
        banner = self.driver.find_element(By.CSS_SELECTOR, ".compressor-alert[role=alert]")
        self.assertIn("Compressor Bauer 1: its air FAILED its test of 2026-11-01 (CO2, water).", banner.text)
        self.assertIn("Compressor Junior: its air test is OVERDUE (valid through 2026-04-15).", banner.text)
        self.assertNotIn("Co'", banner.text)
        banner.find_element(By.LINK_TEXT, "The compressor room")

    def test_8_axe_finds_nothing_serious_at_any_width(self):
        problems = []
        for name, pages in [("ada", ["/compressors", "/", "/fill"]), ("ben", ["/compressors"]), ("rita", ["/compressors"])]:
            self.sign_in(name)
            for label, width in WIDTHS.items():
                self.width(width)
                for path in pages:
                    self.open(path)
                    axe = Axe(self.driver)
                    axe.inject()
                    results = axe.run()
                    problems += [f"{name} {path} at {label}: {v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
                                 for v in results["violations"] if v["impact"] in ("serious", "critical")]
                    overflow = self.driver.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
                    if overflow > 0:
                        problems.append(f"{name} {path} at {label} scrolls sideways by {overflow}px")
            self.width(1280)
        # A refused form, with its problems shown, too.
        self.sign_in("ada")
        for label, width in WIDTHS.items():
            self.width(width)
            self.open("/compressors")
            self.send("test", {"compressor": "Junior", "o2": "21", "pressure": "39"})
            results = Axe(self.driver)
            results.inject()
            problems += [f"refused test at {label}: {v['id']} ({v['impact']}): {v['help']}"
                         for v in results.run()["violations"] if v["impact"] in ("serious", "critical")]
        self.width(1280)
        self.assertEqual(problems, [], "\n".join(problems))

    def test_9_the_banner_goes_once_the_tests_are_put_right(self):
        self.gaslog("compressor", "test", "Bauer 1", "--o2", "21", "--co2", "300", "--co", "1", "--oil", "0.1", "--water", "20",
                    "--pressure", "300")
        self.gaslog("compressor", "retire", "Junior", "--reason", "sold")
        self.sign_in("rita")
        self.open("/")
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, ".compressor-alert"), [])

    def test_8z_screenshots(self):
        folder = os.environ.get("SCREENSHOTS")
        if not folder:
            self.skipTest("SCREENSHOTS is not set")
        self.sign_in("ada")
        for label in ["phone", "desktop"]:
            for name, path in [("compressors", "/compressors"), ("board-banner", "/")]:
                self.width(WIDTHS[label])
                self.open(path)
                height = min(6000, self.driver.execute_script("return document.documentElement.scrollHeight"))
                self.width(WIDTHS[label], height)
                self.assertTrue(self.driver.save_screenshot(os.path.join(folder, f"{name}-{label}.png")), f"{name}-{label}.png not written")
        self.width(1280)


if __name__ == "__main__":
    unittest.main(verbosity=2)
