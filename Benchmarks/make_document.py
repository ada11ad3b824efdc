#!/usr/bin/env python3
"""Turns the benchmark list of ../shared/bench/gen_rows.py (TSV on stdin) into a tablerender
document: same rows, fonts, paddings, width 390 and a "SECTION k" header every 100 rows.
usage: gen_rows.py N tsv | make_document.py > bench-list/rows-N.json"""
import json
import sys

sections = []
for index, line in enumerate(sys.stdin):
    title, subtitle = line.rstrip("\n").split("\t")
    if index % 100 == 0:
        number = index // 100 + 1
        sections.append({"id": f"s{number}", "header": {"template": "BenchHeader", "values": {"title": f"Section {number}"}}, "items": []})
    sections[-1]["items"].append({"id": f"r{index}", "template": "BenchRow", "values": {"title": title, "subtitle": subtitle}})
json.dump({"theme": "ios", "style": "plain", "width": 390, "page": "390x844", "templates": ["templates"], "sections": sections},
          sys.stdout, ensure_ascii=False)
