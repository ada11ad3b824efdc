"""Font files of families no machine has installed, for the browser tests of an app's own fonts: a
copy of an installed Debian font (fonts-dejavu-core) whose `name` table calls it something else
(glyphs, advances and vertical metrics the installed font's)."""
import struct

DEJAVU_SERIF_BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf"


def checksum(data):
    data = data + b"\0" * (-len(data) % 4)
    return sum(struct.unpack(f">{len(data) // 4}I", data)) & 0xFFFFFFFF


def renamed(source, destination, family, style, postscript_name, line_gap=None):
    """Writes `source` to `destination` named `family` / `style` / `postscript_name` (name IDs 1,
    2, 4, 6, 16, 17; Macintosh and Windows records), with `line_gap` (font units) as its `hhea`
    line gap when given, other tables as they were, checksums remade."""
    data = open(source, "rb").read()
    count = struct.unpack(">H", data[4:6])[0]
    tables = {}
    for index in range(count):
        tag, _, offset, length = struct.unpack(">4sIII", data[12 + 16 * index:28 + 16 * index])
        tables[tag] = data[offset:offset + length]
    names = [(1, family), (2, style), (4, f"{family} {style}"), (6, postscript_name), (16, family), (17, style)]
    records, strings = b"", b""
    for platform, encoding, language in [(1, 0, 0), (3, 1, 0x409)]:
        for name_id, text in names:
            encoded = text.encode("ascii") if platform == 1 else text.encode("utf-16-be")
            records += struct.pack(">6H", platform, encoding, language, name_id, len(encoded), len(strings))
            strings += encoded
    tables[b"name"] = struct.pack(">3H", 0, len(records) // 12, 6 + len(records)) + records + strings
    tables[b"head"] = tables[b"head"][:8] + b"\0\0\0\0" + tables[b"head"][12:]
    if line_gap is not None:
        tables[b"hhea"] = tables[b"hhea"][:8] + struct.pack(">h", line_gap) + tables[b"hhea"][10:]
    power = 1
    while power * 2 <= len(tables):
        power *= 2
    out = data[:4] + struct.pack(">4H", len(tables), power * 16, power.bit_length() - 1, len(tables) * 16 - power * 16)
    offset, body, head_at = 12 + 16 * len(tables), b"", 0
    for tag in sorted(tables):
        table = tables[tag]
        if tag == b"head":
            head_at = offset
        out += tag + struct.pack(">III", checksum(table), offset, len(table))
        table += b"\0" * (-len(table) % 4)
        body += table
        offset += len(table)
    out += body
    adjustment = (0xB1B0AFBA - checksum(out)) & 0xFFFFFFFF
    out = out[:head_at + 8] + struct.pack(">I", adjustment) + out[head_at + 12:]
    open(destination, "wb").write(out)
