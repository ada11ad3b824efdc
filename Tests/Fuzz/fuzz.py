#!/usr/bin/env python3
"""The hostile-input fuzzer: seeded mutations of the examples' documents, templates and assets,
each rendered (PNG, PDF, HTML) and checked by the release command in a sandbox. Every case must
end as the contract says:

- an exit code of 0, 64, 65 or 66 — never a signal, never another code, and never 1 (a write that
  failed), since no write can fail in the sandbox;
- within the time limit (no hang) and the memory limit (no bomb);
- an error message on stderr in the form `file[:line:column]: error: …` when it fails;
- nothing written outside the output folder, no temporary file left in it, and no new file or
  folder at all when the run failed (files are written whole or not at all).

usage: Tests/Fuzz/fuzz.py [--count N] [--seed S] [--binary PATH] [--keep DIR] [--timeout SECONDS]
A failing case is kept (with the command that reproduces it) under --keep, default
/tmp/tablerender-fuzz-failures. Exit status 1 when any case broke the contract.
"""
import argparse
import json
import os
import random
import re
import resource
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ["settings", "feed", "headers", "states", "xib", "storyboard"]
ALLOWED_CODES = {0, 1, 64, 65, 66}
MEMORY_LIMIT = 2 << 30  # address space of a case, bytes

HOSTILE_STRINGS = [
    "", " ", "a/b", "../../../../pwned", "x/../../../pwned_state", "/etc/passwd", "..", ".", "a\\b", "\\\\evil.example\\x",
    "//evil.example/x", "javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "file:///etc/passwd",
    "<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "\u202e\u0645\u0631\u062d\u0628\u0627", "e\u0301\u0301\u0301",
    "😀" * 200, "W" * 5000, "a" * 40000, "x " * 3000, "\u00ad" * 100, "\t\n\r\n", "%s%n%x", "{title}", "{a.b.c.d.e}",
    "NaN", "Infinity", "-0", "1e309", "0x10", "http://example.com/" + "a/" * 500,
]
HOSTILE_NUMBERS = [0, -1, -1e9, 1e9, 1e308, 0.0000001, 10001, 99999, 3.5, 2147483648, -2147483649]


def hostile_value(rng):
    kind = rng.randrange(7)
    if kind == 6:
        # A localized value, its key, count, arguments and table hostile.
        value = {"localized": rng.choice(HOSTILE_STRINGS + ["greeting", "devices", "photos"])}
        if rng.random() < 0.5:
            value["count"] = rng.choice(HOSTILE_NUMBERS + ["3", None])
        if rng.random() < 0.3:
            value["args"] = [rng.choice(HOSTILE_STRINGS + HOSTILE_NUMBERS) for _ in range(rng.randrange(4))] if rng.random() < 0.8 else "x"
        if rng.random() < 0.3:
            value["table"] = rng.choice(HOSTILE_STRINGS + ["Localizable", "Missing"])
        return value
    if kind == 0:
        return rng.choice(HOSTILE_STRINGS)
    if kind == 1:
        return rng.choice(HOSTILE_NUMBERS)
    if kind == 2:
        return rng.choice([True, False, None])
    if kind == 3:
        nested = "x"
        for _ in range(rng.choice([5, 50, 500])):
            nested = [nested]
        return nested
    if kind == 4:
        return {rng.choice(["title", "id", "template", "values", "link", "states", "zzz"]): rng.choice(HOSTILE_STRINGS)}
    return [rng.choice(HOSTILE_STRINGS) for _ in range(rng.randrange(4))]


def paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from paths(value, prefix + (key,))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from paths(value, prefix + (index,))


def at(node, path):
    for part in path:
        node = node[part]
    return node


