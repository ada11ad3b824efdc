#!/usr/bin/env python3
"""Hostile Interface Builder files, images, strings and projects, made here (small files that ask
for much), each run by the release command in a sandbox. Every case must end as the contract
says, within a time and memory budget:

- an exit code of 0 (a correct render) or 65 (refused: bad input data) as the case expects,
  never a signal; refused with the case's message in `file: error: …` form, naming where;
- within 5 s of wall time and 600 MB of resident memory (measured, and enforced by a hard kill at
  60 s and a 4 GiB address-space limit so that a regression cannot take the machine).

usage: Tests/Fuzz/hostile.py [--binary PATH] [--only NAME] [--keep DIR]
Prints one line per case (time, peak memory, exit code) and exits 1 when any case broke the
contract. Cases are listed in `CASES`; `--list` names them.
"""
import argparse
import json
import os
import resource
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SECONDS = 5.0
MEGABYTES = 600
HARD_SECONDS = 60
ADDRESS_SPACE = 4 << 30


class Link:
    """A symbolic link to `target` (`{dir}` is the case's folder)."""
    def __init__(self, target):
        self.target = target


class Sparse:
    """A file of `size` bytes starting with `head` (the rest a hole: nothing written)."""
    def __init__(self, head, size):
        self.head = head
        self.size = size


class Fifo:
    """A named pipe (reading it would block for ever)."""


def font_document(file_name, face="Brand-Bold", family="Brand"):
    """A cell whose label is in the app's own font `face`, the file `file_name` its customFonts names."""
    xib = xib_cell(label("a"), pinned("a")).replace('<fontDescription key="fontDescription" type="system" pointSize="17"/>',
                                                    f'<fontDescription key="fontDescription" name="{face}" family="{family}" pointSize="17"/>')
    fonts = f'<customFonts key="customFonts"><array key="{file_name}"><string>{face}</string></array></customFonts>'
    return xib_document(xib.replace("<objects>", fonts + "<objects>", 1))


def xib_cell(subviews, constraints="", cell_id="cell"):
    """A table view cell XIB of 375 × 44 pt whose content view (`cv`) holds `subviews`."""
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22155" targetRuntime="iOS.CocoaTouch" useAutolayout="YES">
<device id="retina4_7" orientation="portrait" appearance="light"/>
<objects>
<tableViewCell contentMode="scaleToFill" id="{cell_id}"><rect key="frame" x="0.0" y="0.0" width="375" height="44"/>
<tableViewCellContentView key="contentView" id="cv"><rect key="frame" x="0.0" y="0.0" width="375" height="44"/>
<subviews>{subviews}</subviews>
<constraints>{constraints}</constraints>
</tableViewCellContentView></tableViewCell></objects></document>"""


def label(view_id, text="Label", outlet=None):
    return (f'<label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="{text}" numberOfLines="0" '
            f'translatesAutoresizingMaskIntoConstraints="NO" id="{view_id}"><rect key="frame" x="16" y="11" width="100" height="21"/>'
            f'<fontDescription key="fontDescription" type="system" pointSize="17"/></label>')


def pinned(view_id):
    return (f'<constraint firstItem="{view_id}" firstAttribute="leading" secondItem="cv" secondAttribute="leadingMargin" id="{view_id}-l"/>'
            f'<constraint firstItem="{view_id}" firstAttribute="top" secondItem="cv" secondAttribute="topMargin" id="{view_id}-t"/>'
            f'<constraint firstAttribute="trailingMargin" secondItem="{view_id}" secondAttribute="trailing" id="{view_id}-r"/>'
            f'<constraint firstAttribute="bottomMargin" secondItem="{view_id}" secondAttribute="bottom" id="{view_id}-b"/>')


def xib_document(xib, values=None):
    item = {"template": "Cell"}
    if values:
        item["values"] = values
    return {"doc.json": json.dumps({"templates": ["t"], "sections": [{"items": [item]}]}), "t/Cell.xib": xib}


def image_document(name, data, sized=True):
    template = '<cell><image source="{icon}" width="40" height="40"/></cell>' if sized else '<cell><image source="{icon}"/></cell>'
    return {"doc.json": json.dumps({"templates": ["t"], "assets": "assets", "sections": [{"items": [{"template": "Row", "values": {"icon": name}}]}]}),
            "t/Row.xml": template, f"assets/{name}": data}


def catalog_document(set_name, filename, data):
    """A document whose row shows the image set `set_name` of an asset catalog in its assets folder."""
    files = image_document(set_name, b"")
    del files[f"assets/{set_name}"]
    contents = {"images": [{"filename": filename, "idiom": "universal"}], "info": {"author": "xcode", "version": 1},
                "properties": {"preserves-vector-representation": True}}
    files[f"assets/Images.xcassets/{set_name}.imageset/Contents.json"] = json.dumps(contents)
    files[f"assets/Images.xcassets/{set_name}.imageset/{filename}"] = data
    files["assets/Images.xcassets/Contents.json"] = json.dumps({"info": {"author": "xcode", "version": 1}})
    return files


def strings_document(files, args=None, count=None, locale_value="greeting"):
    value = {"localized": locale_value}
    if args is not None:
        value["args"] = args
    if count is not None:
        value["count"] = count
    out = {"doc.json": json.dumps({"sections": [{"items": [{"values": {"title": value}}]}]})}
    out.update(files)
    return out


def storyboard(scenes, cells=1):
    """A storyboard of `scenes` static table scenes (`S0`, `S1`…), each of `cells` default cells."""
    def cell(scene, index):
        cell_id = f"c{scene}-{index}"
        return (f'<tableViewCell contentMode="scaleToFill" textLabel="{cell_id}-t" style="IBUITableViewCellStyleDefault" id="{cell_id}">'
                f'<rect key="frame" x="0.0" y="0.0" width="390" height="44"/><autoresizingMask key="autoresizingMask"/>'
                f'<tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" tableViewCell="{cell_id}" id="{cell_id}-cv">'
                f'<rect key="frame" x="0.0" y="0.0" width="390" height="44"/><autoresizingMask key="autoresizingMask"/>'
                f'<subviews><label opaque="NO" multipleTouchEnabled="YES" contentMode="left" text="Row {index} of scene {scene}" id="{cell_id}-t">'
                f'<rect key="frame" x="20" y="0.0" width="350" height="44"/><autoresizingMask key="autoresizingMask"/>'
                f'<fontDescription key="fontDescription" type="system" pointSize="17"/></label></subviews></tableViewCellContentView></tableViewCell>')
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" '
           'toolsVersion="22155" targetRuntime="iOS.CocoaTouch" useAutolayout="YES"><device id="retina6_12" orientation="portrait" appearance="light"/><scenes>']
    for scene in range(scenes):
        out.append(f'<scene sceneID="sc{scene}"><objects><tableViewController storyboardIdentifier="S{scene}" id="vc{scene}" sceneMemberID="viewController">'
                   f'<tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" dataMode="static" style="insetGrouped" rowHeight="-1" id="tv{scene}">'
                   f'<rect key="frame" x="0.0" y="0.0" width="390" height="844"/><autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>'
                   f'<sections><tableViewSection id="s{scene}"><cells>' + "".join(cell(scene, index) for index in range(cells)) +
                   '</cells></tableViewSection></sections></tableView></tableViewController></objects></scene>')
    out.append("</scenes></document>")
    return "".join(out)


def words(count):
    vocabulary = ["list", "screen", "row", "section", "header", "footer", "cell", "template", "render", "layout"]
    return " ".join(vocabulary[i % len(vocabulary)] + str(i % 97) for i in range(count))


def stringsdict(key, format_key, variable, forms):
    entries = "".join(f"<key>{category}</key><string>{text}</string>" for category, text in forms.items())
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0"><dict><key>{key}</key><dict>
<key>NSStringLocalizedFormatKey</key><string>{format_key}</string>
<key>{variable}</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
<key>NSStringFormatValueTypeKey</key><string>d</string>{entries}</dict>
</dict></dict></plist>"""


