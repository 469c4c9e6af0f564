"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import files_in, lines, ok, read

try:
    got = lines(read('family_cookbook/muhammara.md'))
    ok(got == ['# Muhammara', '3 roasted red peppers', '80 g walnuts', '1 tbsp pomegranate molasses', 'Blend, then finish with olive oil.'], got)
    ok(files_in('recipes') == ['muhammara.md', 'shakshuka.md'], files_in('recipes'))
    ok(lines(read('recipes/muhammara.md')) == ['# Muhammara', '3 roasted red peppers', '80 g walnuts', '1 tbsp pomegranate molasses', 'Blend, then finish with olive oil.'], 'recipes/muhammara.md changed or gone')
    ok(lines(read('recipes/shakshuka.md')) == ['# Shakshuka', '6 eggs, peppers'], 'recipes/shakshuka.md changed or gone')
    ok(lines(read('family_cookbook/soda_bread.md')) == ['# Soda bread', '480 g flour, buttermilk'], 'family_cookbook/soda_bread.md changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
