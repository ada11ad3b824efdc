import shutil
import tempfile

import pytest
from playwright.sync_api import sync_playwright

from pagecheck import BINARY, chromium_path


def pytest_configure(config):
    # Each run's temporary files in a folder of its own, removed at the end: the tests leave
    # nothing in the temporary directory (pytest would keep its last three runs).
    if not config.option.basetemp:
        config.option.basetemp = tempfile.mkdtemp(prefix="tablerender-browser-")
        config._tablerender_basetemp = config.option.basetemp


def pytest_unconfigure(config):
    folder = getattr(config, "_tablerender_basetemp", None)
    if folder:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def browser():
    assert BINARY.exists(), f"{BINARY} is missing: run swift build -c release --product tablerender first"
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium_path(), args=["--no-sandbox"])
        yield launched
        launched.close()
