"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('recipe_cards/plum_jam.txt'), 'still in recipe_cards/')
    ok(lines(read('recipe_cards/preserves/plum_jam.txt')) == ['Plum jam', '1 kg plums, 600 g sugar, juice of 1 lemon', 'Boil 20 min, jar hot.'], 'content differs')
    ok(lines(read('recipe_cards/lentil_soup.txt')) == ['Lentil soup', '300 g red lentils, 1 onion, 1 l stock'], 'recipe_cards/lentil_soup.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