def mutate_json(document, rng):
    """One structural change: a value replaced, a key removed or renamed, an entry duplicated."""
    all_paths = [path for path in paths(document) if path]
    if not all_paths:  # an earlier mutation left nothing inside: the document is replaced whole
        return hostile_value(rng)
    path = rng.choice(all_paths)
    parent, last = at(document, path[:-1]), path[-1]
    action = rng.randrange(6)
    if action <= 2:
        parent[last] = hostile_value(rng)
    elif action == 3:
        if isinstance(parent, dict):
            del parent[last]
        else:
            parent.pop(last)
    elif action == 4 and isinstance(parent, list):
        parent.insert(last, json.loads(json.dumps(parent[last])))
    elif action == 4 and isinstance(parent, dict):
        parent[str(last) + rng.choice(["x", "/", "_"])] = parent[last]
    else:
        # Ids and state names end up in file names: the classic escape.
        for candidate in all_paths:
            if candidate and candidate[-1] in ("id",) and rng.random() < 0.5:
                container = at(document, candidate[:-1])
                container["id"] = rng.choice(["a/b", "../x", "x/../../../pwned_state", "..", ".hidden", "c:d"])
        sections = document.get("sections") if isinstance(document, dict) else None
        if isinstance(sections, list):
            for section in sections:
                if isinstance(section, dict) and isinstance(section.get("states"), dict) and section["states"]:
                    name = next(iter(section["states"]))
                    section["states"][rng.choice(["a/b", "../../pwned", "x/../../../pwned_state"])] = section["states"].pop(name)
    return document


def mutate_bytes(data, rng):
    data = bytearray(data)
    for _ in range(rng.randrange(1, 6)):
        if not data:
            break
        action = rng.randrange(5)
        index = rng.randrange(len(data))
        if action == 0:
            data[index] = rng.randrange(256)
        elif action == 1:
            del data[index:index + rng.randrange(1, 40)]
        elif action == 2:
            data[index:index] = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 20)))
        elif action == 3:
            chunk = data[index:index + rng.randrange(1, 200)]
            data[index:index] = chunk * rng.randrange(1, 50)
        else:
            del data[index:]
    return bytes(data)


def mutate_template(text, rng):
    action = rng.randrange(8)
    if action == 0:
        return text.replace("<cell", "<!DOCTYPE cell [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><cell", 1)
    if action == 1:
        return text.replace("</stack>", "<spacer/>" * rng.choice([10, 500, 4000]) + "</stack>", 1)
    if action == 2:
        depth = rng.choice([30, 60, 200])
        return text.replace("</stack>", "<stack>" * depth + "<spacer/>" + "</stack>" * depth + "</stack>", 1)
    if action == 3:
        return re.sub(r'="[^"]*"', lambda m: '="' + str(rng.choice(HOSTILE_STRINGS + [str(n) for n in HOSTILE_NUMBERS]))
                      .replace('"', "&quot;").replace("<", "&lt;").replace("&", "&amp;") + '"', text, count=rng.randrange(1, 4))
    if action == 4:
        return text.replace("<label", "<label " + " ".join(f'x{i}="{i}"' for i in range(rng.choice([5, 4000]))) + " ", 1)
    if action == 5:
        return text.replace("<label", '<label width="NaN" minWidth="-1" maxHeight="1e309"', 1)
    if action == 6:
        return "\ufeff" + text if rng.random() < 0.5 else text.encode("utf-16").decode("latin-1")
    return mutate_bytes(text.encode(), rng).decode("utf-8", "replace")


def mutate_xib(text, rng):
    """Interface Builder files: entities, hostile numbers and ratios, constraint cycles and
    conflicts, unknown items and attributes, deep nesting, many views, broken bytes."""
    action = rng.randrange(8)
    if action == 0:
        return text.replace("<document", "<!DOCTYPE document [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><document", 1)
    if action == 1:
        return re.sub(r'(constant|priority|width|height|x|y|alpha|spacing)="[^"]*"',
                      lambda m: f'{m.group(1)}="{rng.choice([str(n) for n in HOSTILE_NUMBERS] + ["NaN", "-inf", "", "1e309"])}"',
                      text, count=rng.randrange(1, 6))
    if action == 2:
        return re.sub(r'multiplier="[^"]*"|firstAttribute="[^"]*"', lambda m: m.group(0).split("=")[0] + '="'
                      + rng.choice(["0:0", "1/0", "abc", "1e308", "-1:2", "sideways", "notAnAttribute", ""]) + '"', text, count=rng.randrange(1, 4))
    if action == 3:
        # Constraints that contradict each other or themselves, on items that may not exist.
        ids = re.findall(r' id="([^"]+)"', text) or ["x"]
        extra = "".join(f'<constraint firstItem="{rng.choice(ids + ["nowhere"])}" firstAttribute="{rng.choice(["width", "leading", "top", "centerX"])}" '
                        f'secondItem="{rng.choice(ids)}" secondAttribute="{rng.choice(["width", "trailing", "bottom", "centerX"])}" '
                        f'constant="{rng.choice([1, -50, 1000])}" id="fz{i}"/>' for i in range(rng.choice([2, 50, 3000])))
        return text.replace("<constraints>", "<constraints>" + extra, 1)
    if action == 4:
        depth = rng.choice([10, 30, 200])
        nested = '<view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="n{0}"><subviews>'
        return text.replace("<subviews>", "<subviews>" + "".join(nested.format(i) for i in range(depth)) + "</subviews></view>" * depth, 1)
    if action == 5:
        view = '<view contentMode="scaleToFill" id="m{0}"><rect key="frame" x="0" y="0" width="10" height="10"/></view>'
        return text.replace("<subviews>", "<subviews>" + "".join(view.format(i) for i in range(rng.choice([100, 6000]))), 1)
    if action == 6:
        return text.replace("<label ", '<label text="' + "&lt;script&gt;alert(1)&lt;/script&gt; " * rng.choice([1, 2000]) + '" ', 1)
    return mutate_bytes(text.encode(), rng).decode("utf-8", "replace")


