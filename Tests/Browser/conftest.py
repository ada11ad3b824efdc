import pytest
from playwright.sync_api import sync_playwright

from pagecheck import BINARY, chromium_path


@pytest.fixture(scope="session")
def browser():
    assert BINARY.exists(), f"{BINARY} is missing: run swift build -c release --product tablerender first"
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium_path(), args=["--no-sandbox"])
        yield launched
        launched.close()
