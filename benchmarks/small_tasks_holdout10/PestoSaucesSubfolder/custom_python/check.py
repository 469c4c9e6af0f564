"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, norm, ok, read

try:
    ok(not exists('nonna_recipes/pesto.md'), 'nonna_recipes/pesto.md still there')
    ok([norm(x) for x in lines(read('nonna_recipes/sauces/pesto.md'))] == ['# pesto', 'basil, pine nuts, parmesan, garlic, olive oil'], 'content differs')
    ok(lines(read('nonna_recipes/risotto.md')) == ['# Risotto', 'arborio, stock, butter'], 'nonna_recipes/risotto.md changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
