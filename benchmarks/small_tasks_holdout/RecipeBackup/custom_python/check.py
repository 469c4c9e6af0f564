"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import ok, read

try:
    ok(read('recipe_backup.txt').strip() == 'Pancakes\n2 eggs\n1 cup flour\n1 cup oat milk', read('recipe_backup.txt'))  # noqa: E501
    ok(read('recipe.txt').strip() == 'Pancakes\n2 eggs\n1 cup flour\n1 cup oat milk', 'recipe.txt changed')  # noqa: E501
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
