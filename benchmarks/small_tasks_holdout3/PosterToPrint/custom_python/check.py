"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(lines(read('print/poster.svg')) == ["<svg width='420' height='594'><text x='20' y='40'>Autumn fair</text></svg>"], read('print/poster.svg'))
    ok(not exists('poster.svg'), 'poster.svg is still at the top')
    ok(lines(read('print/flyer.svg')) == ["<svg width='148' height='210'><text x='10' y='20'>Flyer</text></svg>"], 'print/flyer.svg changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