def png_header(width, height):
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    rows = zlib.compress(b"\x00" * 64, 9)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)) + chunk(b"IDAT", rows) + chunk(b"IEND", b"")


def jpeg_header(width, height):
    return (b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
            b"\xff\xc0\x00\x11\x08" + struct.pack(">HH", height, width) + b"\x03\x01\x22\x00\x02\x11\x01\x03\x11\x01\xff\xd9")


def svg_fanout(levels):
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="40">',
             '<defs><rect id="l0" width="1" height="1"/>']
    for level in range(1, levels + 1):
        parts.append(f'<g id="l{level}">' + "".join(f'<use xlink:href="#l{level - 1}"/>' for _ in range(10)) + "</g>")
    parts.append(f'</defs><use xlink:href="#l{levels}"/></svg>')
    return "".join(parts)


def mutate_assets(folder, rng):
    """Hostile images in the feed's assets: bombs, a FIFO, a link out, an SVG fan-out."""
    assets = folder / "assets"
    if not assets.exists():
        return
    action = rng.randrange(5)
    target = rng.choice(sorted(assets.iterdir()))
    target.unlink()
    if action == 0:
        target.write_bytes(png_header(16000, 16000))
    elif action == 1:
        target.write_bytes(jpeg_header(30000, 30000))
    elif action == 2:
        os.mkfifo(target)
    elif action == 3:
        os.symlink("/etc/passwd", target)
    else:
        target.write_text(svg_fanout(rng.choice([3, 6, 9])))


def make_case(rng, sandbox):
    example = rng.choice(EXAMPLES)
    source = ROOT / "Examples" / example
    # The document sits deep in the sandbox so that an escape lands inside it, where it is seen.
    folder = sandbox / "a" / "b" / "c" / "in" / example
    shutil.copytree(source, folder, symlinks=True)
    document = folder / f"{example}.json"
    if not document.exists():
        document = rng.choice(sorted(folder.glob("*.json")))
    kind = rng.randrange(10)
    description = []
    if kind <= 5:
        data = json.loads(document.read_text())
        for _ in range(rng.randrange(1, 4)):
            data = mutate_json(data, rng)
        document.write_text(json.dumps(data, ensure_ascii=rng.random() < 0.3))
        description.append("json")
    elif kind == 6:
        document.write_bytes(mutate_bytes(document.read_bytes(), rng))
        description.append("bytes")
    templates = sorted(list((folder / "templates").glob("*.xml")) + list((folder / "templates").glob("*.xib"))) if (folder / "templates").exists() else []
    if templates and (kind in (7, 8) or rng.random() < 0.15):
        template = rng.choice(templates)
        mutate = mutate_xib if template.suffix == ".xib" else mutate_template
        template.write_text(mutate(template.read_text(), rng))
        description.append(f"template {template.name}")
    if example in ("feed", "xib") and (kind == 9 or rng.random() < 0.1):
        mutate_assets(folder, rng)
        description.append("assets")
    if rng.random() < 0.2:
        write_strings(folder, rng)
        description.append("strings")
    # The surfaces beyond documents and templates: storyboards, asset catalogs (their
    # Contents.json, PNG, SVG and PDF files), String Catalogs.
    storyboards = sorted(folder.glob("*.storyboard"))
    if storyboards and rng.random() < 0.5:
        storyboard = rng.choice(storyboards)
        storyboard.write_text(mutate_xib(storyboard.read_text(), rng))
        description.append(f"storyboard {storyboard.name}")
    catalogs = sorted(folder.rglob("*.xcassets"))
    if catalogs and rng.random() < 0.4:
        description.append(mutate_catalog(rng.choice(catalogs), rng))
    string_catalogs = sorted(folder.glob("*.xcstrings"))
    if string_catalogs and rng.random() < 0.3:
        catalog = rng.choice(string_catalogs)
        try:
            data = json.loads(catalog.read_text())
            for _ in range(rng.randrange(1, 4)):
                data = mutate_json(data, rng)
            catalog.write_text(json.dumps(data))
        except (ValueError, IndexError):
            catalog.write_bytes(mutate_bytes(catalog.read_bytes(), rng))
        description.append(f"strings {catalog.name}")
    return example, document, " + ".join(description) or "none"


