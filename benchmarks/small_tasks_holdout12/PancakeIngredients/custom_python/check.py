"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('pancake_items.txt')) == 6, 'wrong number')
    ok(lines(read('pancakes.md')) == ['# Pancakes', '## Ingredients', '100 g flour', '2 eggs', '300 ml milk', 'pinch of salt', '1 tbsp oil', 'lemon and sugar', '## Method', '1. whisk', '2. rest 30 min', '3. fry'], 'pancakes.md changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
