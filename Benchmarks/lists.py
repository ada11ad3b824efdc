#!/usr/bin/env python3
"""The benchmark lists: N rows of a bold title over a subtitle, in sections of 100, as TSV (for
the floor program), as a tablerender document (Benchmarks/bench-list/templates), or as one HTML
page (for Chromium and WeasyPrint). Every kind is deterministic for a given N.

    lists.py KIND N tsv|document|html > OUT

Kinds:
  vocabulary  random titles and subtitles from a vocabulary of 90 words: every word repeats
              hundreds of times (the list that favours shaping each word once)
  people      names and cities over sentences, from faker in 24 locales (Latin, Cyrillic, Greek,
              CJK, Arabic, Hebrew, Vietnamese); `pip install faker` if it is missing
  packages    the installed Debian packages: name and version over sentences of their descriptions
              (/var/lib/dpkg/status)
  licences    sentences of the licences in /usr/share/common-licenses, under the licence's name
The real-text lists never repeat a row (sentences are drawn anew for each), as a real list does
not; their words repeat as the language repeats them: names a few times each, technical and legal
English tens of times. The vocabulary list repeats each of its words hundreds of times.
"""
import html
import json
import os
import random
import re
import sys

VOCABULARY = ("the a an of to in on for with by at from as and or is it its this that list row rows table section header "
              "footer title subtitle label stack image switch value detail cell template theme layout render renders "
              "rendered wrap wraps line lines width height page pages text font bold light dark color colour settings "
              "account profile privacy network Wi-Fi Bluetooth battery storage general display sound notifications "
              "café naïve résumé Zürich München São Paulo 2024 42 7.5 e-mail sign-in well-known long short quick").split()


def vocabulary(n):
    rng = random.Random(2026)
    for _ in range(n):
        title = " ".join(rng.choice(VOCABULARY) for _ in range(rng.randint(2, 5))).capitalize()
        subtitle = " ".join(rng.choice(VOCABULARY) for _ in range(rng.randint(11, 17))) + "."
        yield title, subtitle


def people(n):
    try:
        from faker import Faker
    except ImportError:
        sys.exit("lists.py people: needs faker (pip install faker)")
    locales = ["en_US", "de_DE", "fr_FR", "es_ES", "it_IT", "pt_BR", "pl_PL", "ru_RU", "uk_UA", "el_GR", "tr_TR", "ja_JP",
               "zh_CN", "ko_KR", "ar_AA", "he_IL", "cs_CZ", "sv_SE", "fi_FI", "hu_HU", "nl_NL", "vi_VN", "da_DK", "ro_RO"]
    fakers = []
    for index, locale in enumerate(locales):
        faker = Faker(locale)
        faker.seed_instance(index)
        fakers.append(faker)
    rng = random.Random(2026)
    for _ in range(n):
        faker = rng.choice(fakers)
        yield f"{faker.name()}, {faker.city()}", faker.sentence(nb_words=rng.randint(8, 22))


def sentences(text):
    """The sentences of a text, whitespace folded."""
    words = " ".join(text.split())
    return [part.strip() + "." for part in re.split(r"(?<=[a-z)])\.\s+(?=[A-Z(])", words.rstrip(".")) if len(part.strip()) > 3]


def packages(n):
    names, pool = [], []
    with open("/var/lib/dpkg/status", encoding="utf-8", errors="replace") as status:
        name, summary, body = None, None, []
        for line in list(status) + [""]:
            if line.startswith("Package: "):
                name = line[9:].strip()
            elif line.startswith("Description: "):
                summary, body = line[13:].strip(), []
            elif summary is not None and line.startswith(" "):
                if line.strip() != ".":
                    body.append(line.strip())
            elif summary is not None:
                names.append(name or summary)
                pool += sentences(" ".join(body)) or [summary + "."]
                summary = None
    rng = random.Random(2026)
    for _ in range(n):
        version = f"{rng.randint(0, 12)}.{rng.randint(0, 40)}.{rng.randint(0, 9)}"
        yield f"{rng.choice(names)} {version}", " ".join(rng.choice(pool) for _ in range(rng.randint(2, 3)))[:700]


def licences(n):
    folder = "/usr/share/common-licenses"
    entries = []
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        if os.path.isfile(path):
            with open(path, encoding="utf-8", errors="replace") as text:
                entries += [(name, sentence) for sentence in sentences(text.read().replace("\f", ""))]
    rng = random.Random(2026)
    for index in range(n):
        name, sentence = rng.choice(entries)
        yield f"{name}, clause {index + 1}", " ".join([sentence] + [rng.choice(entries)[1] for _ in range(rng.randint(1, 2))])[:700]


KINDS = {"vocabulary": vocabulary, "people": people, "packages": packages, "licences": licences}


def document(rows):
    sections = []
    for index, (title, subtitle) in enumerate(rows):
        if index % 100 == 0:
            number = index // 100 + 1
            sections.append({"id": f"s{number}", "header": {"template": "BenchHeader", "values": {"title": f"Section {number}"}}, "items": []})
        sections[-1]["items"].append({"id": f"r{index}", "template": "BenchRow", "values": {"title": title, "subtitle": subtitle}})
    return json.dumps({"theme": "ios", "style": "plain", "width": 390, "page": "390x844", "templates": ["templates"], "sections": sections},
                      ensure_ascii=False)


def page(rows):
    out = ['<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Benchmark list</title><style>',
           "@page { size: 390px 844px; margin: 0 }",
           "html, body { margin: 0; padding: 0; width: 390px; background: #fff; font-family: Inter, sans-serif; }",
           "h2 { margin: 0; padding: 22px 23.5px 6px; font-size: 13px; line-height: 18px; font-weight: 400; color: #6d6d72;"
           " text-transform: uppercase; background: #f2f2f7; }",
           "ul { list-style: none; margin: 0; padding: 0; }",
           "li { padding: 11px 23.5px 11px; border-bottom: 0.5px solid #c6c6c8; break-inside: avoid; }",
           "li b { display: block; font-size: 17px; line-height: 22px; font-weight: 700; color: #000; }",
           "li span { display: block; font-size: 15px; line-height: 20px; color: #3c3c43; }",
           "</style></head><body>"]
    for index, (title, subtitle) in enumerate(rows):
        if index % 100 == 0:
            if index:
                out.append("</ul></section>")
            out.append(f"<section><h2>Section {index // 100 + 1}</h2><ul>")
        out.append(f"<li><b>{html.escape(title)}</b><span>{html.escape(subtitle)}</span></li>")
    out.append("</ul></section></body></html>")
    return "\n".join(out)


def main():
    if len(sys.argv) != 4 or sys.argv[1] not in KINDS or sys.argv[3] not in ("tsv", "document", "html"):
        sys.exit(__doc__)
    rows = [(title.replace("\t", " "), subtitle.replace("\t", " ")) for title, subtitle in KINDS[sys.argv[1]](int(sys.argv[2]))]
    form = sys.argv[3]
    if form == "tsv":
        sys.stdout.write("".join(f"{title}\t{subtitle}\n" for title, subtitle in rows))
    elif form == "document":
        print(document(rows))
    else:
        print(page(rows))


if __name__ == "__main__":
    main()
