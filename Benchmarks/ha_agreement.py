#!/usr/bin/env python3
"""Parlance against hassil on languages that have no test file here: agreement on sampled sentences.

    python3 Benchmarks/ha_agreement.py [--langs bg,ca,...] [--per-template 2]

For every language of home-assistant-intents 2026.8.24 that is not among the 20 of
../shared/benchmarks/ha/tests (or those given), samples sentences from each template with hassil's
sampler (entity, area and floor names from a small fixed vocabulary), asks hassil's recognize_best
(best_slot_name="name") for its reading, writes the cases in the tests format
(Benchmarks/results/agreement/<lang>.jsonl) and runs `parlance test` on them: the strict pass
rate is the share of sentences on which Parlance's best reading equals hassil's (intent, slots
and slot combination). Sentences hassil itself cannot read are left out, and so are templates
that hassil's sampler cannot sample within --max-gib of memory and --max-seconds (it expands
some permutations in full); their number is printed.
"""
import argparse
import itertools
import json
import os
import random
import resource
import signal
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import ha_compare  # noqa: E402

VOCAB = {
    "entities": [{"name": "Kitchen Light", "domain": "light"}, {"name": "Office Fan", "domain": "fan"},
                 {"name": "Garage Door", "domain": "cover"}, {"name": "Living Room Thermostat", "domain": "climate"},
                 {"name": "Front Lock", "domain": "lock"}, {"name": "Speaker", "domain": "media_player"},
                 {"name": "Robot", "domain": "vacuum"}, {"name": "Mower", "domain": "lawn_mower"},
                 {"name": "Groceries", "domain": "todo"}, {"name": "Porch Sensor", "domain": "binary_sensor"},
                 {"name": "Pump Switch", "domain": "switch"}, {"name": "Evening Scene", "domain": "scene"}],
    "areas": [{"name": "Kitchen"}, {"name": "Bedroom"}],
    "floors": [{"name": "Upstairs"}],
}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--langs")
    ap.add_argument("--per-template", type=int, default=2)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--max-gib", type=float, default=4, help="memory limit of this process")
    ap.add_argument("--max-seconds", type=int, default=5, help="time limit for sampling one template")
    args = ap.parse_args()
    if not ha_compare.in_venv():
        py = ha_compare.ensure_venv()
        os.execv(str(py), [str(py), __file__, *sys.argv[1:]])
    from hassil import Intents, recognize_best  # noqa: PLC0415
    from hassil.sample import sample_sentence  # noqa: PLC0415
    data = ha_compare.data_dir()
    seen = set(ha_compare.LANGS)
    langs = args.langs.split(",") if args.langs else sorted(
        p.stem for p in data.glob("*.json") if p.stem not in seen and p.stem != "intents")
    binaries = ha_compare.build_parlance()
    # The limit holds for sampling here only; the matcher runs without it.
    _, hard = resource.getrlimit(resource.RLIMIT_AS)

    def too_slow(*_):
        raise TimeoutError
    signal.signal(signal.SIGALRM, too_slow)
    resource.setrlimit(resource.RLIMIT_AS, (int(args.max_gib * 2**30), hard))
    out_dir = HERE / "results" / "agreement"
    out_dir.mkdir(parents=True, exist_ok=True)
    rng = random.Random(args.seed)
    lists = ha_compare.build_lists(VOCAB)
    context = {"area": "__context_area__"}
    total_cases = total_passed = 0
    print(f"{'lang':7} {'cases':>6} {'agree':>8} {'unsampled':>9}")
    for lang in langs:
        with open(data / f"{lang}.json", encoding="utf-8") as f:
            doc = json.load(f)
        if "intents" not in doc:
            continue
        intents = Intents.from_dict(doc)
        all_lists = {**intents.slot_lists, **lists}
        cases = []
        unsampled = 0
        for intent in intents.intents.values():
            for block in intent.data:
                rules = {**intents.expansion_rules, **block.expansion_rules}
                for sentence in block.sentences:
                    signal.alarm(args.max_seconds)
                    try:
                        texts = list(itertools.islice(sample_sentence(sentence, all_lists, rules, language=lang), 60))
                    except (MemoryError, TimeoutError):
                        unsampled += 1
                        continue
                    except Exception:  # noqa: BLE001 (wildcards and missing lists cannot be sampled)
                        continue
                    finally:
                        signal.alarm(0)
                    for text in rng.sample(texts, min(args.per_template, len(texts))):
                        r = recognize_best(text, intents, slot_lists=lists, intent_context=context, best_slot_name="name")
                        if r is None:
                            continue
                        cases.append({"sentence": text, "intent": r.intent.name,
                                      "slots": {e.name: e.value for e in r.entities.values()},
                                      "slot_combination": (r.intent_metadata or {}).get("slot_combination"),
                                      "context": context, "vocab": VOCAB})
        path = out_dir / f"{lang}.jsonl"
        path.write_text("".join(json.dumps(c, ensure_ascii=False, default=str) + "\n" for c in cases), encoding="utf-8")
        res = subprocess.run([str(binaries / "parlance"), "test", "--json", "--max-failures", "20",
                              "--grammar", str(data / f"{lang}.json"), str(path)], capture_output=True, text=True,
                             preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (hard, hard)))
        rep = json.loads(res.stdout)
        total_cases += rep["total"]
        total_passed += rep["passed"]
        print(f"{lang:7} {rep['total']:6} {100 * rep['passed'] / max(rep['total'], 1):7.2f}% {unsampled:9}", flush=True)
        for f in rep["failures"]:
            print(f"    {f['sentence']!r}: hassil {f['expectedIntent']} {f['expectedSlots']} "
                  f"({f.get('expectedSlotCombination')}), parlance {f.get('actualIntent')} {f.get('actualSlots')} "
                  f"({f.get('actualSlotCombination')})")
    print(f"all    {total_cases:6} {100 * total_passed / max(total_cases, 1):7.2f}%")


if __name__ == "__main__":
    main()