def xcstrings(entries):
    return json.dumps({"sourceLanguage": "en", "version": "1.0", "strings": entries})


def pdf(content, extra_objects=()):
    """A one-page PDF (100 × 100 pt) whose page draws `content` (bytes, Flate-compressed), with
    `extra_objects` (object number → bytes) as its resources' XObjects."""
    objects = {
        1: b"<< /Type /Catalog /Pages 2 0 R >>",
        2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    }
    xobjects = " ".join(f"/Im{number} {number} 0 R" for number, _ in extra_objects)
    objects[3] = f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] /Contents 4 0 R /Resources << /XObject << {xobjects} >> >> >>".encode()
    compressed = zlib.compress(content, 9)
    objects[4] = b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(compressed) + compressed + b"\nendstream"
    for number, body in extra_objects:
        objects[number] = body
    out = bytearray(b"%PDF-1.4\n")
    offsets = {}
    for number in sorted(objects):
        offsets[number] = len(out)
        out += b"%d 0 obj\n" % number + objects[number] + b"\nendobj\n"
    xref = len(out)
    count = max(objects) + 1
    out += b"xref\n0 %d\n0000000000 65535 f \n" % count
    for number in range(1, count):
        out += b"%010d 00000 n \n" % offsets.get(number, 0)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (count, xref)
    return bytes(out)


def huge_image_xobject():
    data = zlib.compress(b"\x00" * 4096)
    return pdf(b"q 100 0 0 100 0 0 cm /Im5 Do Q",
               [(5, b"<< /Type /XObject /Subtype /Image /Width 30000 /Height 30000 /ColorSpace /DeviceRGB /BitsPerComponent 8 "
                    b"/Filter /FlateDecode /Length %d >>\nstream\n" % len(data) + data + b"\nendstream")])


def png(width, height):
    """A whole PNG of `width` × `height` grey pixels (8-bit greyscale), small once compressed."""
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    compressor = zlib.compressobj(9)
    row = b"\x00" + b"\x80" * width
    data = b"".join(compressor.compress(row) for _ in range(height)) + compressor.flush()
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)) + chunk(b"IDAT", data)
            + chunk(b"IEND", b""))


def many_strokes(count):
    return pdf(b"0 0 m 100 100 l S\n" * count)