def mutate_catalog(catalog, rng):
    """One asset catalog file changed: a Contents.json mutated, an image's bytes mutated, or an
    image replaced by a hostile one of its kind (hostile.py's generators)."""
    import hostile
    files = sorted(path for path in catalog.rglob("*") if path.is_file())
    target = rng.choice(files)
    action = rng.randrange(3)
    if target.name == "Contents.json" and action < 2:
        try:
            data = mutate_json(json.loads(target.read_text()), rng)
            target.write_text(json.dumps(data))
            return f"catalog {target.parent.name}/Contents.json"
        except (ValueError, IndexError):
            pass
    if action == 2 or target.suffix in (".svg", ".pdf"):
        if target.suffix == ".svg":
            target.write_text(rng.choice([
                '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1e308 1e308"><rect width="1" height="1"/></svg>',
                '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><text font-size="1e9">W</text></svg>',
                '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><filter id="f"><feTurbulence numOctaves="1000000"/></filter><rect width="9" height="9" filter="url(#f)"/></svg>',
                svg_fanout(rng.choice([3, 9]))]))
            return f"catalog {target.name} hostile"
        if target.suffix == ".pdf":
            target.write_bytes(rng.choice([hostile.huge_image_xobject(), hostile.many_strokes(rng.choice([10, 300_000])),
                                           mutate_bytes(target.read_bytes(), rng)]))
            return f"catalog {target.name} hostile"
        if target.suffix == ".png":
            target.write_bytes(rng.choice([png_header(16000, 16000), png_header(7000, 7000), mutate_bytes(target.read_bytes(), rng)]))
            return f"catalog {target.name} hostile"
    target.write_bytes(mutate_bytes(target.read_bytes(), rng))
    return f"catalog {target.name} bytes"


STRINGS = '/* c */\n"greeting" = "Hallo %@, %2$d neue %%";\nwifi = "WLAN \\"x\\" \\U00E9";\n'
STRINGSDICT = ('<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>devices</key><dict>'
               '<key>NSStringLocalizedFormatKey</key><string>%#@n@ da</string><key>n</key><dict>'
               '<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>'
               '<key>one</key><string>ein</string><key>other</key><string>%d viele</string></dict></dict></dict></plist>')
XCSTRINGS = json.dumps({"sourceLanguage": "en", "strings": {"photos": {"localizations": {"de": {"variations": {"plural": {
    "one": {"stringUnit": {"value": "%lld Foto"}}, "other": {"stringUnit": {"value": "%lld Fotos %#@x@"}}}},
    "substitutions": {"x": {"variations": {"plural": {"other": {"stringUnit": {"value": "%1$@"}}}}}}}}}}})


def write_strings(folder, rng):
    """Strings files beside the document, each valid or mutated, for a run in German."""
    (folder / "de.lproj").mkdir(exist_ok=True)
    for name, text in (("de.lproj/Localizable.strings", STRINGS), ("de.lproj/Localizable.stringsdict", STRINGSDICT), ("Localizable.xcstrings", XCSTRINGS)):
        data = text.encode()
        if rng.random() < 0.5:
            data = mutate_bytes(data, rng)
        (folder / name).write_bytes(data)


def snapshot(folder):
    found = {}
    for path in folder.rglob("*"):
        try:
            stat = path.lstat()
        except OSError:
            continue
        found[str(path.relative_to(folder))] = (stat.st_mtime_ns, stat.st_size)
    return found


def limit_memory():
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def run(command, timeout, cwd):
    start = time.monotonic()
    try:
        done = subprocess.run(command, capture_output=True, timeout=timeout, cwd=cwd, preexec_fn=limit_memory)
        return done.returncode, done.stderr.decode("utf-8", "replace"), time.monotonic() - start
    except subprocess.TimeoutExpired:
        return "timeout", "", time.monotonic() - start


