"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = sorted(norm(x) for x in lines(read('headings.txt')))
    ok(got == ['agitation', 'drying the film', 'loading the tank', 'mixing the developer'], got)
    ok(lines(read('darkroom/guide.md')) == ['# Darkroom guide', '## Mixing the developer', 'Use distilled water.', '### Temperatures', '20 °C for everything.', '## Loading the tank', 'In full dark.', '## Agitation', 'Four inversions every minute.', '## Drying the film', 'Hang with clips.'], 'darkroom/guide.md changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
