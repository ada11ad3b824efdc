"""Shared helpers of the browser tests: launch Debian's Chromium through Playwright, open a page,
measure rows and sections, take screenshots, compare pixels."""
import os
import shutil
import struct
import subprocess
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BINARY = ROOT / ".build" / "release" / "tablerender"


def chromium_path():
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if not path:
        raise RuntimeError("Debian's chromium is not installed (apt-get install chromium)")
    return path


def render(document, out, *args):
    """Runs tablerender; returns the written paths."""
    result = subprocess.run([str(BINARY), "render", str(document), "--out", str(out), *args],
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"tablerender failed ({result.returncode}): {result.stderr}")
    return [Path(line) for line in result.stdout.splitlines()]


MEASURE = """() => {
  const style = document.createElement('style');
  style.textContent = 'li { content-visibility: visible !important; }';
  document.head.appendChild(style);
  const main = document.querySelector('main').getBoundingClientRect();
  const rows = [...document.querySelectorAll('li[data-height]')].map(li => {
    const r = li.getBoundingClientRect();
    return {id: li.dataset.id, expected: parseFloat(li.dataset.height), actual: r.height, top: r.top - main.top};
  });
  const blocks = [...document.querySelectorAll('h1[data-height], h2[data-height], footer[data-height]')].map(b => {
    const r = b.getBoundingClientRect();
    return {id: b.tagName, expected: parseFloat(b.dataset.height), actual: r.height};
  });
  const sections = [...document.querySelectorAll('section[data-top]')].map(s => {
    const first = s.querySelector('h2, ul, footer');
    const r = first.getBoundingClientRect();
    return {id: s.dataset.id, expected: parseFloat(s.dataset.top), actual: r.top - main.top + window.scrollY * 0};
  });
  style.remove();
  return {rows, blocks, sections};
}"""


def read_png(path):
    """Decodes an 8-bit RGB/RGBA PNG (what Cairo and Chromium write) into (width, height, rows of RGBA)."""
    data = Path(path).read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    offset, chunks, width = 8, [], 0
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and color in (2, 6), f"unsupported PNG {depth}/{color}"
            channels = 4 if color == 6 else 3
        elif kind == b"IDAT":
            chunks.append(body)
        offset += 12 + length
    raw = zlib.decompress(b"".join(chunks))
    stride = width * channels
    pixels, previous, position = [], bytearray(stride), 0
    for _ in range(height):
        kind = raw[position]
        line = bytearray(raw[position + 1:position + 1 + stride])
        position += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            upper_left = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + ((left + up) >> 1)) & 255
            elif kind == 4:
                p = left + up - upper_left
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - upper_left)
                predictor = left if pa <= pb and pa <= pc else (up if pb <= pc else upper_left)
                line[i] = (line[i] + predictor) & 255
        pixels.append(bytes(line) if channels == 4 else bytes(b for j in range(width) for b in (*line[j * 3:j * 3 + 3], 255)))
        previous = line
    return width, height, pixels


def pixel_match(actual_png, expected_png, region=None):
    """pixelmatch with threshold 0.1 over the whole image or a (x0, y0, x1, y1) region.
    Returns (fraction matching counting anti-aliased pixels as different,
             fraction matching with anti-aliased pixels ignored, as pixelmatch does by default)."""
    from pixelmatch import pixelmatch
    width, height, a = read_png(actual_png)
    width2, height2, b = read_png(expected_png)
    assert (width, height) == (width2, height2), f"sizes differ: {width}x{height} vs {width2}x{height2}"
    if region:
        x0, y0, x1, y1 = region
        a = [row[x0 * 4:x1 * 4] for row in a[y0:y1]]
        b = [row[x0 * 4:x1 * 4] for row in b[y0:y1]]
        width, height = x1 - x0, y1 - y0
    first, second = b"".join(a), b"".join(b)
    total = width * height
    strict = pixelmatch(first, second, width, height, threshold=0.1, includeAA=True)
    default = pixelmatch(first, second, width, height, threshold=0.1, includeAA=False)
    return 1 - strict / total, 1 - default / total
