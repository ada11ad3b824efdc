#!/usr/bin/env python3
"""Real text and the vocabulary list, side by side: each list of Benchmarks/lists.py at N rows
(default 10,000) rendered to PDF pages (390x844) by the floor program (Benchmarks/floor/floor.c)
and by tablerender four ways — on both cores (worker processes) and on one thread, with the word
shaper deciding for itself and with every paragraph shaped by Pango — whole processes. The runs
are interleaved: each round runs the floor and then the four (every other round the other way
round), so that a ratio compares runs made side by side (a shared machine changes speed from one
minute to the next); it prints the median wall seconds and the median of the rounds' ratios to
the floor, and of the word shaper to every paragraph by Pango, with the targets.

usage: Benchmarks/text.py [ROWS] [KIND ...]      (kinds: vocabulary people packages licences)
       TEXT_ROUNDS=N sets the number of rounds (default 5).
Needs faker for the people list (pip install faker)."""
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BINARY = ROOT / ".build" / "release" / "tablerender"
KINDS = ["vocabulary", "people", "packages", "licences"]


def run(command, env=None):
    """Wall time (s) and peak RSS (MB) of a whole process."""
    done = subprocess.run(["/usr/bin/time", "-f", "TIME %e %M", *command], capture_output=True, text=True,
                          env={**os.environ, **(env or {})})
    if done.returncode != 0:
        raise SystemExit(f"{command[0]} failed: {done.stderr[-800:]}")
    wall, rss = re.findall(r"TIME ([0-9.]+) ([0-9]+)", done.stderr)[-1]
    return float(wall), int(rss) / 1024


def floor_program(work):
    floor = work / "floor"
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "pangocairo", "libpng"], capture_output=True, text=True, check=True).stdout.split()
    subprocess.run(["cc", "-O2", str(ROOT / "Benchmarks" / "floor" / "floor.c"), "-o", str(floor), *flags], check=True)
    return floor


def main():
    arguments = sys.argv[1:]
    rows = int(arguments.pop(0)) if arguments and arguments[0].isdigit() else 10_000
    kinds = arguments or KINDS
    subprocess.run(["swift", "build", "-c", "release", "--product", "tablerender"], cwd=ROOT, check=True, capture_output=True)
    work = Path(tempfile.mkdtemp())
    floor = floor_program(work)
    variants = [("both cores", {}), ("both cores, every paragraph by Pango", {"TABLERENDER_SHAPE_EVERY_PARAGRAPH": "1"}),
                ("one thread", {"TABLERENDER_THREADS": "1"}),
                ("one thread, every paragraph by Pango", {"TABLERENDER_THREADS": "1", "TABLERENDER_SHAPE_EVERY_PARAGRAPH": "1"})]
    print(f"{rows:,} rows → PDF pages 390x844, whole processes, {os.environ.get('TEXT_ROUNDS', '5')} interleaved rounds (median wall s, peak MB, median ratio to the floor)")
    print(f"{'list':<12} {'work':<40} {'wall s':>7} {'MB':>6} {'ratio':>7}")
    failures = []
    for kind in kinds:
        folder = work / kind
        shutil.copytree(ROOT / "Benchmarks" / "bench-list" / "templates", folder / "templates")
        tsv = folder / "rows.tsv"
        for form, path in (("tsv", tsv), ("document", folder / "rows.json")):
            with open(path, "w", encoding="utf-8") as out:
                subprocess.run([sys.executable, str(ROOT / "Benchmarks" / "lists.py"), kind, str(rows), form], stdout=out, check=True)
        out = folder / "out"
        out.mkdir()
        rounds = int(os.environ.get("TEXT_ROUNDS", "5"))
        floor_runs = []
        runs = {name: [] for name, _ in variants}
        for number in range(rounds):
            # Every other round runs the five the other way round, so that no program always
            # runs first, or right after another.
            order = [None] + variants
            for entry in (order if number % 2 == 0 else order[::-1]):
                if entry is None:
                    floor_runs.append(run(["sh", "-c", f"{floor} pdf {out} < {tsv} > /dev/null"]))
                else:
                    name, env = entry
                    runs[name].append(run([str(BINARY), str(folder / "rows.json"), "-f", "pdf", "-o", str(out), "-q"], env=env))
        base = statistics.median(wall for wall, _ in floor_runs)
        print(f"{kind:<12} {'floor (Pango + Cairo in C)':<40} {base:>7.2f} {max(rss for _, rss in floor_runs):>6.0f}")
        ratios = {}
        for name, _ in variants:
            ratios[name] = statistics.median(wall / floor_wall for (wall, _), (floor_wall, _) in zip(runs[name], floor_runs))
            wall = statistics.median(wall for wall, _ in runs[name])
            print(f"{kind:<12} {'tablerender, ' + name:<40} {wall:>7.2f} {max(rss for _, rss in runs[name]):>6.0f} {ratios[name]:>6.2f}×")
        # The word shaper against every paragraph by Pango: the median of the rounds' ratios of
        # the two runs made one after the other.
        def words(mode):
            return statistics.median(a / b for (a, _), (b, _) in zip(runs[mode], runs[mode + ", every paragraph by Pango"]))
        checks = [(ratios["both cores"] <= 0.75, f"both cores ≤ 0.75× floor ({ratios['both cores']:.2f}×)"),
                  (ratios["one thread"] <= 1.1, f"one thread ≤ 1.1× floor ({ratios['one thread']:.2f}×)"),
                  (words("both cores") <= 1.03, f"words never slower than every paragraph (both cores: {words('both cores'):.2f}×)"),
                  (words("one thread") <= 1.03, f"words never slower than every paragraph (one thread: {words('one thread'):.2f}×)")]
        for passed, what in checks:
            print(f"{'':<12} {'✓' if passed else '✗'} {what}")
            if not passed:
                failures.append(f"{kind}: {what}")
    shutil.rmtree(work, ignore_errors=True)
    print("\nall targets met" if not failures else "\nnot met:\n  " + "\n  ".join(failures))


if __name__ == "__main__":
    main()
