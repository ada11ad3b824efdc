#!/usr/bin/env python3
"""The peers benchmark: the vocabulary list of Benchmarks/lists.py at 1,000, 10,000 and 100,000 rows, rendered in one run by the floor program (raw Pango + Cairo in C),
by tablerender (PDF, PNG pages, HTML; release build), and at 10,000 rows by headless Chromium
print-to-pdf and WeasyPrint. Prints one table: wall time and peak memory of whole processes, and
ratios to the floor and to the peers, with the targets beside them.
usage: Benchmarks/peers.py [--quick]     (--quick: 1,000 and 10,000 rows only)"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LISTS = ROOT / "Benchmarks" / "lists.py"
BINARY = ROOT / ".build" / "release" / "tablerender"
SIZES = [1_000, 10_000] if "--quick" in sys.argv else [1_000, 10_000, 100_000]


def run(command, env=None, repeat=3):
    """Median wall time (s) and the largest peak RSS (MB) of a whole process, via /usr/bin/time."""
    results = []
    for _ in range(repeat):
        completed = subprocess.run(["/usr/bin/time", "-f", "TIME %e %M", *command], capture_output=True, text=True,
                                   env={**os.environ, **(env or {})})
        if completed.returncode != 0:
            raise RuntimeError(f"{command[0]} failed: {completed.stderr[-500:]}")
        wall, rss = re.findall(r"TIME ([0-9.]+) ([0-9]+)", completed.stderr)[-1]
        results.append((float(wall), int(rss) / 1024))
    results.sort()
    return results[len(results) // 2][0], max(r[1] for r in results)


def main():
    subprocess.run(["swift", "build", "-c", "release", "--product", "tablerender"], cwd=ROOT, check=True, capture_output=True)
    work = Path(tempfile.mkdtemp())
    floor = work / "floor"
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "pangocairo", "libpng"], capture_output=True, text=True, check=True).stdout.split()
    subprocess.run(["cc", "-O2", str(ROOT / "Benchmarks" / "floor" / "floor.c"), "-o", str(floor), *flags], check=True)
    rows = {}
    for size in SIZES:
        tsv = work / f"rows-{size}.tsv"
        tsv.write_text(subprocess.run([sys.executable, str(LISTS), "vocabulary", str(size), "tsv"], capture_output=True, text=True, check=True).stdout)
        document = subprocess.run([sys.executable, str(LISTS), "vocabulary", str(size), "document"], capture_output=True, text=True, check=True).stdout
        folder = work / f"doc-{size}"
        shutil.copytree(ROOT / "Benchmarks" / "bench-list" / "templates", folder / "templates")
        spec = json.loads(document)
        (folder / "rows.json").write_text(json.dumps(spec))
        spec["page"] = "390x2000"
        (folder / "rows-png.json").write_text(json.dumps(spec))
        spec["page"] = "content"
        (folder / "rows-html.json").write_text(json.dumps(spec))
        out = work / f"out-{size}"
        repeat = 1 if size >= 100_000 else 3
        sh = lambda command: ["sh", "-c", command]
        rows[size] = {
            "floor PDF": run(sh(f"{floor} pdf {out} < {tsv} > /dev/null"), repeat=repeat) if out.mkdir(parents=True) is None else None,
            "floor PNG": run(sh(f"{floor} png {out} < {tsv} > /dev/null"), repeat=repeat),
            "tablerender PDF": run([str(BINARY), str(folder / "rows.json"), "-f", "pdf", "-o", str(out), "-q"], repeat=repeat),
            "tablerender PDF, 1 thread": run([str(BINARY), str(folder / "rows.json"), "-f", "pdf", "-o", str(out), "-q"],
                                             env={"TABLERENDER_THREADS": "1"}, repeat=repeat),
            "tablerender PNG pages @1x": run([str(BINARY), str(folder / "rows-png.json"), "-f", "png", "--scale", "1", "-o", str(out), "-q"], repeat=repeat),
            "tablerender HTML": run([str(BINARY), str(folder / "rows-html.json"), "-f", "html", "-o", str(out), "-q"], repeat=repeat),
        }
        if size == 10_000:
            page = work / "rows.html"
            page.write_text(subprocess.run([sys.executable, str(LISTS), "vocabulary", str(size), "html"], capture_output=True, text=True, check=True).stdout)
            chromium = shutil.which("chromium")
            if chromium:
                rows[size]["Chromium print-to-pdf"] = run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
                                                           f"--print-to-pdf={work / 'c.pdf'}", page.as_uri()])
            if shutil.which("weasyprint"):
                rows[size]["WeasyPrint"] = run(["weasyprint", str(page), str(work / "w.pdf")], repeat=1)
    small = work / "small"
    shutil.copytree(ROOT / "Benchmarks" / "bench-list" / "templates", small / "templates")
    spec = json.loads((work / "doc-1000" / "rows.json").read_text())
    spec["sections"] = [{"id": "s1", "header": spec["sections"][0]["header"], "items": spec["sections"][0]["items"][:20]}]
    spec["page"] = "content"
    (small / "rows.json").write_text(json.dumps(spec))
    small_png = run([str(BINARY), str(small / "rows.json"), "-f", "png", "-o", str(work / "small-out"), "-q"], repeat=5)

    print(f"{'work':<36} {'rows':>8} {'wall s':>8} {'peak MB':>8}  {'ratio':<40}")
    for size, entries in rows.items():
        for name, (wall, rss) in entries.items():
            ratio = ""
            if name.startswith("tablerender PDF"):
                ratio = f"{wall / entries['floor PDF'][0]:.2f}× floor PDF"
            elif name.startswith("tablerender PNG"):
                ratio = f"{wall / entries['floor PNG'][0]:.2f}× floor PNG"
            elif name in ("Chromium print-to-pdf", "WeasyPrint"):
                ratio = f"tablerender PDF is {wall / entries['tablerender PDF'][0]:.1f}× faster"
            print(f"{name:<36} {size:>8} {wall:>8.2f} {rss:>8.0f}  {ratio}")
    print(f"{'tablerender PNG, 20-row document':<36} {20:>8} {small_png[0]:>8.3f} {small_png[1]:>8.0f}  target ≤ 0.150 s")
    ten = rows.get(10_000, {})
    print("\ntargets (this machine, one run):")
    if ten:
        print(f"  10,000 → PDF, 1 thread ≤ 1.1× floor:     {ten['tablerender PDF, 1 thread'][0] / ten['floor PDF'][0]:.2f}×")
        print(f"  10,000 → PDF, both cores ≤ 0.75× floor:  {ten['tablerender PDF'][0] / ten['floor PDF'][0]:.2f}×")
        print(f"  10,000 → PNG pages ≤ 1.3× floor:         {ten['tablerender PNG pages @1x'][0] / ten['floor PNG'][0]:.2f}×")
        if "Chromium print-to-pdf" in ten:
            print(f"  ≥ 4× faster than Chromium:              {ten['Chromium print-to-pdf'][0] / ten['tablerender PDF'][0]:.1f}×")
        if "WeasyPrint" in ten:
            print(f"  ≥ 15× faster than WeasyPrint:           {ten['WeasyPrint'][0] / ten['tablerender PDF'][0]:.1f}×")
    if 100_000 in rows and ten:
        per_row = (rows[100_000]["tablerender PDF"][0] / 100_000) / (ten["tablerender PDF"][0] / 10_000)
        print(f"  100,000 → PDF, time per row ≤ 1.15× 10k: {per_row:.2f}×; peak memory ≤ 300 MB: {rows[100_000]['tablerender PDF'][1]:.0f} MB")
        print(f"  100,000 → HTML ≤ 2 s:                    {rows[100_000]['tablerender HTML'][0]:.2f} s")
    print(f"  20-row document → PNG ≤ 150 ms:          {small_png[0] * 1000:.0f} ms")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
