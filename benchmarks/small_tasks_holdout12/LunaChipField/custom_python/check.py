"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import jload, lines, ok, read

try:
    d = jload('luna.json')
    ok(str(d.get('chip')) == '981000012345678', 'wrong chip')
    ok(d.get('name') == 'Luna' and d.get('species') == 'cat' and len(d) == 3, 'fields lost or added')
    ok(lines(read('pet_chips.csv')) == ['pet,chip', 'Luna,981000012345678', 'Milo,981000087654321'], 'pet_chips.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
