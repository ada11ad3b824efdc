"""The HTML page's accessibility tree in Chromium (Playwright's ARIA snapshot) against
`--format accessibility`: every element's label, word by word, in the same order; headers as
headings, switches as switches with their state."""
import json
import re
import subprocess
from pathlib import Path

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


def test_interface_builder_controls_have_their_roles_names_and_states(browser, tmp_path):
    """IB's controls as ARIA: a button a button with its title, a field a read-only text box, a
    slider a slider with its value, a switch a switch with its state; a control VoiceOver reads
    with no label is named on the page by the text before it (a form's label); an image view is
    not read by its IB id."""
    _, snapshot = check(browser, tmp_path, "xib/xib.json")
    for expected in ['button "Visit Help Center"', 'button "Open billing help"', 'button "See all"', 'textbox "What is it about?"',
                     'textbox "Order"', 'slider "Urgency"', 'switch "ada@example.org" [checked]']:
        assert expected in snapshot, f"{expected} not in\n{snapshot}"
    assert not re.search(r"[a-z0-9]{3}-[A-Za-z]{2}-[0-9]{3}", snapshot), snapshot
    page = browser.new_page()
    page.goto((tmp_path / "out" / "xib" / "xib.html").as_uri())
    slider = page.get_by_role("slider", name="Urgency")
    assert slider.get_attribute("aria-valuetext") == "25 %" and slider.get_attribute("aria-valuenow") == "25"
    assert page.get_by_role("textbox", name="Order").get_attribute("aria-readonly") == "true"


