#!/usr/bin/env python3
"""Times how long headless Chromium takes to open a page and produce its first screenshot
(median of 5, each in a fresh page of one browser). usage: page_open.py PAGE.html ..."""
import shutil
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

with sync_playwright() as playwright:
    browser = playwright.chromium.launch(executable_path=shutil.which("chromium"), args=["--no-sandbox"])
    for page_path in sys.argv[1:]:
        times = []
        for _ in range(5):
            page = browser.new_page(viewport={"width": 390, "height": 844})
            start = time.perf_counter()
            page.goto(Path(page_path).resolve().as_uri(), wait_until="load")
            page.screenshot()
            times.append(time.perf_counter() - start)
            page.close()
        print(f"{statistics.median(times):.3f} {page_path}")
    browser.close()
