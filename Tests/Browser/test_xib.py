"""Interface Builder cells in the browser: every view of every row of the XIB and storyboard
examples (its frame as Auto Layout or flexbox laid it out, `--format layout`) against the frame
Chromium gives the same view in tablerender's HTML page, at widths 240, 390 and 700, within 0.5 px."""
import json
import subprocess

import pytest

from pagecheck import BINARY, ROOT
from test_flex import FRAMES, differences

DOCUMENTS = {"xib": ROOT / "Examples" / "xib" / "xib.json", "contacts": ROOT / "Examples" / "storyboard" / "contacts.json",
             "settings-home": ROOT / "Examples" / "storyboard" / "settings-home.json", "symbols": ROOT / "Examples" / "storyboard" / "symbols.json"}


@pytest.mark.parametrize("direction", [None, "rtl"])
@pytest.mark.parametrize("name", sorted(DOCUMENTS))
@pytest.mark.parametrize("width", [240, 390, 700])
def test_interface_builder_rows_lay_out_as_in_chromium(browser, tmp_path, width, name, direction):
    """Left to right, and right to left (leading and trailing constraints, stack views and
    accessories mirrored, the page with dir="rtl")."""
    out = tmp_path / "out"
    extra = ["--direction", direction] if direction else []
    subprocess.run([str(BINARY), "render", str(DOCUMENTS[name]), "--format", "html,layout", "--width", str(width), "--out", str(out)] + extra,
                   check=True, capture_output=True)
    file = name + (f".{direction}" if direction else "")
    layout = json.loads((out / name / f"{file}.layout.json").read_text())
    expected = {block["id"]: block.get("view") for page in layout["pages"] for block in page["blocks"] if block["kind"] == "row"}
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.goto((out / name / f"{file}.html").resolve().as_uri())
    page.add_style_tag(content="li { content-visibility: visible !important; }")
    actual = page.evaluate(FRAMES)
    page.close()
    checked = 0
    for row, view in expected.items():
        found = differences(view, actual.get(row))
        assert not found, f"row {row} at {width}: " + "; ".join(found[:5])
        checked += 1
    assert checked >= 3