def test_a_documents_item_accessibility_is_its_rows_aria(browser, tmp_path):
    """An item's `accessibility` in a document: its label, value, hint and traits on the row; a
    hidden row hidden from assistive technology."""
    (tmp_path / "doc.json").write_text(json.dumps({"sections": [{"items": [
        {"id": "wifi", "template": "value1", "values": {"title": "Wi-Fi", "detail": "Home", "accessory": "disclosureIndicator"},
         "accessibility": {"label": "Wi-Fi network", "value": "Home", "hint": "Opens the list of networks", "traits": ["button"]}},
        {"id": "spacer", "template": "basic", "values": {"title": "Decoration"}, "accessibility": {"hidden": True}},
        {"id": "sync", "template": "basic", "values": {"title": "Sync now"}, "accessibility": {"traits": ["button", "not enabled"]}},
    ]}]}))
    out = tmp_path / "out"
    run = subprocess.run([str(BINARY), "render", str(tmp_path / "doc.json"), "--format", "html", "--out", str(out), "-q"], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    page = browser.new_page()
    page.goto((out / "doc" / "doc.html").as_uri())
    snapshot = page.locator("body").aria_snapshot()
    assert 'button "Wi-Fi network, Home"' in snapshot and 'button "Sync now" [disabled]' in snapshot, snapshot
    assert "Decoration" not in snapshot, snapshot
    assert page.get_by_role("button", name="Wi-Fi network, Home").get_attribute("aria-description") == "Opens the list of networks"


def test_a_templates_views_say_what_voiceover_reads(browser, tmp_path):
    """A template's per-view accessibility in Chromium, in the tree's order (`check`): a
    decorative image (`isAccessibilityElement="false"`) is hidden, a relabelled label reads its
    `accessibilityLabel` and not its text, a view made an element is an image with its label, a
    switch made an element a switch with its label and hint."""
    import base64
    folder = tmp_path / "doc"
    (folder / "t").mkdir(parents=True)
    (folder / "dot.png").write_bytes(base64.b64decode(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="))
    (folder / "t" / "Plain.xml").write_text('<cell><stack padding="11 16" spacing="8" alignment="center"><image source="dot.png" width="20" height="20" alt="Decoration" isAccessibilityElement="false"/><label text="{title}" accessibilityLabel="{spoken}"/><label text="{detail}"/></stack></cell>')
    (folder / "t" / "Toggle.xml").write_text('<cell><stack padding="11 16" spacing="8" alignment="center"><label text="{title}" grow="1"/><image source="dot.png" width="20" height="20" accessibilityLabel="Verified" isAccessibilityElement="true" accessibilityTraits="image, static text"/><switch on="{on}" isAccessibilityElement="true" accessibilityLabel="{title}" accessibilityHint="Turns it on"/></stack></cell>')
    (folder / "views.json").write_text(json.dumps({"templates": ["t"], "sections": [{"items": [
        {"template": "Plain", "values": {"title": "Wi-Fi", "spoken": "Wireless network", "detail": "Home"}},
        {"template": "Toggle", "values": {"title": "Bluetooth", "on": True}}]}]}))
    tree, snapshot = check(browser, tmp_path, str(folder / "views.json"))
    assert [re.sub(r" @ .*", "", line) for line in tree] == [
        '1. "Wireless network, Home"', '2. "Bluetooth"', '3. "Verified" — image, static text',
        '4. "Bluetooth", value "on", hint "Turns it on" — button, toggle'], tree
    assert "Decoration" not in snapshot and "Wi-Fi" not in snapshot, snapshot
    assert 'img "Verified"' in snapshot and 'switch "Bluetooth" [checked]' in snapshot, snapshot
    page = browser.new_page()
    page.goto((tmp_path / "out" / "views" / "views.html").as_uri())
    assert page.get_by_role("switch", name="Bluetooth").get_attribute("aria-description") == "Turns it on"


def test_axe_finds_nothing_but_contrast_on_every_example(browser, tmp_path):
    """axe-core (bundled by axe-playwright-python) on every example's page, light and dark: no
    violation but colour contrast, which is iOS's own grey text on its grouped backgrounds (the
    lint reports it by row; `docs/accessibility.md`)."""
    from axe_playwright_python.sync_playwright import Axe
    out = tmp_path / "out"
    documents = sorted(str(path) for path in (ROOT / "Examples").glob("*/*.json"))
    run = subprocess.run([str(BINARY), "render", *documents, "--format", "html", "--out", str(out), "-q"], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    pages = sorted(out.glob("*/*.html"))
    assert len(pages) >= 9, pages
    axe = Axe()
    found = {}
    for path in pages:
        for scheme in ["light", "dark"]:
            page = browser.new_page(color_scheme=scheme)
            page.goto(path.as_uri())
            violations = axe.run(page).response["violations"]
            found[f"{path.name} {scheme}"] = sorted({violation["id"] for violation in violations} - {"color-contrast"})
            page.close()
    assert all(not ids for ids in found.values()), found


def test_increase_contrast_raises_every_contrast_axe_finds(browser, tmp_path):
    """Increase Contrast, in Chromium: the page that follows the reader's settings takes the
    high-contrast colours under `prefers-contrast: more` (Playwright's `contrast="more"`), the
    same as the page `--contrast high` writes. axe-core finds no violation but colour contrast
    there either, and every text it still finds too faint is less faint than in normal contrast:
    what remains is iOS's own secondaryLabel, 68 % opaque at high contrast: 4.3:1 on a cell's
    white, 3.9:1 on the grouped background (3.4:1 and 3.3:1 in normal contrast)."""
    from axe_playwright_python.sync_playwright import Axe
    axe = Axe()
    out = tmp_path / "out"
    example = str(ROOT / "Examples" / "settings" / "settings.json")
    for options in [[], ["--contrast", "high"]]:
        run = subprocess.run([str(BINARY), "render", example, "--format", "html", "--out", str(out), "-q", *options], capture_output=True, text=True)
        assert run.returncode == 0, run.stderr

    def contrasts(path, scheme, contrast):
        page = browser.new_page(color_scheme=scheme, contrast=contrast)
        page.goto(path.as_uri())
        violations = axe.run(page).response["violations"]
        page.close()
        others = sorted({violation["id"] for violation in violations} - {"color-contrast"})
        assert not others, (path.name, scheme, contrast, others)
        found = {}
        for violation in violations:
            if violation["id"] == "color-contrast":
                for node in violation["nodes"]:
                    found[" ".join(node["target"])] = node["any"][0]["data"]["contrastRatio"]
        return found

    for scheme in ["light", "dark"]:
        normal = contrasts(out / "settings" / "settings.html", scheme, "no-preference")
        more = contrasts(out / "settings" / "settings.html", scheme, "more")
        forced = contrasts(out / "settings" / "settings.high-contrast.html", scheme, "no-preference")
        assert more == forced, (scheme, more, forced)
        assert set(more) <= set(normal), (scheme, set(more) - set(normal))
        assert all(more[target] > normal[target] for target in more), (scheme, {t: (normal[t], more[t]) for t in more})
        if scheme == "light":
            assert normal and all(3.8 < ratio < 4.5 for ratio in more.values()), (normal, more)


def test_the_pdfs_figures_carry_the_images_alternative_texts(browser, tmp_path):
    """Each row image with a text to read is a `Figure` of the PDF's structure tree whose `/Alt`
    is that text, as pypdf reads it (Cairo 1.16 cannot write `/Alt`; tablerender adds it when the
    file is finished): the same texts, in the same order, as
    the labels of the HTML page's images in Chromium. On the feed (Latin, Japanese, Arabic, Hebrew,
    Devanagari and Thai names, an emoji)."""
    import pypdf
    out = tmp_path / "out"
    run = subprocess.run([str(BINARY), "render", str(ROOT / "Examples" / "feed" / "feed.json"), "--format", "pdf,html", "--out", str(out), "-q"],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    reader = pypdf.PdfReader(str(out / "feed" / "feed.pdf"), strict=False)
    figures = []

    def walk(element):
        element = element.get_object()
        if not isinstance(element, dict) or "/S" not in element:
            return
        if element["/S"] == "/Figure":
            figures.append(str(element.get("/Alt")))
        kids = element.get("/K")
        for kid in (kids if isinstance(kids, list) else [kids] if kids is not None else []):
            walk(kid)

    kids = reader.trailer["/Root"]["/StructTreeRoot"]["/K"]
    for kid in (kids if isinstance(kids, list) else [kids]):
        walk(kid)
    page = browser.new_page()
    page.goto((out / "feed" / "feed.html").as_uri())
    # The page draws an image as a span with role img and its text as its label (accessories are SVG).
    alts = page.locator("span[role=img]").evaluate_all("images => images.map(image => image.getAttribute('aria-label'))")
    page.close()
    assert len(figures) >= 10 and figures == alts, (figures, alts)


def test_the_pdf_names_its_language_and_title(tmp_path):
    """The PDF's catalog, as pypdf (a reader of its own) finds it:
    `/Lang` is the document's language or `--locale`, and a titled document asks readers to show
    its title (PDF/UA); written whole (Settings) and page by page (the catalogue on A4)."""
    import pypdf
    cases = [("settings/settings.json", [], "en", "Settings"), ("settings/settings.json", ["--locale", "ar-XB"], "ar-XB", None),
             ("catalogue/catalogue.json", [], "en", None)]
    for example, options, language, title in cases:
        out = tmp_path / f"out-{language}-{example.split('/')[0]}"
        run = subprocess.run([str(BINARY), "render", str(ROOT / "Examples" / example), "--format", "pdf", "--out", str(out), "-q", *options],
                             capture_output=True, text=True)
        assert run.returncode == 0, run.stderr
        pdfs = sorted(out.rglob("*.pdf"))
        assert len(pdfs) == 1, pdfs
        # Not strict: Cairo 1.16 names an image drawn several times on a page once per drawing in
        # the page's /XObject dictionary (the same key, the same object), which strict pypdf refuses.
        reader = pypdf.PdfReader(str(pdfs[0]), strict=False)
        catalog = reader.trailer["/Root"]
        assert catalog["/Lang"] == language, (example, options, dict(catalog))
        assert bool(catalog["/ViewerPreferences"]["/DisplayDocTitle"])
        assert "/StructTreeRoot" in catalog and bool(catalog["/MarkInfo"]["/Marked"])
        if title:
            assert reader.metadata.title == title
        assert len(reader.pages) >= 1 and reader.pages[0].extract_text().strip()


PAINTING = {b"S", b"s", b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*", b"Tj", b"TJ", b"'", b'"', b"Do", b"sh"}


def marked_drawing(reader, page):
    """What `page` draws, as pypdf's own content-stream parser reads it: each drawing operator
    with the marked-content sequences it sits in (tags, outermost first), and each filled
    rectangle's height."""
    from pypdf.generic import ContentStream
    stack, drawn, rects = [], [], []
    for operands, operator in ContentStream(page.get_contents(), reader).operations:
        if operator in (b"BDC", b"BMC"):
            element = operator == b"BDC" and hasattr(operands[1], "get") and "/MCID" in operands[1]
            stack.append((str(operands[0]), element))
        elif operator == b"EMC":
            stack.pop()
        elif operator == b"re":
            rects.append(float(operands[3]))
        elif operator in PAINTING:
            text = ""
            if operator in (b"Tj", b"TJ"):
                parts = operands[0] if operator == b"TJ" else [operands[0]]
                text = "".join(str(part) for part in parts if isinstance(part, str))
            drawn.append({"tags": list(stack), "operator": operator, "text": text,
                          "thin": operator in (b"f", b"f*") and len(rects) == 1 and abs(rects[0]) <= 1})
            rects = []
        elif operator == b"n":
            rects = []
    assert not stack
    return drawn


def test_backgrounds_separators_and_repeated_headers_are_artifacts(tmp_path):
    """What a page draws outside the structure is marked as an artifact (PDF/UA; Cairo 1.16
    cannot, tablerender writes each page's content stream again), as pypdf's own parser
    reads the pages: everything drawn is either an element's content or an artifact, never one
    inside the other; each page's background is an artifact; no hairline is drawn in a row's
    element (the row separators are artifacts); the only text in artifacts is a section header
    repeated at a page's top, never on the first page. On the examples (the catalogue on A4 repeats
    its headers) and on a row of the Apache licence cut across the pages of 390 × 600 pt, which is
    one list item with a body on each page and nothing else between."""
    import pypdf
    folder = tmp_path / "cut"
    (folder / "t").mkdir(parents=True)
    (folder / "t" / "Text.xml").write_text('<cell><stack padding="11 16"><label text="{text}" lines="0"/></stack></cell>')
    licence = Path("/usr/share/common-licenses/Apache-2.0").read_text()[:6000]
    (folder / "cut.json").write_text(json.dumps({"title": "Licence", "templates": ["t"], "sections": [{"header": "Terms", "items": [
        {"template": "Text", "values": {"text": "Short row"}}, {"template": "Text", "values": {"text": licence}},
        {"template": "Text", "values": {"text": "After"}}]}]}))
    cases = [(ROOT / "Examples" / name / f"{name}.json", []) for name in ["settings", "feed", "catalogue", "headers", "states"]]
    cases.append((folder / "cut.json", ["--page", "390x600"]))
    repeated_pages = 0
    for document, options in cases:
        out = tmp_path / ("out-" + document.stem)
        run = subprocess.run([str(BINARY), "render", str(document), "--format", "pdf", "--out", str(out), "-q", *options], capture_output=True, text=True)
        assert run.returncode == 0, run.stderr
        pdf = sorted(out.rglob("*.pdf"))[0]
        reader = pypdf.PdfReader(str(pdf), strict=False)
        structure = subprocess.run(["pdfinfo", "-struct-text", str(pdf)], capture_output=True, text=True).stdout
        lines = [line.strip() for line in structure.splitlines()]
        headers = {squeezed(lines[index + 1].strip('"')) for index, line in enumerate(lines) if line == "H2 (block)" and index + 1 < len(lines)}
        for number, page in enumerate(reader.pages):
            drawn = marked_drawing(reader, page)
            assert drawn and drawn[0]["tags"] == [("/Artifact", False)], (document.name, number, drawn[:1])
            for item in drawn:
                kinds = ["artifact" if tag == "/Artifact" else "element" for tag, element in item["tags"] if tag == "/Artifact" or element]
                assert len(kinds) == 1, (document.name, number, item)
                if kinds == ["element"]:
                    assert not (item["thin"] and any(tag in ("/LBody", "/LI", "/Link") for tag, _ in item["tags"])), (document.name, number, item)
            artifact_text = squeezed("".join(item["text"] for item in drawn if item["tags"][0][0] == "/Artifact"))
            if artifact_text:
                assert number > 0 and artifact_text in headers, (document.name, number, artifact_text, headers)
                repeated_pages += 1
        if document.stem == "cut":
            assert len(reader.pages) >= 6
            start = structure.index("LI (block)", structure.index('"Short row"'))
            item = structure[start:structure.rindex("LI (block)", start + 1, structure.index('"After"'))]
            bodies = [line.strip() for line in item.splitlines()[1:] if line.strip() and not line.strip().startswith('"')]
            assert bodies == ["LBody (block)"] * len(reader.pages), bodies
            assert squeezed(item).find(squeezed(licence)[:60]) > 0, item[:300]
    assert repeated_pages >= 15, repeated_pages
