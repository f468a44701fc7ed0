"""One depth everywhere (issue #23), in a real headless Chromium against a real
`gaslog serve` on a loopback port: the board, the log page, the tag page and
the printed tag show the depth the gas allows for a leaner-labelled import
(nitrox and trimix), mark the deeper tag, say that a mix is hypoxic as large
as its MOD, and print in black.

Every expected depth is computed here from the formula with exact fractions,
not taken from gaslog. Run by scripts/browser-tests; environment as for
fill_station_test.py.
"""

import base64
import os
import pathlib
import re
import tempfile
import unittest
from fractions import Fraction

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait

import station
from station import PATIENCE

HEADER = (
    "id,filled_at,cylinder,label,o2,ppo2,mod_m,mod_ft,pressure_bar,blender,diver,cert,diver_o2,note,void_reason,"
    "override_reason,rounding,label_o2,he,diver_he,label_he,recorded_by,voided_by"
)
# The issue's older-export rows: EAN 32 labelled from the blender's 32% while the
# diver read 33%, and Tx 18/45 labelled from 18/45 while the diver read 18.5/40.
ROWS = [
    "1,2026-11-01T10:00:00Z,Club 01,EAN 32,32,1.4,34,111,200,,,,33,,,,nearest,32,0,,0,,",
    "2,2026-11-01T11:00:00Z,Tx 01,Tx 18/45,18,1.4,68,224,200,,,,18.5,,,,nearest,18,45,40,45,,",
]


def mod(o2_percent, ppo2="1.4", per_bar=10):
    """The MOD by the formula, (ppO2 / fO2 - 1) x 10 m or x 33 ft, the nearest
    whole unit with an exact half going shallower."""
    exact = (Fraction(ppo2) / (Fraction(o2_percent) / 100) - 1) * per_bar
    whole, rest = divmod(exact, 1)
    return int(whole) + (1 if rest > Fraction(1, 2) else 0)


class OneDepth(station.StationTest):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.mkdtemp(prefix="gaslog-browser-depth-")
        cls.db = os.path.join(cls.folder, "logbook.sqlite")
        cls.gaslog("user", "add", "rita", "--role", "reader", "--password-stdin", stdin=b"reader-pass-1\n")
        older = os.path.join(cls.folder, "older.csv")
        pathlib.Path(older).write_bytes("".join(line + "\r\n" for line in [HEADER, *ROWS]).encode())
        cls.gaslog("import", older)
        cls.gaslog("fill", "Deep 01", "--o2", "10", "--he", "70", "--at", "2026-11-02T10:00")
        cls.server, cls.base = station.start_server(cls.folder, cls.db)
        cls.driver = station.start_browser()
        station.sign_in(cls.driver, cls.base, "rita", "reader-pass-1")

    def open(self, path):
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
        self.driver.get(self.base + path)
        WebDriverWait(self.driver, PATIENCE).until(expected_conditions.presence_of_element_located((By.CSS_SELECTOR, "main")))

    def texts(self, selector, within=None):
        return [element.text for element in (within or self.driver).find_elements(By.CSS_SELECTOR, selector)]

    def test_board_shows_the_depth_the_gas_allows(self):
        self.open("/")
        nitrox = self.driver.find_element(By.CSS_SELECTOR, "tr[data-name='Club 01']")
        self.assertEqual(self.texts(".gas", nitrox), ["EAN 33"])
        self.assertEqual(self.texts(".mod", nitrox), [f"{mod(33)} m"])
        self.assertIn(f"the tag shows {mod(32)} m, the gas allows only {mod(33)} m; re-tag the cylinder", nitrox.text)
        trimix = self.driver.find_element(By.CSS_SELECTOR, "tr[data-name='Tx 01']")
        self.assertEqual(self.texts(".mod", trimix), [f"{mod('18.5')} m"])
        self.assertIn(f"the tag shows {mod(18)} m, the gas allows only {mod('18.5')} m; re-tag the cylinder", trimix.text)

    def test_log_page_shows_the_depth_the_gas_allows(self):
        self.open("/log")
        page = self.driver.find_element(By.CSS_SELECTOR, "main").text
        self.assertIn(f"{mod(33)} m at 1.4", page)
        self.assertIn(f"{mod('18.5')} m at 1.4", page)
        self.assertNotIn(f"{mod(32)} m at 1.4", page)
        self.assertIn(f"the tag shows {mod(32)} m, the gas allows only {mod(33)} m; re-tag the cylinder", page)

    def test_tag_page_and_print(self):
        for fill, o2, leaner in [(1, 33, 32), (2, "18.5", 18)]:
            self.open(f"/fills/{fill}/tag")
            tag = self.driver.find_element(By.CSS_SELECTOR, "section.tag")
            self.assertEqual(self.texts(".mod", tag), [f"{mod(o2)} m", f"{mod(o2, per_bar=33)} ft"])
            self.assertIn(
                f"the tag shows {mod(leaner)} m / {mod(leaner, per_bar=33)} ft, the gas allows only {mod(o2)} m / {mod(o2, per_bar=33)} ft",
                tag.text)
        # The trimix tag shows both helium readings.
        self.assertIn("Analysed: blender 18/45, diver 18.5/40", tag.text)
        # Printed, only the tag shows, and nothing on it is grey.
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
        colours = self.driver.execute_script(
            "return Array.from(document.querySelectorAll('section.tag, section.tag *')).map(e => getComputedStyle(e).color);")
        self.assertTrue(colours)
        self.assertEqual(set(colours), {"rgb(0, 0, 0)"})
        self.assertFalse(self.driver.find_element(By.CSS_SELECTOR, "header.top").is_displayed())
        self.assertTrue(tag.is_displayed())

    def test_hypoxic_tag_says_so_as_large_as_the_mod(self):
        # Minimum depth at ppO2 0.18: (0.18 / 0.10 - 1) x 10 = 8 m, x 33 = 26.4, up to 27 ft.
        minimum = (Fraction("0.18") / Fraction("0.10") - 1)
        metres, feet = -(-minimum * 10 // 1), -(-minimum * 33 // 1)
        self.open("/fills/3/tag")
        tag = self.driver.find_element(By.CSS_SELECTOR, "section.tag")
        self.assertEqual(self.texts(".mod", tag), [f"{mod(10)} m", f"{mod(10, per_bar=33)} ft"])
        self.assertEqual(self.texts(".hypoxic", tag), [f"Hypoxic: not to be breathed above {metres} m / {feet} ft"])
        self.assertIn("exceeds the maximum of 6.2 g/L", tag.text)
        for media in ["", "print"]:
            self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": media})
            sizes = self.driver.execute_script(
                "return ['.tag .mod', '.tag .hypoxic'].map(s => getComputedStyle(document.querySelector(s)).fontSize);")
            self.assertEqual(sizes[0], sizes[1], media)
        # Printed, the whole tag fits one 62 x 100 mm label: the instruction is never cut off onto a second.
        pdf = base64.b64decode(self.driver.execute_cdp_cmd("Page.printToPDF", {"preferCSSPageSize": True})["data"])
        self.assertEqual(len(re.findall(rb"/Type\s*/Page[^s]", pdf)), 1)
        self.open("/")
        row = self.driver.find_element(By.CSS_SELECTOR, "tr[data-name='Deep 01']")
        self.assertEqual(self.texts(".hypoxic", row), [f"Hypoxic: not to be breathed above {metres} m"])


if __name__ == "__main__":
    unittest.main(verbosity=2)
