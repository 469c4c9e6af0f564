"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(lines(read('archive_recipes/focaccia_method.md')) == lines('# Focaccia\n\n1. Mix 500 g flour, 400 g water, 10 g salt.\n2. Proof 18 h in the fridge.\n3. Bake 22 min at 230 C.\n'), 'archive_recipes/focaccia_method.md wrong')
    ok(lines(read('archive_recipes/brioche.md')) == ['# Brioche', 'Enrich with butter.'], 'archive_recipes/brioche.md changed or gone')
    ok(lines(read('focaccia_method.md')) == ['# Focaccia', '1. Mix 500 g flour, 400 g water, 10 g salt.', '2. Proof 18 h in the fridge.', '3. Bake 22 min at 230 C.'], 'focaccia_method.md changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
