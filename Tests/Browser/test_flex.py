"""The stack layout against Chromium, on random templates (flexgen.py): every view's frame that
tablerender computes (`--format layout`) against the frame Chromium gives the same view in
tablerender's HTML page, at widths 240, 390 and 700. A difference over 0.5 px fails, and the
template is shrunk to a minimal case that still differs, which the failure prints.

    TABLERENDER_FLEX_SEEDS=1000:1500 pytest Tests/Browser/test_flex.py     a longer run
"""
import json
import os
import struct
import subprocess
import zlib
from pathlib import Path

import pytest

from flexgen import cell, shrink, template
from pagecheck import BINARY

WIDTHS = [240, 390, 700]
TOLERANCE = 0.5

# The frames of every view of every row, as Chromium lays the page out: each view element's box
# relative to its parent view's (a row's root view relative to the row).
FRAMES = """() => {
  const isView = el => el.classList && (el.classList.contains('v') || el.classList.contains('l') || el.classList.contains('i')
    || el.classList.contains('sw') || (el.tagName.toLowerCase() === 'svg' && el.classList.contains('g')));
  function walk(el, parentRect) {
    const r = el.getBoundingClientRect();
    const node = {frame: [r.left - parentRect.left, r.top - parentRect.top, r.width, r.height], children: []};
    if (el.classList.contains('v')) {
      for (const child of el.children) if (isView(child)) node.children.push(walk(child, r));
    }
    return node;
  }
  const rows = {};
  for (const li of document.querySelectorAll('li[data-id]')) {
    const holder = li.querySelector(':scope > a.row') || li;
    const root = [...holder.children].find(isView);
    rows[li.dataset.id] = root ? walk(root, li.getBoundingClientRect()) : null;
  }
  return rows;
}"""


def square_png(path, width=32, height=32):
    """An opaque PNG, 32 × 32 unless told."""
    raw = b"".join(b"\x00" + bytes([40, 120, 200]) * width for _ in range(height))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                     + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def write_document(folder, cases):
    """A document with one row per case (id → (tree, values))."""
    (folder / "templates").mkdir(parents=True, exist_ok=True)
    (folder / "assets").mkdir(exist_ok=True)
    square_png(folder / "assets" / "square.png")
    square_png(folder / "assets" / "wide@2x.png", 64, 32)
    items = []
    for name, (tree, values) in cases.items():
        (folder / "templates" / f"T{name}.xml").write_text(cell(tree))
        items.append({"id": f"r{name}", "template": f"T{name}", "values": values})
    document = {"theme": "ios", "style": "plain", "templates": ["templates"], "assets": "assets",
                "sections": [{"id": "s", "items": items}]}
    (folder / "doc.json").write_text(json.dumps(document, ensure_ascii=False))
    return folder / "doc.json"


def differences(expected, actual, path="root"):
    found = []
    if expected is None or actual is None:
        return [] if expected is actual else [f"{path}: {'missing in Chromium' if actual is None else 'missing in the layout'}"]
    deltas = [abs(a - b) for a, b in zip(expected["frame"], actual["frame"])]
    if max(deltas) > TOLERANCE:
        found.append(f"{path} {expected['kind']}: tablerender {expected['frame']} Chromium {[round(v, 2) for v in actual['frame']]}")
    children = expected.get("children", [])
    if len(children) != len(actual["children"]):
        return found + [f"{path}: {len(children)} children laid out, {len(actual['children'])} in the page"]
    for index, (child, other) in enumerate(zip(children, actual["children"])):
        found += differences(child, other, f"{path}/{index}")
    return found


def compare(browser, folder, cases, width, direction=None):
    """Renders the cases at `width` (laid out right to left with direction "rtl"); returns
    {case: [differences]} for those that differ."""
    document = write_document(folder, cases)
    out = folder / f"out{width}"
    extra = ["--direction", direction] if direction else []
    result = subprocess.run([str(BINARY), "render", str(document), "--format", "html,layout", "--width", str(width), "--out", str(out)] + extra,
                            capture_output=True, text=True)
    if result.returncode != 0:
        return {name: [f"tablerender failed: {result.stderr.strip()[:300]}"] for name in cases}
    name = "doc" + (f".{direction}" if direction else "")
    layout = json.loads((out / "doc" / f"{name}.layout.json").read_text())
    expected = {block["id"]: block.get("view") for block in layout["pages"][0]["blocks"] if block["kind"] == "row"}
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.goto((out / "doc" / f"{name}.html").resolve().as_uri())
    page.add_style_tag(content="li { content-visibility: visible !important; }")
    actual = page.evaluate(FRAMES)
    page.close()
    failing = {}
    for name in cases:
        found = differences(expected.get(f"r{name}"), actual.get(f"r{name}"))
        if found:
            failing[name] = found
    return failing


def used(tree, values):
    """The values a template's labels show."""
    keys = set()
    def walk(node):
        text = node["attrs"].get("text", "")
        if text.startswith("{"):
            keys.add(text[1:-1])
        for child in node["children"]:
            walk(child)
    walk(tree)
    return {key: value for key, value in values.items() if key in keys}


# Seeds beyond the default range that once differed (found by longer runs), kept in every run.
# With the generator as it is now (equalCentering and percentage heights in it): equalCentering
# beside grow factors under 1 (1789, 1801, 1885), and beside a baseline-aligned child (2476).
# (With the generator before them: a label in a box placed by alignSelf, 1171 and 1565; a
# clipped label whose last line is empty, 6535; those seeds now make other templates.)
FOUND = [1171, 1565, 1789, 1801, 1885, 2476, 6535]


def seeds():
    spec = os.environ.get("TABLERENDER_FLEX_SEEDS", "1:201")
    first, last = (int(part) for part in spec.split(":"))
    return sorted(set(range(first, last)) | set(FOUND))


@pytest.mark.parametrize("direction", [None, "rtl"])
@pytest.mark.parametrize("width", WIDTHS)
def test_random_templates_lay_out_as_in_chromium(browser, tmp_path, width, direction):
    """Left to right, and right to left (`--direction rtl`: the layout mirrored, the page with
    dir="rtl"), every frame as Chromium places it."""
    cases = {seed: template(seed) for seed in seeds()}
    failing = compare(browser, tmp_path / "all", cases, width, direction)
    reports = []
    for number, (seed, found) in enumerate(sorted(failing.items())):
        if number < int(os.environ.get("TABLERENDER_FLEX_SHRINK", "3")):
            tree, values = cases[seed]
            attempt = [0]

            def still_fails(candidate):
                attempt[0] += 1
                found = compare(browser, tmp_path / f"shrink{seed}-{attempt[0]}", {seed: (candidate, used(candidate, values))}, width,
                                direction).get(seed, [])
                return bool(found) and not found[0].startswith("tablerender failed")

            minimal = shrink(tree, still_fails)
            again = compare(browser, tmp_path / f"minimal{seed}", {seed: (minimal, used(minimal, values))}, width, direction).get(seed, [])
            reports.append(f"seed {seed} at width {width}{' ' + direction if direction else ''}: {found[0]}\nminimal case ({'; '.join(again[:2])}):\n{cell(minimal)}values: {used(minimal, values)}")
        else:
            reports.append(f"seed {seed}: {found[0]}")
    print(f"\nwidth {width}{' ' + direction if direction else ''}: {len(cases)} random templates, {len(failing)} differ from Chromium by more than {TOLERANCE} px")
    assert not failing, f"{len(failing)} of {len(cases)} templates differ at width {width}:\n" + "\n\n".join(reports)