# Each case: name → (files, command arguments after the document folder's paths are filled in,
# the exit code expected, a text the error must hold or None). `{dir}` in an argument is the
# case's folder.
def cases():
    out = {}

    def case(name, files, arguments, code, message=None, absent=None):
        out[name] = (files, arguments, code, message, absent)

    render = ["render", "{dir}/doc.json", "--format", "png,pdf,html", "--out", "{dir}/out"]
    # Long text, one overflow with many doors: each refused with its place, or drawn.
    big_label = label("big", "x " * 1_950_000)
    case("xib-label-under-4-MiB", xib_document(xib_cell(big_label, pinned("big"))), render, 65, "a label sets at most 100000")
    case("document-3-MiB-of-words", {"doc.json": json.dumps({"sections": [{"items": [{"values": {"title": words(400_000)}}]}]})}, render, 65,
         "$.sections[0].items[0].values.title: text of")
    case("document-99-KB-of-words", {"doc.json": json.dumps({"sections": [{"items": [{"values": {"title": words(14_000)[:99_000]}}]}]})}, render, 0)
    case("document-99-KB-word", {"doc.json": json.dumps({"sections": [{"items": [{"values": {"title": "w" * 99_000}}]}]})}, render, 0)
    case("strings-300-KB-value", strings_document({"en.lproj/Localizable.strings": '"greeting" = "%s";\n' % words(45_000)}), render, 65,
         "text of")
    case("stringsdict-big-plural", strings_document({"en.lproj/Localizable.stringsdict": stringsdict(
        "greeting", "%#@n@", "n", {"one": "one", "other": words(40_000)})}, count=3), render, 65, "text of")
    case("xcstrings-substitution-loop", strings_document({"Localizable.xcstrings": xcstrings({"greeting": {"localizations": {"en": {
        "stringUnit": {"state": "translated", "value": "%#@a@%#@a@" + words(3_000)},
        "substitutions": {"a": {"formatSpecifier": "lld", "argNum": 1, "variations": {"plural": {
            "other": {"stringUnit": {"state": "translated", "value": "%#@a@%#@a@" + words(3_000)}}}}}}}}}})}, count=2), render, 65, "text of")
    case("en-XA-200000-character-word", {"doc.json": json.dumps({"sections": [{"items": [{"values": {"title": "w" * 200_000}}]}]})},
         render + ["--locale", "en-XA"], 65, "text of")
    case("ar-XB-long-text", {"doc.json": json.dumps({"sections": [{"items": [{"values": {"title": words(4_000)}}]}]})},
         render + ["--locale", "ar-XB"], 0)
    # Format positions counted from 1.
    for kind, files in [("strings", {"en.lproj/Localizable.strings": '"greeting" = "Hello %0$@";\n'}),
                        ("stringsdict", {"en.lproj/Localizable.stringsdict": stringsdict("greeting", "%#@n@", "n", {"other": "Hello %0$@"})}),
                        ("xcstrings", {"Localizable.xcstrings": xcstrings({"greeting": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Hello %0$@"}}}}})})]:
        case(f"position-0-in-{kind}", strings_document(files, args=["x"], count=1), render, 0)
    # Interface Builder numbers.
    case("multiplier-10000", xib_document(xib_cell(label("a") + label("b"), pinned("a") + (
        '<constraint firstItem="b" firstAttribute="width" secondItem="a" secondAttribute="width" multiplier="10000" id="m"/>'
        '<constraint firstItem="b" firstAttribute="top" secondItem="a" secondAttribute="bottom" id="m2"/>'
        '<constraint firstItem="b" firstAttribute="leading" secondItem="a" secondAttribute="leading" id="m3"/>'))), render, 0)
    inequalities = "".join(
        f'<constraint firstItem="a" firstAttribute="{["width", "leading", "top", "height"][i % 4]}" relation="{["greaterThanOrEqual", "lessThanOrEqual"][i % 2]}" '
        f'constant="{i % 300}" priority="{[1000, 750, 250, 999][i % 4]}" id="q{i}"/>' for i in range(9_990))
    case("9990-inequalities-on-one-view", xib_document(xib_cell(label("a"), inequalities)), render, 65, "at most 500 views and 1000 constraints")
    two = "".join(
        f'<constraint firstItem="{"ab"[i % 2]}" firstAttribute="{["width", "leading", "top", "height", "trailing", "centerX"][i % 6]}" relation="{["greaterThanOrEqual", "lessThanOrEqual", "equal"][i % 3]}" '
        f'secondItem="{"ba"[i % 2]}" secondAttribute="{["width", "trailing", "bottom", "height", "leading", "centerY"][(i // 6) % 6]}" multiplier="{1 + (i % 7) / 10}" '
        f'constant="{i % 300}" priority="{[1000, 750, 250, 999, 500][i % 5]}" id="q{i}"/>' for i in range(996))
    case("996-mixed-constraints-between-two-views", xib_document(xib_cell(label("a") + label("b"), two + pinned("a"))), render, 0)
    def chain(count):
        views = "".join(f'<view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="v{i}"><rect key="frame" x="0" y="0" width="10" height="10"/></view>'
                        for i in range(count))
        constraints = "".join(
            f'<constraint firstItem="v{i}" firstAttribute="width" secondItem="v{i - 1}" secondAttribute="width" multiplier="1.001" id="w{i}"/>'
            f'<constraint firstItem="v{i}" firstAttribute="leading" secondItem="v{i - 1}" secondAttribute="trailing" id="x{i}"/>'
            f'<constraint firstItem="v{i}" firstAttribute="top" secondItem="cv" secondAttribute="top" id="y{i}"/>'
            f'<constraint firstItem="v{i}" firstAttribute="height" constant="10" id="h{i}"/>' for i in range(1, count))
        return xib_document(xib_cell(views, constraints))
    case("2400-views-chained-by-multipliers", chain(2_400), render, 65, "at most 500 views and 1000 constraints")
    case("250-views-chained-by-multipliers", chain(250), render, 0)
    # Interface Builder 3 archives (Xcode 4 XIBs): references that would list views 2^40 times,
    # frames that are not numbers, and more views than a cell may have.
    def archive(root_subviews, spare="", frame="{320, 44}"):
        return ('<?xml version="1.0"?><archive type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="7.10"><data>'
                '<object class="NSMutableArray" key="IBDocument.RootObjects"><object class="IBUITableViewCell" id="c">'
                f'<string key="NSFrameSize">{frame}</string><reference key="IBUIContentView" ref="cv"/>'
                '<object class="NSMutableArray" key="NSSubviews"><object class="IBUIView" id="cv"><string key="NSFrameSize">{320, 43}</string>'
                f'<object class="NSMutableArray" key="NSSubviews">{root_subviews}</object></object></object></object></object>'
                f'<object class="NSMutableArray" key="spare">{spare}</object></data></archive>')
    spare = "".join(f'<object class="IBUIView" id="v{i}"><string key="NSFrame">{{{{0, 0}}, {{10, 10}}}}</string><object class="NSMutableArray" key="NSSubviews">'
                    + (f'<reference ref="v{i + 1}"/><reference ref="v{i + 1}"/><reference ref="cv"/>' if i < 40 else "") + '</object></object>'
                    for i in range(1, 41))
    case("archive-references-2-to-the-40-views", xib_document(archive('<reference ref="v1"/><reference ref="v1"/>', spare)), render, 0)
    case("archive-nan-frames", xib_document(archive('<object class="IBUILabel" id="l"><string key="NSFrame">{{nan, inf}, {1e400, -nan}}</string>'
                                                    '<string key="IBUIText">x</string></object>', frame="{nan, 1e999}")), render, 0)
    # Xcode 8.0's frames as insets and Xcode 6's content view without a frame: numbers out of
    # range are read as 0, a size is never negative, a landscape device changes nothing else.
    insets = (xib_cell(label("a").replace('<rect key="frame" x="16" y="11" width="100" height="21"/>',
                                          '<frame key="frameInset" minX="99999" minY="-1e400" maxX="nan" maxY="1e9"/>'), pinned("a"))
              .replace('<rect key="frame" x="0.0" y="0.0" width="375" height="44"/>\n<subviews>', '\n<subviews>', 1)
              .replace('width="375" height="44"/>', 'width="inf" height="-44"/>', 1)
              .replace('orientation="portrait"', 'orientation="landscape"', 1))
    case("xcode-8-frame-insets-out-of-range", xib_document(insets), render, 0)
    # A segmented control's segments of widths out of range (read as UIKit's own): drawn; 20,000
    # segments (views of their own in UIKit): more views than a cell may have.
    odd = "".join(f'<segment title="{t}" width="{w}"/>' for t, w in [("a", "nan"), ("b", "1e400"), ("c", "-5"), ("d", "99999"), ("e", "inf")])
    numbered = "".join(f'<segment title="{i}"/>' for i in range(20_000))
    def segmented(segments):
        return ('<segmentedControl opaque="NO" contentMode="scaleToFill" apportionsSegmentWidthsByContent="YES" segmentControlStyle="plain" '
                'selectedSegmentIndex="3" translatesAutoresizingMaskIntoConstraints="NO" id="a"><rect key="frame" x="16" y="6" width="100" height="32"/>'
                f'<segments>{segments}</segments></segmentedControl>')
    case("segmented-control-of-odd-widths", xib_document(xib_cell(segmented(odd), pinned("a"))), render, 0)
    case("segmented-control-of-20000-segments", xib_document(xib_cell(segmented(numbered), pinned("a"))), render, 65, "at most 500 views")
    many = "".join(f'<object class="IBUIView" id="m{i}"><string key="NSFrame">{{{{0, 0}}, {{1, 1}}}}</string></object>' for i in range(600))
    case("archive-600-views", xib_document(archive(many)), render, 65, "at most 500 views")
    # Size classes: masks and variations by the tens of thousands are applied in linear time, and
    # a value a variation gives is read as the object's own would be.
    masks = ('<variation key="default"><mask key="constraints">' + "".join(f'<exclude reference="c{i}"/>' for i in range(25_000))
             + '</mask></variation><variation key="heightClass=regular-widthClass=compact"><mask key="constraints">'
             + "".join(f'<include reference="c{i}"/><exclude reference="d{i}"/>' for i in range(25_000)) + '</mask></variation>')
    case("size-class-50000-mask-references", xib_document(xib_cell(label("a"), pinned("a")).replace("</constraints>", "</constraints>" + masks, 1)),
         render, 0)
    elements = "".join(f'<nil key="k{i}"/>' for i in range(20_000))
    varied = label("a").replace("</label>", elements + '<variation key="widthClass=compact">' + elements + "</variation></label>")
    case("size-class-variation-of-20000-elements", xib_document(xib_cell(varied, pinned("a"))), render, 0)
    nan = pinned("a").replace('id="a-l"/>', 'id="a-l"><variation key="widthClass=compact" constant="nan"/></constraint>')
    case("size-class-nan-constant", xib_document(xib_cell(label("a"), nan)), render, 65, "must be finite numbers")
    # A cell beside an accessory, 100000 pt wide (the largest frame read) over a 375 pt content
    # view, its label pinned to the cell's own trailing edge: drawn in the row, no hang.
    wide_cell = xib_cell(label("a"), pinned("a").replace('firstAttribute="trailingMargin" secondItem="a"', 'firstItem="cell" firstAttribute="trailing" secondItem="a"'))
    wide_cell = wide_cell.replace('<tableViewCell contentMode="scaleToFill" id="cell"><rect key="frame" x="0.0" y="0.0" width="375"',
                                  '<tableViewCell contentMode="scaleToFill" accessoryType="disclosureIndicator" id="cell"><rect key="frame" x="0.0" y="0.0" width="100000"')
    case("cell-beside-accessory-100000-pt-wide", xib_document(wide_cell), render, 0)
    # An app's own fonts: a file name that climbs out of the folders, a file of noise after a
    # font's tag, one of 3 GiB (a hole), a pipe, a family named as markup: each a warning and the
    # theme's face (or the font, escaped), never read outside, never blocking, never injected.
    # (`check` says the warnings a render leaves out.)
    check = ["check", "{dir}/doc.json"]
    case("font-file-name-out-of-the-folder", font_document("../../../../../../../usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf"),
         check, 0, "is the app's own (its file")
    noise = bytes([0, 1, 0, 0]) + bytes((i * 7919 + 13) % 251 for i in range(65_536))
    case("font-file-of-noise", {**font_document("Brand-Bold.ttf"), "Fonts/Brand-Bold.ttf": noise}, check, 0, "not a font file fontconfig can read")
    case("font-file-of-3-GiB", {**font_document("Brand-Bold.ttf"), "Fonts/Brand-Bold.ttf": Sparse(bytes([0, 1, 0, 0]), 3 << 30)}, check, 0,
         "is larger than 32 MiB")
    case("font-file-a-pipe", {**font_document("Brand-Bold.ttf"), "Fonts/Brand-Bold.ttf": Fifo()}, check, 0, "is the app's own (its file")
    sys.path.insert(0, str(ROOT / "Tests" / "Browser"))
    from fonts import DEJAVU_SERIF_BOLD, renamed
    markup = Path(tempfile.mkdtemp(prefix="tablerender-hostile-font-")) / "Markup.ttf"
    renamed(DEJAVU_SERIF_BOLD, markup, "</style><script>alert(1)</script>", "Bold", "MarkupSerif-Bold")
    markup_font = markup.read_bytes()
    shutil.rmtree(markup.parent, ignore_errors=True)
    case("font-family-of-markup", {**font_document("Markup.ttf", face="MarkupSerif-Bold", family="Markup"), "Fonts/Markup.ttf": markup_font},
         render, 0, None, "<script>alert(1)")
    themed_fonts = {"doc.json": json.dumps({"theme": "themes/brand", "sections": [{"items": [{"values": {"title": "x"}}]}]}),
                    "themes/brand/theme.xml": '<theme name="brand" extends="ios"/>'}
    case("theme-font-linked-out", {**themed_fonts, "themes/brand/fonts/Brand.ttf": Link("/etc/passwd")}, render, 65, "not a link or a folder")
    case("theme-font-of-noise", {**themed_fonts, "themes/brand/fonts/Brand.otf": b"OTTO" + noise}, render, 65, "not a font file fontconfig can read")
    # Storyboards: one scene is read and laid out, not a thousand.
    many_scenes = storyboard(1_000)
    case("storyboard-1000-scenes-render-one", {"Main.storyboard": many_scenes, "doc.json": json.dumps({"storyboard": "Main.storyboard", "scene": "S999"})},
         render, 0)
    case("storyboard-1000-scenes-listed", {"Main.storyboard": many_scenes}, ["scenes", "{dir}/Main.storyboard"], 0)
    case("storyboard-1000-scenes-checked", {"Main.storyboard": many_scenes}, ["check", "{dir}/Main.storyboard"], 0)
    # Projects and states: counted before the work.
    def stated(sections, states, rows=10):
        return json.dumps({"sections": [{"id": f"s{section}", "items": [{"id": f"r{row}", "values": {"title": f"Row {row}"}} for row in range(rows)],
                                         "states": {f"st{state}": [f"r{(row + state) % rows}" for row in range(rows)] for state in range(states)}}
                                        for section in range(sections)]})
    case("document-500-states", {"doc.json": stated(10, 50)}, render, 65, "at most 24")
    case("document-24-states", {"doc.json": stated(3, 9, rows=5)}, render, 0)
    project = {"documents": ["doc.json"], "widths": list(range(300, 400)), "contentSizes": ["large", "AX1", "AX2", "AX3", "AX4", "AX5"],
               "appearances": ["light", "dark"], "scales": [1, 2, 3], "locales": ["en", "ar", "de", "fr", "ja", "en-XA", "ar-XB"]}
    case("project-25200-variants", {"tablerender.json": json.dumps(project), "doc.json": stated(1, 3)},
         ["snapshot", "record", "--project", "{dir}/tablerender.json"], 65, "at most 1000")
    project["widths"] = [320, 390]
    project["locales"] = ["en"]
    case("project-27000-snapshots", {"tablerender.json": json.dumps({**project, "documents": ["docs/"]}),
                                     **{f"docs/d{index}.json": stated(1, 25) for index in range(15)}},
         ["snapshot", "record", "--project", "{dir}/tablerender.json"], 65, "more than 20000 snapshots")
    # What is read: each path inside its own folder unless --allow-read names another.
    linked = catalog_document("star", "star.svg", '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>')
    linked = {("elsewhere/Cat.xcassets/" + key[len("assets/Images.xcassets/"):] if key.startswith("assets/Images.xcassets/") else key): value
              for key, value in linked.items()}
    linked["assets/Images.xcassets"] = Link("{dir}/elsewhere/Cat.xcassets")
    case("asset-catalog-linked-elsewhere", linked, render, 65, "a link that leads out of the folder it is found in")
    case("asset-catalog-linked-and-allowed", linked, render + ["--allow-read", "{dir}/elsewhere"], 0)
    themed = {"project/tablerender.json": json.dumps({"documents": ["doc.json"], "themes": ["../elsewhere/theme"], "widths": [320]}),
              "project/doc.json": stated(1, 1), "elsewhere/theme/theme.xml": '<theme name="x" extends="ios"/>'}
    case("project-theme-path-out-of-its-folder", themed, ["snapshot", "record", "--project", "{dir}/project/tablerender.json"], 65,
         "theme: path '../elsewhere/theme' leaves the project's folder")
    case("project-theme-path-allowed", themed, ["snapshot", "record", "--project", "{dir}/project/tablerender.json", "--allow-read", "{dir}/elsewhere"], 0)
    # Catalogs: many big images, many sets.
    big = png(7_000, 7_000)
    catalog = {"assets/Images.xcassets/Contents.json": json.dumps({"info": {"author": "xcode", "version": 1}})}
    for index in range(16):
        catalog[f"assets/Images.xcassets/big{index}.imageset/Contents.json"] = json.dumps({"images": [{"filename": "big.png", "idiom": "universal"}]})
        catalog[f"assets/Images.xcassets/big{index}.imageset/big.png"] = big
    rows = [{"template": "Row", "values": {"icon": f"big{index}"}} for index in range(16)]
    case("catalog-16-images-of-49-megapixels", {**catalog, "t/Row.xml": '<cell><image source="{icon}" width="40" height="40"/></cell>',
         "doc.json": json.dumps({"templates": ["t"], "assets": "assets", "sections": [{"items": rows}]})}, render, 65, "at most 64 are decoded for one document")
    case("catalog-1-image-of-49-megapixels-in-16-rows", {**catalog, "t/Row.xml": '<cell><image source="{icon}" width="40" height="40"/></cell>',
         "doc.json": json.dumps({"templates": ["t"], "assets": "assets", "sections": [{"items": rows[:1] * 16}]})}, render, 0)
    sets = {"assets/Images.xcassets/Contents.json": json.dumps({"info": {"author": "xcode", "version": 1}})}
    small = png(4, 4)
    for index in range(5_000):
        sets[f"assets/Images.xcassets/s{index}.imageset/Contents.json"] = json.dumps({"images": [{"filename": "s.png", "idiom": "universal"}]})
        sets[f"assets/Images.xcassets/s{index}.imageset/s.png"] = small
    case("catalog-5000-sets", {**sets, "t/Row.xml": '<cell><image source="{icon}" width="40" height="40"/></cell>',
         "doc.json": json.dumps({"templates": ["t"], "assets": "assets", "sections": [{"items": [{"template": "Row", "values": {"icon": "s4999"}}]}]})}, render, 0)
    sets["assets/Images.xcassets/s5000.imageset/Contents.json"] = sets["assets/Images.xcassets/s0.imageset/Contents.json"]
    sets["assets/Images.xcassets/s5000.imageset/s.png"] = small
    case("catalog-5001-sets", sets, ["check", "{dir}/assets/Images.xcassets"], 65, "more than 5000 sets")
    # Images.
    case("svg-viewBox-1e308", image_document("big.svg", '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1e308 1e308"><rect width="10" height="10"/></svg>', sized=False),
         render, 65, "viewBox")
    case("svg-19999-huge-texts", image_document("text.svg", '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">'
                                                + '<text x="0" y="20" font-size="1e9">W</text>' * 19_999 + "</svg>"), render, 65, "font size")
    case("svg-huge-blur-and-turbulence", image_document("filter.svg", '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">'
         '<filter id="f" x="-100000%" y="-100000%" width="200000%" height="200000%" filterUnits="objectBoundingBox">'
         '<feTurbulence baseFrequency="0.9" numOctaves="100000" result="t"/><feGaussianBlur in="t" stdDeviation="100000"/></filter>'
         + '<rect width="40" height="40" filter="url(#f)"/>' * 50 + '</svg>'), render, 65, "filter")
    case("svg-path-bomb", image_document("path.svg", '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40">'
         '<path stroke="black" stroke-dasharray="0.0001" fill="none" d="M0 0' + " l40 40 l-40 -40" * 200_000 + '"/></svg>'), render, 65, "path")
    # Within every budget read before drawing, and still slow (2,000 blurred circles take
    # minutes): drawing has a deadline, past which the run ends with the image's error.
    circles = "".join(f'<circle cx="{(index * 37) % 400}" cy="{(index * 91) % 400}" r="{20 + index % 180}" fill="#3366cc" fill-opacity="0.5" filter="url(#b)"/>'
                      for index in range(2_000))
    case("svg-slow-within-the-budgets", {"doc.json": json.dumps({"templates": ["t"], "assets": "assets", "sections": [{"items": [{"template": "Row"}]}]}),
                                         "t/Row.xml": '<cell><image source="slow.svg" width="380" height="380"/></cell>',
                                         "assets/slow.svg": '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><defs><filter id="b">'
                                         '<feGaussianBlur stdDeviation="20"/></filter></defs>' + circles + '</svg>'},
         render + ["--image-deadline", "1"], 65, "slow.svg: error: drawing the image took more than 1 s")
    case("svg-filters-at-the-limits", image_document("filter.svg", '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">'
         '<filter id="f" x="-500%" y="-500%" width="1000%" height="1000%">'
         '<feTurbulence baseFrequency="0.9" numOctaves="10" result="t"/><feGaussianBlur in="t" stdDeviation="1000"/></filter>'
         + '<rect width="40" height="40" filter="url(#f)"/>' * 50 + '</svg>'), render, 0)
    case("svg-paths-at-the-limits", image_document("path.svg", '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40">'
         '<path stroke="black" fill="none" d="M0 0' + " l40 40 l-40 -40" * 24_000 + '"/></svg>'), render, 0)
    case("svg-dashes-at-the-limit", image_document("path.svg", '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40">'
         '<path stroke="black" stroke-dasharray="0.06" fill="none" d="M0 0' + " l40 40 l-40 -40" * 500 + '"/></svg>'), render, 0)
    case("svg-dashes-beyond", image_document("path.svg", '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40">'
         '<path stroke="black" style="stroke-dasharray: 0.01" fill="none" d="M0 0' + " l40 40 l-40 -40" * 500 + '"/></svg>'), render, 65, "dashes")
    prose = open("/usr/share/common-licenses/GPL-3", encoding="utf-8").read().replace("&", "and").replace("<", "(")
    case("svg-style-sheet-font-size", image_document("text.svg", '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">'
         '<style>text { font-size: 1e9px }</style>' + '<text x="0" y="20">W</text>' * 100 + "</svg>"), render, 65, "font size")
    case("svg-style-sheet-dashes", image_document("path.svg", '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40">'
         '<style>\npath { stroke: black;\n  stroke-dasharray: 0.01 }</style><path fill="none" d="M0 0' + " l40 40 l-40 -40" * 500 + '"/></svg>'), render, 65, "dashes")
    case("svg-text-300000-characters", image_document("text.svg", '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">'
         '<text y="20" font-size="10">' + "W" * 300_000 + "</text></svg>"), render, 65, "at most 2000 are drawn in one text element")
    case("svg-text-in-spans-of-one-element", image_document("text.svg", '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">'
         '<text y="20" font-size="10">' + "".join(f"<tspan>{prose[i:i + 40]}</tspan>" for i in range(0, 4_000, 40)) + "</text></svg>"), render, 65,
         "at most 2000 are drawn in one text element")
    case("svg-text-used-many-times", image_document("text.svg", '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="40">'
         '<defs><text id="t" y="20" font-size="10">' + prose[:1_900] + "</text></defs>" + '<use xlink:href="#t"/>' * 200 + "</svg>"), render, 65,
         "at most 20000 are drawn")
    case("svg-text-at-the-limits", image_document("text.svg", '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">'
         + "".join(f'<text y="20" font-size="10">{prose[i:i + 2_000]}</text>' for i in range(0, 20_000, 2_000)) + "</svg>"), render, 0)
    marker = '<defs><marker id="m" markerWidth="10" markerHeight="10"><path stroke="black" d="M0 0' + " l1 1" * 2_000 + '"/></marker></defs>'
    case("svg-marker-bomb", image_document("marker.svg", '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">' + marker
         + '<path marker-mid="url(#m)" stroke="black" d="M0 0' + " l0.001 0.001" * 20_000 + '"/></svg>'), render, 65, "markers")
    small_marker = '<defs><marker id="m" markerWidth="4" markerHeight="4"><path d="M0 0 L4 2 L0 4 z"/></marker></defs>'
    case("svg-markers-at-the-limits", image_document("marker.svg", '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">' + small_marker
         + '<path marker-mid="url(#m)" stroke="black" d="M0 0' + " l0.01 0.01" * 6_000 + '"/></svg>'), render, 0)
    case("pdf-30000-pixel-image", catalog_document("big", "big.pdf", huge_image_xobject()), render, 65, "30000 × 30000")
    case("pdf-20-million-strokes", catalog_document("strokes", "strokes.pdf", many_strokes(20_000_000)), render, 65, "PDF image")
    case("pdf-strokes-at-the-limit", catalog_document("strokes", "strokes.pdf", many_strokes(55_000)), render, 0)
    form = zlib.compress(b"0 0 m 100 100 l S\n" * 1000)
    case("pdf-form-drawn-100000-times", catalog_document("forms", "forms.pdf", pdf(b"/Im5 Do\n" * 100_000, [(5, b"<< /Type /XObject /Subtype /Form /BBox [0 0 100 100] "
         b"/Filter /FlateDecode /Length %d >>\nstream\n" % len(form) + form + b"\nendstream")])), render, 65, "forms")
    return out


def run_case(binary, name, spec, keep):
    files, arguments, expected, message, absent = spec
    folder = Path(tempfile.mkdtemp(prefix="tablerender-hostile-"))
    try:
        for relative, content in files.items():
            path = folder / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, Link):
                path.symlink_to(str(content.target).replace("{dir}", str(folder)))
            elif isinstance(content, Sparse):
                path.write_bytes(content.head)
                os.truncate(path, content.size)
            elif isinstance(content, Fifo):
                os.mkfifo(path)
            elif isinstance(content, bytes):
                path.write_bytes(content)
            else:
                path.write_text(content, encoding="utf-8")
        command = [binary] + [argument.replace("{dir}", str(folder)) for argument in arguments]

        def limits():
            resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))

        start = time.monotonic()
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=limits, cwd=folder)
        try:
            stdout, stderr = process.communicate(timeout=HARD_SECONDS)
        except subprocess.TimeoutExpired:
            process.kill()
            stdout, stderr = process.communicate()
        seconds = time.monotonic() - start
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        code = process.returncode
        err = stderr.decode("utf-8", "replace")
        problems = []
        if code < 0:
            problems.append(f"killed by signal {-code}" + (" (the 60 s limit)" if seconds >= HARD_SECONDS else ""))
        elif code != expected:
            problems.append(f"exit code {code}, expected {expected}")
        if code == 65 and (": error: " not in err or (message and message not in err)):
            problems.append(f"the message does not say {message!r}")
        if code == 0 and message and message not in err:
            problems.append(f"no warning says {message!r}")
        if absent:
            for written in folder.rglob("*"):
                if written.is_file() and not written.name.endswith((".xib", ".ttf")) and absent.encode() in written.read_bytes():
                    problems.append(f"{written.name} holds {absent!r}")
        if seconds > SECONDS:
            problems.append(f"took {seconds:.1f} s (at most {SECONDS:.0f})")
        return seconds, usage.ru_maxrss, code, err, problems
    finally:
        if keep is None:
            shutil.rmtree(folder, ignore_errors=True)
        else:
            target = Path(keep) / name
            shutil.rmtree(target, ignore_errors=True)
            shutil.move(str(folder), target)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=str(ROOT / ".build" / "release" / "tablerender"))
    parser.add_argument("--only")
    parser.add_argument("--keep")
    parser.add_argument("--list", action="store_true")
    options = parser.parse_args()
    all_cases = cases()
    if options.list:
        print("\n".join(all_cases))
        return 0
    failed = 0
    for name, spec in all_cases.items():
        if options.only and options.only not in name:
            continue
        # Each case in its own process so that its peak memory is its own.
        seconds, megabytes, code, err, problems = run_one(options, name, spec)
        status = "ok" if not problems else "FAILED: " + "; ".join(problems)
        print(f"{name:32} {seconds:5.2f} s {megabytes:5.0f} MB  exit {code:3}  {status}")
        if problems:
            failed += 1
            print("    " + (err.strip().splitlines() or ["(nothing on stderr)"])[-1][:300])
    print(f"hostile inputs: {len(all_cases) if not options.only else 'some'} cases, {failed} failed")
    return 1 if failed else 0


def run_one(options, name, spec):
    """Runs a case in a child process of its own (its peak memory measured alone)."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        seconds, peak, code, err, problems = run_case(options.binary, name, spec, options.keep)
        if peak / 1024 > MEGABYTES:
            problems.append(f"used {peak / 1024:.0f} MB (at most {MEGABYTES})")
        os.write(write, json.dumps([seconds, peak / 1024, code, err[-2000:], problems]).encode())
        os._exit(0)
    os.close(write)
    data = b""
    while chunk := os.read(read, 65536):
        data += chunk
    os.close(read)
    os.waitpid(pid, 0)
    return tuple(json.loads(data))

if __name__ == "__main__":
    sys.exit(main())
