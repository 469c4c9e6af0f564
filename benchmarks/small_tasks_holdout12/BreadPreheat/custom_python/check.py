"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('oven_reminder.txt')) == 'preheat to 230c', 'wrong value')
    ok(lines(read('bread_recipe.txt')) == ['Sourdough', 'Proof: 4 h at 24C', 'Oven: 230C', 'Bake: 40 min'], 'bread_recipe.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
