"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import jload, lines, ok, read

try:
    d = jload('synth/patches/backup/warm_pad.json')
    ok(d == {'name': 'Warm Pad', 'osc': ['saw', 'saw'], 'detune_cents': 7, 'cutoff_hz': 1800, 'attack_ms': 380, 'release_ms': 1600}, d)
    ok(lines(read('synth/patches/warm_pad.json')) == ['{', '"name": "Warm Pad"', '"osc": [', '"saw"', '"saw"', ']', '"detune_cents": 7', '"cutoff_hz": 1800', '"attack_ms": 380', '"release_ms": 1600', '}'], 'synth/patches/warm_pad.json changed or gone')
    ok(lines(read('synth/patches/backup/glass_bell.json')) == ['{', '"name": "Hollow Reed"', '"osc": [', '"sine"', ']', '"cutoff_hz": 6000', '}'], 'synth/patches/backup/glass_bell.json changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
