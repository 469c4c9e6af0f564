"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('quick_plot.py'), 'quick_plot.py still at the top level')
    ok(lines(read('plotting/quick_plot.py')) == lines('import math\n\nfor x in range(5):\n    print(x, round(math.sin(x), 3))\n'), 'plotting/quick_plot.py wrong')
    ok(lines(read('plotting/axes_style.py')) == ['GRID = True', 'FONT_SIZE = 9'], 'plotting/axes_style.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
