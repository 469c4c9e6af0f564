"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read, rows

try:
    ok(rows(read('pottery_share/glaze_recipes.csv')) == [['glaze', 'cone', 'colour'], ['Celadon', '10', 'green'], ['Tenmoku', '10', 'brown'], ['Shino', '9', 'orange']], 'copy differs')
    ok(lines(read('glaze_recipes.csv')) == ['glaze,cone,colour', 'Celadon,10,green', 'Tenmoku,10,brown', 'Shino,9,orange'], 'glaze_recipes.csv changed or gone')
    ok(lines(read('pottery_share/kiln_schedule.txt')) == ['Tue 6pm bisque'], 'pottery_share/kiln_schedule.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
