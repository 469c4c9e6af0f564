"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import items, lines, ok, read

try:
    ok(sorted(items(read('spice_restock.txt'))) == ['paprika', 'smoked salt', 'turmeric'], 'wrong list')
    ok(lines(read('spice_rack.txt')) == ['paprika (low)', 'cumin', 'turmeric (low)', 'oregano', 'smoked salt (low)', 'cinnamon'], 'spice_rack.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
