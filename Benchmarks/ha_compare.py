#!/usr/bin/env python3
"""Parlance against hassil on Home Assistant's intent tests, side by side in one run.

    python3 Benchmarks/ha_compare.py [--langs en,de,...] [--rounds 3] [--repeat 3] [--skip-scaling]

Installs hassil 3.13.0 and home-assistant-intents 2026.8.24 into Benchmarks/.venv (once), then
for each language of ../shared/benchmarks/ha/tests (or --tests DIR):
  * runs hassil's recognize_best (best_slot_name="name") on every test sentence, timing the call;
  * runs `parlance test --json` (release build) on the same file and grammar;
and prints strict pass rates, mean and p99 microseconds per sentence of both, and the ratio.
Both matchers see the same sentences and are timed the same way (each sentence the fastest of
--rounds calls in a row); the two runs of a language alternate --repeat times, hassil then
Parlance, and each side's fastest run (lowest mean) counts, so that a busy moment of a shared
machine slows one repetition of both rather than one matcher.
Then compile time and memory per language (parlance-bench grammar), and the time per sentence
with 10, 1,000 and 100,000 names in the `name` list for both matchers.

The slot lists are built as the upstream test runner builds them: `name` from vocab.entities
(with the entity's domain as context), `area` and `floor` from vocab.areas and vocab.floors.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
VENV = HERE / ".venv"
PINS = ["hassil==3.13.0", "home-assistant-intents==2026.8.24"]
DEFAULT_TESTS = ROOT.parent / "shared" / "benchmarks" / "ha" / "tests"
LANGS = ["en", "de", "fr", "es", "it", "pt-BR", "nl", "pl", "ko", "vi",
         "ru", "uk", "tr", "ar", "he", "hi", "th", "ja", "zh-CN", "zh-TW"]


def ensure_venv() -> Path:
    """Create the virtual environment and install the pinned packages if needed."""
    py = VENV / "bin" / "python"
    if not py.exists():
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    probe = subprocess.run([str(py), "-c", "import hassil, home_assistant_intents"], capture_output=True)
    if probe.returncode != 0:
        subprocess.run([str(py), "-m", "pip", "install", "-q", *PINS], check=True)
    return py


def in_venv() -> bool:
    return Path(sys.prefix).resolve() == VENV.resolve()


def data_dir() -> Path:
    import home_assistant_intents  # noqa: PLC0415
    return Path(home_assistant_intents.__file__).parent / "data"


def build_lists(vocab):
    from hassil import TextSlotList  # noqa: PLC0415
    entities = vocab.get("entities", []) if vocab else []
    areas = vocab.get("areas", []) if vocab else []
    floors = vocab.get("floors", []) if vocab else []
    return {
        "name": TextSlotList.from_tuples(
            [(e["name"], e["name"], {"domain": e["domain"]}) for e in entities if "name" in e], name="name"),
        "area": TextSlotList.from_tuples([(a["name"], a["name"]) for a in areas if "name" in a], name="area"),
        "floor": TextSlotList.from_tuples([(f["name"], f["name"]) for f in floors if "name" in f], name="floor"),
    }


def agrees(want, got) -> bool:
    if isinstance(want, list):
        return set(want).issubset(got) if isinstance(got, list) else got in want
    if isinstance(got, list):
        return want in got
    return want == got


def verdict(case, result) -> bool:
    """Strict pass: intent, exactly the slots, and the slot combination."""
    if result is None or result.intent.name != case["intent"]:
        return False
    want = case.get("slots") or {}
    got = {e.name: e.value for e in result.entities.values()}
    for name, value in got.items():
        if want.get(name) is None or not agrees(want[name], value):
            return False
    if any(name not in got for name in want):
        return False
    combo = (result.intent_metadata or {}).get("slot_combination")
    return combo == case.get("slot_combination")


def pct(values, p):
    s = sorted(values)
    return s[min(len(s) - 1, int((len(s) - 1) * p + 0.5))] if s else float("nan")


def run_hassil(lang: str, tests: Path, rounds: int):
    from hassil import Intents, recognize_best  # noqa: PLC0415
    with open(data_dir() / f"{lang}.json", encoding="utf-8") as f:
        intents = Intents.from_dict(json.load(f))
    cases = [json.loads(line) for line in open(tests / f"{lang}.jsonl", encoding="utf-8") if line.strip()]
    passed, times = 0, []
    for case in cases:
        lists = build_lists(case.get("vocab"))
        best, result = float("inf"), None
        for _ in range(rounds):
            t0 = time.perf_counter_ns()
            r = recognize_best(case["sentence"], intents, slot_lists=lists,
                               intent_context=case.get("context") or {}, best_slot_name="name")
            best = min(best, (time.perf_counter_ns() - t0) / 1000)
            result = result or r
        times.append(best)
        passed += verdict(case, result)
    return {"total": len(cases), "passed": passed, "mean": statistics.fmean(times), "p99": pct(times, 0.99)}


def build_parlance():
    subprocess.run(["swift", "build", "-c", "release", "--product", "parlance"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    subprocess.run(["swift", "build", "-c", "release", "--product", "parlance-bench"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    return ROOT / ".build" / "release"


def run_parlance(binaries: Path, lang: str, tests: Path, rounds: int):
    out = subprocess.run([str(binaries / "parlance"), "test", "--json", "--rounds", str(rounds), "--max-failures", "50",
                          "--grammar", str(data_dir() / f"{lang}.json"), str(tests / f"{lang}.jsonl")],
                         capture_output=True, text=True)
    if out.returncode not in (0, 1):
        raise SystemExit(f"parlance test failed for {lang}: {out.stderr}")
    r = json.loads(out.stdout)
    return {"total": r["total"], "passed": r["passed"], "mean": r["meanMicroseconds"], "p99": r["p99Microseconds"],
            "failures": r["failures"]}


FILLER = ["Lamp", "Switch", "Sensor", "Fan", "Heater", "Plug", "Blind", "Speaker"]


def scaling_names(n: int):
    """The names the scaling sentences use, plus filler up to n (same as parlance-bench)."""
    names = ["Kitchen Light", "Office Thermostat", "Garage Door", "Living Room Fan", "Bedroom Lamp"]
    i = 0
    while len(names) < n:
        names.append(f"Device {i} {FILLER[i % len(FILLER)]}")
        i += 1
    return names[:max(n, 5)]


SCALING_SENTENCES = ["turn on the kitchen light", "turn off bedroom lamp", "what is the temperature of the office thermostat",
                     "open the garage door", "turn on the living room fan", "is the kitchen light on"]


def hassil_scaling(counts, rounds):
    from hassil import Intents, TextSlotList, recognize_best  # noqa: PLC0415
    with open(data_dir() / "en.json", encoding="utf-8") as f:
        intents = Intents.from_dict(json.load(f))
    rows = {}
    for n in counts:
        names = scaling_names(n)
        domain = {"Office Thermostat": "climate", "Garage Door": "cover", "Living Room Fan": "fan"}
        lists = {"name": TextSlotList.from_tuples([(x, x, {"domain": domain.get(x, "light")}) for x in names], name="name"),
                 "area": TextSlotList.from_tuples([], name="area"), "floor": TextSlotList.from_tuples([], name="floor")}
        recognize_best(SCALING_SENTENCES[0], intents, slot_lists=lists, best_slot_name="name")  # builds the index
        times = []
        for _ in range(rounds):
            for s in SCALING_SENTENCES:
                t0 = time.perf_counter_ns()
                recognize_best(s, intents, slot_lists=lists, intent_context={"area": "__context_area__"}, best_slot_name="name")
                times.append((time.perf_counter_ns() - t0) / 1000)
        rows[n] = statistics.fmean(times)
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--langs", default=",".join(LANGS))
    ap.add_argument("--tests", default=str(DEFAULT_TESTS))
    ap.add_argument("--rounds", type=int, default=1, help="times each sentence is matched; the fastest counts")
    ap.add_argument("--repeat", type=int, default=3,
                    help="times the two runs of a language alternate; each side's fastest run counts")
    ap.add_argument("--skip-scaling", action="store_true")
    ap.add_argument("--json", help="also write the results to this file")
    args = ap.parse_args()
    if not in_venv():
        py = ensure_venv()
        os.execv(str(py), [str(py), __file__, *sys.argv[1:]])
    tests = Path(args.tests)
    langs = [x for x in args.langs.split(",") if x]
    binaries = build_parlance()
    results = {}
    print(f"{'lang':6} {'cases':>5} | {'hassil strict':>13} {'mean µs':>9} {'p99 µs':>9} | "
          f"{'parlance strict':>15} {'mean µs':>8} {'p99 µs':>8} | {'speed-up':>8}")
    for lang in langs:
        h = p = None
        for _ in range(max(args.repeat, 1)):
            hr = run_hassil(lang, tests, args.rounds)
            pr = run_parlance(binaries, lang, tests, args.rounds)
            h = hr if h is None or hr["mean"] < h["mean"] else h
            p = pr if p is None or pr["mean"] < p["mean"] else p
        results[lang] = {"hassil": h, "parlance": p}
        print(f"{lang:6} {h['total']:5} | {100 * h['passed'] / h['total']:12.2f}% {h['mean']:9.1f} {h['p99']:9.1f} | "
              f"{100 * p['passed'] / p['total']:14.2f}% {p['mean']:8.2f} {p['p99']:8.2f} | {h['mean'] / p['mean']:7.0f}×",
              flush=True)
    for lang in langs:
        for f in results[lang]["parlance"]["failures"]:
            print(f"  parlance {lang} FAIL {f['source']}: {f['sentence']!r} expected {f['expectedIntent']} "
                  f"{f['expectedSlots']} ({f.get('expectedSlotCombination')}), got {f.get('actualIntent')} "
                  f"{f.get('actualSlots')} ({f.get('actualSlotCombination')})")
    bench = subprocess.run([str(binaries / "parlance-bench"), "grammar", "--json"], capture_output=True, text=True,
                           env={**os.environ, "PARLANCE_HA_DATA": str(data_dir()), "PARLANCE_HA_LANGS": ",".join(langs),
                                "PARLANCE_SCALING": "0" if args.skip_scaling else "1"})
    rows = json.loads(bench.stdout) if bench.returncode == 0 else []
    print("\ncompile time and memory (Parlance):")
    for r in rows:
        if r["name"].startswith("compile "):
            f = r["figures"]
            print(f"  {r['name'][8:]:6} {f['ms']:8.1f} ms  {f['templates']:6.0f} templates  {f['nodes']:8.0f} nodes  "
                  f"+{f['rssMiB']:6.1f} MiB resident")
    print("\npathological grammars (Parlance):")
    for r in rows:
        if r["name"] in ("30-way permutation", "90 nested optionals", "1,000,000 values"):
            print(f"  {r['name']:20} " + "  ".join(f"{k}={v:.1f}" for k, v in sorted(r["figures"].items())))
    if not args.skip_scaling:
        counts = [10, 1000, 100000]
        hs = hassil_scaling(counts, args.rounds)
        ps = {int(r["name"].split()[1]): r["figures"]["mean_us"] for r in rows if r["name"].startswith("names ")}
        print("\nscaling with names in the `name` list (en, mean µs per sentence):")
        print(f"  {'names':>7} | {'hassil':>10} | {'parlance':>9} | speed-up")
        for n in counts:
            p = ps.get(n, float("nan"))
            print(f"  {n:7} | {hs[n]:10.1f} | {p:9.2f} | {hs[n] / p:7.0f}×")
        results["scaling"] = {"hassil": hs, "parlance": ps}
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1, default=str))


if __name__ == "__main__":
    main()
