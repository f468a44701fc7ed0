"""What the browser tests share: a real `gaslog serve` on a loopback port over
a logbook of the test's, and Debian's headless Chromium driven by Selenium."""

import os
import pathlib
import re
import shutil
import subprocess
import time
import unittest

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait

GASLOG = os.environ.get("GASLOG", ".build/debug/gaslog")
# How long any one thing may take to appear; polled, so a fast machine never waits it out.
PATIENCE = 20


def gaslog(db, *arguments, stdin=None):
    """Runs gaslog on `db`; raises with its error when it fails."""
    result = subprocess.run([GASLOG, *arguments], input=stdin, capture_output=True, env={**os.environ, "GASLOG_DB": db})
    if result.returncode != 0:
        raise RuntimeError(f"gaslog {' '.join(arguments)}: {result.stderr.decode()}")
    return result.stdout


def start_server(folder, db):
    """Starts `gaslog serve` on 127.0.0.1 with a port the system picks;
    returns the process and the base URL, once the server says it listens."""
    log_path = os.path.join(folder, "server.log")
    with open(log_path, "w") as log:
        server = subprocess.Popen([GASLOG, "serve", "--listen", "127.0.0.1:0", "--db", db], stderr=log, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        match = re.search(r"listening on (http://127\.0\.0\.1:\d+)", pathlib.Path(log_path).read_text())
        if match:
            return server, match.group(1)
        if server.poll() is not None:
            break
        time.sleep(0.05)
    raise RuntimeError("gaslog serve did not start: " + pathlib.Path(log_path).read_text())


def start_browser(downloads=None):
    """Headless Chromium at 1280 px, downloading into `downloads` when given."""
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--window-size=1280,900"]:
        options.add_argument(argument)
    if downloads:
        options.add_experimental_option("prefs", {"download.default_directory": downloads, "download.prompt_for_download": False})
    driver = webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")), options=options)
    if downloads:
        driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": downloads})
    return driver


def sign_in(driver, base, name, password):
    """Signs `driver` in at `base` as `name`, and waits for the signed-in page."""
    driver.get(base + "/signin")
    driver.find_element(By.ID, "signin-name").send_keys(name)
    driver.find_element(By.ID, "signin-password").send_keys(password)
    driver.find_element(By.CSS_SELECTOR, "form[action='/signin'] button[type=submit]").click()
    WebDriverWait(driver, PATIENCE).until(expected_conditions.presence_of_element_located((By.CSS_SELECTOR, "form[action='/signout']")))


class StationTest(unittest.TestCase):
    """A test case over one server, logbook and browser that its
    `setUpClass` starts (`folder`, `db`, `server`, `driver`): stopped and
    removed after the class's last test."""

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.server.terminate()
        cls.server.wait(timeout=15)
        shutil.rmtree(cls.folder, ignore_errors=True)

    @classmethod
    def gaslog(cls, *arguments, stdin=None):
        return gaslog(cls.db, *arguments, stdin=stdin)
