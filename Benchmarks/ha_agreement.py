#!/usr/bin/env python3
"""Parlance against hassil on languages that have no test file here: agreement on sampled sentences.

    python3 Benchmarks/ha_agreement.py [--langs bg,ca,...] [--per-template 2]

For every language of home-assistant-intents 2026.8.24 that is not among the 20 of
../shared/benchmarks/ha/tests (or those given), samples sentences from each template with hassil's
sampler (entity, area and floor names from a small fixed vocabulary), asks hassil's recognize_best
(best_slot_name="name") for its reading, writes the cases in the tests format
(Benchmarks/results/agreement/<lang>.jsonl) and runs `parlance test` on them: the strict pass
rate is the share of sentences on which Parlance's best reading equals hassil's (intent, slots
and slot combination). Sentences hassil itself cannot read are left out.
"""
import argparse
import itertools
import json
import os
import random
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
    out_dir = HERE / "results" / "agreement"
    out_dir.mkdir(parents=True, exist_ok=True)
    rng = random.Random(args.seed)
    lists = ha_compare.build_lists(VOCAB)
    context = {"area": "__context_area__"}
    total_cases = total_passed = 0
    print(f"{'lang':7} {'cases':>6} {'agree':>8}")
    for lang in langs:
        with open(data / f"{lang}.json", encoding="utf-8") as f:
            doc = json.load(f)
        if "intents" not in doc:
            continue
        intents = Intents.from_dict(doc)
        all_lists = {**intents.slot_lists, **lists}
        cases = []
        for intent in intents.intents.values():
            for block in intent.data:
                rules = {**intents.expansion_rules, **block.expansion_rules}
                for sentence in block.sentences:
                    try:
                        texts = list(itertools.islice(sample_sentence(sentence, all_lists, rules, language=lang), 60))
                    except Exception:  # noqa: BLE001 (wildcards and missing lists cannot be sampled)
                        continue
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
                              "--grammar", str(data / f"{lang}.json"), str(path)], capture_output=True, text=True)
        rep = json.loads(res.stdout)
        total_cases += rep["total"]
        total_passed += rep["passed"]
        print(f"{lang:7} {rep['total']:6} {100 * rep['passed'] / max(rep['total'], 1):7.2f}%", flush=True)
        for f in rep["failures"]:
            print(f"    {f['sentence']!r}: hassil {f['expectedIntent']} {f['expectedSlots']} "
                  f"({f.get('expectedSlotCombination')}), parlance {f.get('actualIntent')} {f.get('actualSlots')} "
                  f"({f.get('actualSlotCombination')})")
    print(f"all    {total_cases:6} {100 * total_passed / max(total_cases, 1):7.2f}%")


if __name__ == "__main__":
    main()
