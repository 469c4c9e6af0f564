"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    got = lines(read('thesis/ch3/figure_notes.txt'))
    ok(got == ['Fig 2.1 - sampling sites along the estuary (map, source: own survey)', 'Fig 2.2 - salinity by month, 2024-2025', 'Fig 2.3 - photo of the sediment corer, credit: L. Varga'], got)
    ok(lines(read('thesis/ch2/figure_notes.txt')) == ['Fig 2.1 - sampling sites along the estuary (map, source: own survey)', 'Fig 2.2 - salinity by month, 2024-2025', 'Fig 2.3 - photo of the sediment corer, credit: L. Varga'], 'thesis/ch2/figure_notes.txt changed or gone')
    ok(lines(read('thesis/ch3/intro.txt')) == ['Chapter 3 turns from the estuary to the open coast.'], 'thesis/ch3/intro.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
