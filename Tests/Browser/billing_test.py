"""Gas accounting's pages (issue #27) in a real headless Chromium against a
real `gaslog serve` on a loopback port: the fill form's start, top-off and
payer fields and the tag's charge; the admin's /bills page, where a payment
changes the balance, a bad amount is shown at its field, an adjustment and a
void change it again, and a member's statement prints on A4 while a tag
still prints on its 62 x 100 mm label; a price set on /admin; 403 for
others; and axe-core at 375, 768 and 1280 px.

Every fill and payment is back-dated to 2024 and every price takes effect on
2024-01-01, so nothing depends on today's date. The litres are worked out
here from the issue's formulas, as exact fractions. Run by
scripts/browser-tests; environment as for fill_station_test.py
(SCREENSHOTS: also photograph /bills, a statement and a tag with its charge
at phone and desktop widths).
"""

import base64
import json
import os
import re
import tempfile
import unittest
import urllib.error
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
PASSWORDS = {"ada": "admin-pass-123", "ben": "blender-pass-1", "rita": "reader-pass-1"}
PRICES = {"oxygen": Fraction("0.012"), "helium": Fraction("0.035"), "air": Fraction("0.001"), "fill-fee": Fraction("2.00")}


def cents(amount):
    """An amount rounded to the cent, a half away from zero, as the statement writes it."""
    hundredths = amount * 100
    whole = int(abs(hundredths) + Fraction(1, 2))
    whole = -whole if hundredths < 0 else whole
    return f"{'-' if whole < 0 else ''}{abs(whole) // 100}.{abs(whole) % 100:02d}"


def nitrox_litres(volume, pressure, o2, start):
    """Ideal gas, from `start` bar of air, topped off with air: T = Δn / 0.79, O = Δo − 0.21·T."""
    fraction = Fraction(o2, 100)
    top_off = (volume * pressure * (1 - fraction) - volume * start * Fraction(79, 100)) / Fraction(79, 100)
    oxygen = volume * pressure * fraction - volume * start * Fraction(21, 100) - top_off * Fraction(21, 100)
    return oxygen, top_off


def whole_litres(litres):
    return int(litres + Fraction(1, 2))


