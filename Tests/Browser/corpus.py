"""Documents of real text nobody on this project wrote, made at test time from what the machine has:
the descriptions of the installed Debian packages (/var/lib/dpkg/status, paragraphs and blank lines
kept), the licence texts of /usr/share/common-licenses (their hard-wrapped lines kept), and names of
countries and languages in a hundred languages (Debian's iso-codes translations). Rows use cells
with every kind of line limit, truncation and alignment, so that the outputs can be compared line
by line on text as users have it.

    corpus.py FOLDER ROWS SEED     writes FOLDER/corpus.json and FOLDER/templates/
"""
import gettext
import json
import os
import random
import sys
from pathlib import Path

TEMPLATES = {
    # A title over a body, every line shown.
    "Full": ("0", "tail", "natural"),
    # A feed-like post: the body clamped to 3 lines, the last ending in an ellipsis.
    "Clamp3": ("3", "tail", "natural"),
    "Clip2": ("2", "clip", "natural"),
    "Clamp1": ("1", "tail", "natural"),
    "Middle1": ("1", "middle", "natural"),
    "Head1": ("1", "head", "natural"),
    "Center": ("0", "tail", "center"),
    "Trailing4": ("4", "tail", "trailing"),
}


def template(lines, truncation, alignment):
    return f"""<!-- A generated corpus cell: title over body, body lines={lines} truncation={truncation} alignment={alignment}. -->
<cell>
  <stack axis="vertical" padding="10 16 10 16" spacing="2">
    <label text="{{title}}" font="Inter Semibold 17" lineHeight="22" lines="2"/>
    <label text="{{body}}" font="Inter 15" lineHeight="20" color="secondaryLabel" lines="{lines}" truncation="{truncation}" alignment="{alignment}"/>
  </stack>
</cell>
"""


def packages():
    result = []
    try:
        status = Path("/var/lib/dpkg/status").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return result
    for stanza in status.split("\n\n"):
        name, summary, body, inside = "", "", [], False
        for line in stanza.split("\n"):
            if line.startswith("Package: "):
                name = line[9:]
            if line.startswith("Description: "):
                summary, inside = line[13:], True
            elif inside and line.startswith(" "):
                body.append("" if line[1:] == "." else line[1:])
            else:
                inside = False
        if name and summary:
            result.append((name, summary, "\n".join(body)))
    return sorted(result)


def licence_paragraphs():
    folder = Path("/usr/share/common-licenses")
    paragraphs = []
    for path in sorted(folder.iterdir()) if folder.is_dir() else []:
        if path.is_file():
            text = path.read_text(encoding="utf-8", errors="replace").replace("\f", "")
            paragraphs += [p.strip() for p in text.split("\n\n") if len(p.strip()) >= 20]
    return paragraphs


def names():
    result = []
    root = Path("/usr/share/locale")
    for language in sorted(os.listdir(root)) if root.is_dir() else []:
        for domain in ("iso_3166-1", "iso_639-2"):
            path = root / language / "LC_MESSAGES" / f"{domain}.mo"
            if path.is_file():
                with open(path, "rb") as file:
                    catalog = gettext.GNUTranslations(file)._catalog
                result += [value for key, value in catalog.items() if key and isinstance(value, str) and "\0" not in value]
    return result


def make(folder, rows, seed):
    folder = Path(folder)
    (folder / "templates").mkdir(parents=True, exist_ok=True)
    for name, spec in TEMPLATES.items():
        (folder / "templates" / f"Corpus{name}.xml").write_text(template(*spec))
    rng = random.Random(seed)
    pkgs, licences, countries = packages(), licence_paragraphs(), names()
    sections, items = [], []
    for row in range(rows):
        name, summary, body = rng.choice(pkgs)
        kind = rng.randrange(4)
        if kind == 0:
            body = rng.choice(licences)
        elif kind == 1:
            summary = rng.choice(countries)
        title = summary
        if not body:
            body = f"{name}: {summary}"
        body = body[:900]
        items.append({"id": f"r{row}", "template": f"Corpus{rng.choice(list(TEMPLATES))}", "values": {"title": title, "body": body}})
        if len(items) == 40 or row == rows - 1:
            sections.append({"id": f"s{len(sections)}", "header": f"Section {len(sections) + 1}", "items": items})
            items = []
    document = {"title": "Corpus", "theme": "ios", "style": "plain", "width": 390, "templates": ["templates"], "sections": sections}
    (folder / "corpus.json").write_text(json.dumps(document, ensure_ascii=False, indent=1))
    return folder / "corpus.json"


if __name__ == "__main__":
    print(make(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))
