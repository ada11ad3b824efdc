"""The HTML page's accessibility tree in Chromium (Playwright's ARIA snapshot) against
`--format accessibility`: every element's label, word by word, in the same order; headers as
headings, switches as switches with their state."""
import re
import subprocess

from pagecheck import BINARY, ROOT


def squeezed(text):
    """The text without spaces, commas, quotes and the snapshot's YAML punctuation: the page sets
    lines apart where the tree joins labels with ", " (and a script without spaces, Japanese or
    Thai, is cut at line ends)."""
    return re.sub(r"[\s,\"\[\]:]", "", text)


def check(browser, tmp_path, example):
    out = tmp_path / "out"
    run = subprocess.run([str(BINARY), "render", str(ROOT / "Examples" / example), "--format", "html,accessibility", "--out", str(out), "-q"],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    name = example.split("/")[-1].rsplit(".", 1)[0]
    tree = (out / name / f"{name}.accessibility.txt").read_text().splitlines()
    page = browser.new_page()
    page.goto((out / name / f"{name}.html").as_uri())
    snapshot = page.locator("body").aria_snapshot()
    # Names and texts only: no role ("- img", "- text:"), no state ("[checked]"), no link target.
    names = re.sub(r"^\s*-\s*(/url.*|[a-z]+)", "", snapshot, flags=re.MULTILINE)
    seen = squeezed(re.sub(r"\[[^\]]*\]", "", names))
    position = 0
    for line in tree:
        label = squeezed(re.match(r'\d+\. "(.*?)"(?:, value "|, hint "| — | @ )', line).group(1))
        if not label:
            continue
        found = seen.find(label, position)
        assert found >= 0, f"{example}: {line!r} is not in the page's accessibility tree after character {position}:\n{snapshot}"
        position = found + len(label)
    return tree, snapshot


def test_settings_reads_as_the_tree_says(browser, tmp_path):
    tree, snapshot = check(browser, tmp_path, "settings/settings.json")
    assert 'heading "Settings" [level=1]' in snapshot and 'heading "ACCOUNT" [level=2]' in snapshot
    assert 'switch "Notifications" [checked]' in snapshot
    assert any('"Notifications", value "on" — button, toggle' in line for line in tree)


def test_interface_builder_cells_read_as_the_tree_says(browser, tmp_path):
    check(browser, tmp_path, "xib/xib.json")


def test_a_feed_reads_as_the_tree_says(browser, tmp_path):
    check(browser, tmp_path, "feed/feed.json")
