"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import re
import sys

from checks import lines, norm, ok, read

try:
    got = norm(read('deeppour_ratio.txt'))
    ok(re.fullmatch(r'((deeppour 90 )?mix[_ ]ratio ?[=:]? ?)?3 ?(:|to) ?1( by volume)?', got), got)
    ok(lines(read('resin/products.ini')) == ['[ClearCast 300]', 'mix_ratio = 100:45', 'pot_life_min = 25', '[TableTop Pro]', 'mix_ratio = 2:1', 'pot_life_min = 40', '[DeepPour 90]', 'mix_ratio = 3:1', 'pot_life_min = 90', 'max_pour_cm = 5'], 'resin/products.ini changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
