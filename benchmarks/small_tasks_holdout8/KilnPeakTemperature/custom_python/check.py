"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import re
import sys

from checks import lines, norm, ok, read

try:
    got = norm(read('pottery/firing_log.txt'))
    ok(re.fullmatch(r'([a-z ]{0,30}: ?)?1,?238 ?(°|º|degrees?)? ?(c|celsius)?', got), got)
    ok(lines(read('pottery/glaze_recipes.txt')) == ['celadon: 40 feldspar, 30 silica, 20 whiting, 10 kaolin'], 'pottery/glaze_recipes.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