# Warnings may come first (a localized value without its string).
MESSAGE = re.compile(r"^(?:[^\n]+: warning: [^\n]*\n)*(?:[^\n]+: error: .+|Error: .+)", re.S)


def check_case(index, rng, binary, timeout, keep):
    sandbox = Path(tempfile.mkdtemp(prefix="tablerender-fuzz-"))
    problems = []
    codes = []
    try:
        example, document, what = make_case(rng, sandbox)
        out = sandbox / "a" / "b" / "c" / "out"
        locale = ["--locale", rng.choice(["de", "en-XA", "ar", "ar-XB", "he", "x-y-z"])] if rng.random() < 0.3 else []
        direction = ["--direction", "rtl"] if rng.random() < 0.2 else []
        for command in ([str(binary), "render", str(document), "--format", "png,pdf,html", "--scale", "1", "--out", str(out), "--changes"] + locale + direction,
                        [str(binary), "check", str(document)] + locale):
            before = snapshot(sandbox)
            code, stderr, elapsed = run(command, timeout, sandbox)
            after = snapshot(sandbox)
            name = command[1]
            codes.append(f"{name} {code}")
            if code == "timeout":
                problems.append(f"{name}: no answer within {timeout} s")
                continue
            if code < 0:
                problems.append(f"{name}: killed by signal {-code}: {stderr[-300:]}")
            elif code not in ALLOWED_CODES:
                problems.append(f"{name}: exit code {code}: {stderr[-300:]}")
            if code == 1:
                # Nothing can fail to be written in the sandbox: exit 1 means bad input taken for a
                # write failure (an id that makes a file name leave its folder, say).
                problems.append(f"{name}: exit 1 (a failed write) where no write can fail: {stderr[:300]}")
            if code != 0 and code != "timeout" and not MESSAGE.match(stderr.strip()):
                problems.append(f"{name}: exit {code} without a located error message: {stderr[:200]!r}")
            new = [path for path in after if path not in before]
            outside = [path for path in new if not path.startswith("a/b/c/out")]
            if outside:
                problems.append(f"{name}: wrote outside the output folder: {outside[:5]}")
            temporaries = [path for path in after if Path(path).name.startswith(".") and path.startswith("a/b/c/out")]
            if temporaries:
                problems.append(f"{name}: left temporary files: {temporaries[:5]}")
            if code not in (0, "timeout") and name == "render" and [path for path in new if path.startswith("a/b/c/out")]:
                problems.append(f"{name}: failed (exit {code}) but wrote {[p for p in new if p.startswith('a/b/c/out')][:5]}")
        if problems and keep:
            target = Path(keep) / f"case-{index}"
            shutil.rmtree(target, ignore_errors=True)
            shutil.copytree(sandbox, target, symlinks=True, ignore_dangling_symlinks=True,
                            ignore=lambda directory, names: [n for n in names if os.path.exists(os.path.join(directory, n))
                                                             and not (os.path.isfile(os.path.join(directory, n)) or os.path.isdir(os.path.join(directory, n)))])
            (target / "README").write_text(f"{example}: {what}\n" + "\n".join(problems) + "\n")
        return example, what, problems, codes
    finally:
        shutil.rmtree(sandbox, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--binary", default=str(ROOT / ".build" / "release" / "tablerender"))
    parser.add_argument("--keep", default="/tmp/tablerender-fuzz-failures")
    parser.add_argument("--timeout", type=float, default=20)
    arguments = parser.parse_args()
    binary = Path(arguments.binary)
    if not binary.exists():
        sys.exit(f"{binary} is missing: swift build -c release --product tablerender")
    failures = 0
    codes = {}
    started = time.monotonic()
    for index in range(arguments.count):
        rng = random.Random(arguments.seed * 1_000_003 + index)
        example, what, problems, outcome = check_case(index, rng, binary, arguments.timeout, arguments.keep)
        for entry in outcome:
            codes[entry] = codes.get(entry, 0) + 1
        if problems:
            failures += 1
            print(f"case {index} (seed {arguments.seed}, {example}, {what}):")
            for problem in problems:
                print(f"  {problem}")
    elapsed = time.monotonic() - started
    print("exit codes: " + ", ".join(f"{key}: {value}" for key, value in sorted(codes.items())))
    print(f"fuzz: {arguments.count} cases (seed {arguments.seed}) in {elapsed:.0f} s, {failures} broke the contract"
          + (f"; kept in {arguments.keep}" if failures else ""))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
