"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read, squeeze

try:
    got = squeeze(read('studio/mix_ratio.txt')).strip('"\'`')
    ok(got == '3:2', got)
    ok(lines(read('studio/palette_notes.txt')) == ['burnt sienna + ultramarine for greys'], 'studio/palette_notes.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