class Billing(station.StationTest):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.mkdtemp(prefix="gaslog-browser-billing-")
        cls.db = os.path.join(cls.folder, "logbook.sqlite")
        for name, role in [("ada", "admin"), ("ben", "blender"), ("rita", "reader")]:
            cls.gaslog("user", "add", name, "--role", role, "--password-stdin", stdin=(PASSWORDS[name] + "\n").encode())
        for cylinder in ["Club 07", "Club 12"]:
            cls.gaslog("cylinder", "add", cylinder, "--volume", "12", "--working-pressure", "232", "--hydro", "2024-01-10", "--visual",
                       "2024-06-01", "--o2-clean")
        for item, price in PRICES.items():
            cls.gaslog("price", "set", item, str(float(price)), "--effective", "2024-01-01")
        # Ann's trimix from empty, and one of Bo's fills with no start: only its fee is charged.
        cls.gaslog("fill", "Club 12", "--o2", "18/45", "--pressure", "200", "--from", "0", "--diver", "Ann Øster", "--at", "2024-11-21T10:00")
        cls.gaslog("fill", "Club 07", "--o2", "32", "--pressure", "200", "--diver", "Bo", "--at", "2024-11-22T10:00")
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

    def text(self):
        return self.driver.find_element(By.TAG_NAME, "body").text

    def bill(self, member=None):
        """The CLI's statement, as JSON: the independent record of what the pages did."""
        statement = json.loads(self.gaslog("bill", "--json"))
        if member is None:
            return statement
        return next(m for m in statement["members"] if m["member"] == member)

    def balance_shown(self, member):
        """The balance in the members' table of /bills."""
        self.open("/bills")
        row = self.driver.find_element(By.XPATH, f"//table[contains(@class,'balances')]//tr[th[normalize-space()='{member}']]")
        return row.find_element(By.CSS_SELECTOR, "td[data-label=Balance]").text

    def send(self, form, values):
        """Fills a /bills form's fields (ids `FORM-NAME`) and sends it."""
        for name, value in values.items():
            field = self.driver.find_element(By.ID, f"{form}-{name}")
            if field.tag_name == "select":
                field.find_element(By.CSS_SELECTOR, f"option[value='{value}']").click()
            else:
                field.clear()
                field.send_keys(value)
        self.submit(self.driver.find_element(By.CSS_SELECTOR, f"#{form}-form button[type=submit]"))

    def pdf_page_size(self):
        """The first page's size in points, as Chromium prints the page with its CSS page size."""
        data = base64.b64decode(self.driver.execute_cdp_cmd("Page.printToPDF", {"preferCSSPageSize": True})["data"])
        box = re.search(rb"/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]", data)
        return round(float(box.group(3)) - float(box.group(1))), round(float(box.group(4)) - float(box.group(2)))

    def shown_in_print(self, selector):
        """Whether the element is displayed when the page is laid out for print."""
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
        try:
            return self.driver.find_element(By.CSS_SELECTOR, selector).is_displayed()
        finally:
            self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})

    # ------------------------------------------------------------ the scenarios

    def test_1_the_fill_form_records_the_start_top_off_and_payer_and_the_tag_shows_the_charge(self):
        self.sign_in("ben")
        self.open("/fill")
        # Each field has its label and hint, as the form's other fields have.
        for name, label in [("from", "Pressure before (bar)"), ("from-gas", "Gas before"), ("top-off", "Top-off gas"), ("bill-to", "Bill to")]:
            self.assertEqual(self.driver.find_element(By.CSS_SELECTOR, f"label[for='field-{name}']").text, label)
            self.assertTrue(self.driver.find_element(By.ID, f"field-{name}-hint").text)
        self.driver.find_element(By.ID, "field-cylinder").send_keys("Club 07")
        self.driver.find_element(By.ID, "fill-o2").send_keys("32")
        self.driver.find_element(By.ID, "field-pressure").send_keys("200")
        self.driver.find_element(By.ID, "field-from").send_keys("50")
        self.driver.find_element(By.ID, "field-from-gas").send_keys("air")
        self.driver.find_element(By.ID, "field-diver").send_keys("Ann Øster")
        self.driver.find_element(By.ID, "field-bill-to").send_keys("Bo")
        self.driver.execute_script("document.getElementById('field-at').value = arguments[0]", "2024-11-20T10:00")
        self.submit(self.driver.find_element(By.XPATH, "//button[normalize-space()='Record the fill']"))
        charge = WebDriverWait(self.driver, PATIENCE).until(
            expected_conditions.presence_of_element_located((By.CSS_SELECTOR, "section.charge")))

        oxygen, top_off = nitrox_litres(12, 200, 32, 50)
        rows = {row.find_element(By.TAG_NAME, "th").text: [cell.text for cell in row.find_elements(By.TAG_NAME, "td")]
                for row in charge.find_elements(By.CSS_SELECTOR, "tbody tr")}
        self.assertEqual(rows["Oxygen"][0], f"{whole_litres(oxygen)} L")
        self.assertEqual(rows["Oxygen"][2], cents(oxygen * PRICES["oxygen"]))
        self.assertEqual(rows["Top-off, Air"][0], f"{whole_litres(top_off)} L")
        self.assertEqual(rows["Fill fee"][2], "2.00")
        total = PRICES["fill-fee"] + Fraction(cents(oxygen * PRICES["oxygen"])) + Fraction(cents(top_off * PRICES["air"]))
        self.assertIn(f"Total {cents(total)} EUR", charge.text)
        self.assertIn("Bill to: Bo", charge.text)
        self.assertIn("Before the fill: 50 bar of Air", charge.text)
        # The fill's row holds what the form sent, as the export writes it.
        fill = json.loads(self.gaslog("export", "--format", "json"))[-1]
        self.assertEqual((fill["start_bar"], fill["start_o2"], fill["top_off_o2"], fill["bill_to"], fill["diver"]), (50, 21, 21, "Bo", "Ann Øster"))

        # The printed tag is the tag alone, on its 62 x 100 mm label: the charge stays on the screen.
        self.assertFalse(self.shown_in_print("section.charge"))
        self.assertTrue(self.shown_in_print("section.tag"))
        self.assertEqual(self.pdf_page_size(), (round(62 / 25.4 * 72), round(100 / 25.4 * 72)))

    def test_2_a_bad_start_gas_is_shown_at_its_field(self):
        self.sign_in("ben")
        before = self.gaslog("export")
        self.open("/fill")
        self.driver.find_element(By.ID, "field-cylinder").send_keys("Club 07")
        self.driver.find_element(By.ID, "fill-o2").send_keys("32")
        self.driver.find_element(By.ID, "field-top-off").send_keys("18/45")
        self.driver.execute_script("document.getElementById('field-at').value = arguments[0]", "2024-11-23T10:00")
        self.submit(self.driver.find_element(By.XPATH, "//button[normalize-space()='Record the fill']"))
        problem = self.driver.find_element(By.ID, "field-top-off-problem")
        self.assertIn("helium", problem.text)
        self.assertEqual(self.driver.find_element(By.ID, "field-top-off").get_attribute("aria-invalid"), "true")
        self.assertEqual(self.gaslog("export"), before)

    def test_3_a_payment_on_bills_lowers_the_balance(self):
        self.sign_in("ada")
        before = self.bill("Bo")["balance"]
        self.assertEqual(self.balance_shown("Bo"), before)
        self.send("payment", {"member": "Bo", "amount": "5.00", "reference": "receipt 117"})
        self.assertIn("Payment 1 of 5.00 EUR by Bo is recorded.", self.driver.find_element(By.CSS_SELECTOR, ".notice").text)
        after = cents(Fraction(before) - 5)
        self.assertEqual(self.bill("Bo")["balance"], after)
        self.assertEqual(self.balance_shown("Bo"), after)

    def test_4_a_bad_amount_is_shown_at_its_field_and_nothing_is_written(self):
        self.sign_in("ada")
        before = self.bill()
        self.open("/bills")
        self.send("payment", {"member": "Bo", "amount": "1.234"})
        field = self.driver.find_element(By.ID, "payment-amount")
        self.assertEqual(field.get_attribute("aria-invalid"), "true")
        self.assertEqual(field.get_attribute("value"), "1.234")
        self.assertIn("two decimals", self.driver.find_element(By.ID, "payment-amount-problem").text)
        self.assertEqual(self.bill(), before)

    def test_5_an_adjustment_and_a_void_change_the_balance_and_a_second_void_is_refused(self):
        self.sign_in("ada")
        self.open("/bills")
        before = Fraction(self.bill("Bo")["balance"])
        self.send("adjustment", {"fill-id": "3", "amount": "-1.50", "reason": "analyser read high"})
        self.assertEqual(self.bill("Bo")["balance"], cents(before - Fraction("1.50")))
        payment = self.bill("Bo")["payments"][0]
        self.send("void-payment", {"payment-id": str(payment["id"]), "reason": "entered twice"})
        self.assertEqual(self.bill("Bo")["balance"], cents(before - Fraction("1.50") + Fraction(payment["amount"])))
        self.assertEqual(self.balance_shown("Bo"), cents(before - Fraction("1.50") + Fraction(payment["amount"])))
        self.send("void-payment", {"payment-id": str(payment["id"]), "reason": "again"})
        self.assertIn("already void", self.driver.find_element(By.ID, "void-payment-payment-id-problem").text)
        self.send("adjustment", {"fill-id": "99", "amount": "1", "reason": "x"})
        self.assertIn("99", self.driver.find_element(By.ID, "adjustment-fill-id-problem").text)

    def test_6_the_printable_statement(self):
        self.sign_in("ada")
        self.open("/bills")
        self.submit(self.driver.find_element(By.XPATH, "//table[contains(@class,'balances')]//a[normalize-space()='Bo']"))
        statements = self.driver.find_elements(By.CSS_SELECTOR, "section.statement")
        self.assertEqual(len(statements), 1)
        statement = statements[0]
        self.assertIn("Statement for Bo", statement.text)
        member = self.bill("Bo")
        self.assertEqual(statement.find_element(By.CSS_SELECTOR, "[data-balance]").text, member["balance"] + " EUR")
        amounts = [cell.text.split()[0] for cell in statement.find_elements(By.CSS_SELECTOR, "td[data-label=Amount]")][:len(member["fills"])]
        self.assertEqual(amounts, [fill["amount"] for fill in member["fills"]])
        # Printed: the statement alone, on A4; the filters and the forms stay on the screen.
        self.assertTrue(self.shown_in_print("section.statement"))
        self.assertFalse(self.shown_in_print("#payment-form"))
        self.assertFalse(self.shown_in_print("form[action='/bills']"))
        self.assertEqual(self.pdf_page_size(), (round(210 / 25.4 * 72), round(297 / 25.4 * 72)))

    def test_7_a_price_set_on_admin(self):
        self.sign_in("ada")
        self.open("/admin")
        self.send("price", {"item": "nitrox", "price": "0.004"})
        self.assertIn("nitrox costs 0.004 EUR", self.driver.find_element(By.CSS_SELECTOR, ".notice").text)
        self.assertIn("/admin", self.driver.current_url)
        prices = json.loads(self.gaslog("price", "list", "--json"))
        self.assertIn(("nitrox", "0.004"), [(price["item"], price["price"]) for price in prices])
        self.send("price", {"item": "oxygen", "price": "-1"})
        self.assertEqual(self.driver.find_element(By.ID, "price-price").get_attribute("aria-invalid"), "true")
        self.assertEqual(json.loads(self.gaslog("price", "list", "--json")), prices)

    def test_8_others_get_403_and_no_link(self):
        for name in ["ben", "rita"]:
            self.sign_in(name)
            self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, "header.top a[href='/bills']"), [])
            cookie = self.driver.get_cookie("gaslog_session")["value"]
            for path in ["/bills", "/bills?member=Bo"]:
                request = urllib.request.Request(self.base + path, headers={"Cookie": "gaslog_session=" + cookie})
                with self.assertRaises(urllib.error.HTTPError) as refused:
                    urllib.request.urlopen(request)
                self.assertEqual(refused.exception.code, 403, f"{name} {path}")
        self.sign_in("ada")
        self.assertEqual(len(self.driver.find_elements(By.CSS_SELECTOR, "header.top a[href='/bills']")), 1)

    def test_9_axe_finds_nothing_serious_at_any_width(self):
        pages = ["/bills", "/bills?member=Bo", "/bills?since=nonsense", "/fill", "/fills/1/tag", "/fills/3/tag", "/admin"]
        problems = []
        self.sign_in("ada")
        for label, width in WIDTHS.items():
            self.width(width)
            for path in pages:
                self.open(path)
                axe = Axe(self.driver)
                axe.inject()
                results = axe.run()
                problems += [f"{path} at {label}: {v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
                             for v in results["violations"] if v["impact"] in ("serious", "critical")]
                overflow = self.driver.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
                if overflow > 0:
                    problems.append(f"{path} at {label} scrolls sideways by {overflow}px")
        self.width(1280)
        self.assertEqual(problems, [], "\n".join(problems))

    def test_9z_screenshots(self):
        folder = os.environ.get("SCREENSHOTS")
        if not folder:
            self.skipTest("SCREENSHOTS is not set")
        self.sign_in("ada")
        for label in ["phone", "desktop"]:
            for name, path in [("bills", "/bills"), ("statement", "/bills?member=Bo"), ("tag-charge", "/fills/3/tag")]:
                self.width(WIDTHS[label])
                self.open(path)
                height = min(4000, self.driver.execute_script("return document.documentElement.scrollHeight"))
                self.width(WIDTHS[label], height)
                self.assertTrue(self.driver.save_screenshot(os.path.join(folder, f"{name}-{label}.png")), f"{name}-{label}.png not written")
        self.width(1280)


if __name__ == "__main__":
    unittest.main(verbosity=2)
