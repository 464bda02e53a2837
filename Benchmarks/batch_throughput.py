#!/usr/bin/env python3
"""Throughput and memory of `parlance batch` on a large JSON Lines input.

    python3 Benchmarks/batch_throughput.py [--lines 100000] [--jobs 1,2] [--binary .build/release/parlance]

Builds the sentences from every locale pack's tests (Locales/*/tests/*.yaml), cycles them into
--lines input lines ({"utterance", "locale", "id"}), and runs `parlance batch` with each --jobs
value, streaming the input through a pipe (the file is never held in memory by the command).
Reports lines per second, wall and CPU time, and the peak resident memory of the process; the
same run on a tenth of the lines shows whether memory grows with the input (it should not: batch
matches a chunk at a time and writes it before reading the next).

Build first: swift build -c release --product parlance. Needs PyYAML (python3 -m pip install pyyaml).
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent


def sentences():
    """(sentence, locale) for every test sentence of every locale pack."""
    out = []
    for pack in sorted((ROOT / "Locales").iterdir()):
        tests = pack / "tests"
        if not tests.is_dir():
            continue
        for f in sorted(tests.glob("*.yaml")):
            doc = yaml.safe_load(f.read_text(encoding="utf-8")) or {}
            for t in doc.get("tests", []):
                out += [(s, pack.name) for s in t.get("sentences", [])]
    return out


def write_input(path, n, pool):
    with open(path, "w", encoding="utf-8") as f:
        for i in range(n):
            s, loc = pool[i % len(pool)]
            f.write(json.dumps({"utterance": s, "locale": loc, "id": i}, ensure_ascii=False) + "\n")


def run(binary, path, jobs):
    """Runs batch on the file through a pipe; returns wall seconds, CPU seconds, peak RSS KiB, lines out."""
    with open(path, "rb") as inp:
        t0 = time.perf_counter()
        p = subprocess.Popen([binary, "batch", "--jobs", str(jobs)], stdin=inp, stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL)
        lines = 0
        for _ in p.stdout:
            lines += 1
        _, status, usage = os.wait4(p.pid, 0)
        wall = time.perf_counter() - t0
    # Exit 1 only says a line had no reading or an error; anything else is a failure of the run.
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        sys.exit(f"parlance batch exited {code}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss, lines


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lines", type=int, default=100_000)
    ap.add_argument("--jobs", default="1,2")
    ap.add_argument("--binary", default=str(ROOT / ".build" / "release" / "parlance"))
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    if not Path(a.binary).exists():
        sys.exit(f"{a.binary} not found: swift build -c release --product parlance")
    pool = sentences()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in (a.lines // 10, a.lines):
            path = Path(tmp) / f"lines-{n}.jsonl"
            write_input(path, n, pool)
            for jobs in [int(j) for j in a.jobs.split(",")]:
                wall, cpu, rss, out = run(a.binary, path, jobs)
                if out != n:
                    sys.exit(f"parlance batch wrote {out} lines for {n}")
                rows.append({"lines": n, "jobs": jobs, "linesPerSecond": n / wall, "wallSeconds": wall,
                             "cpuSeconds": cpu, "peakRSSMiB": rss / 1024, "linesOut": out})
    if a.json:
        print(json.dumps(rows, indent=2))
        return
    print(f"{len(pool)} distinct sentences in {len({l for _, l in pool})} locales, cycled")
    print(f"{'lines':>8} {'jobs':>4} {'lines/s':>9} {'wall s':>7} {'cpu s':>7} {'peak MiB':>9}")
    for r in rows:
        print(f"{r['lines']:>8} {r['jobs']:>4} {r['linesPerSecond']:>9.0f} {r['wallSeconds']:>7.1f} "
              f"{r['cpuSeconds']:>7.1f} {r['peakRSSMiB']:>9.1f}")


if __name__ == "__main__":
    main()
