"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import items, lines, ok, read

try:
    ok(sorted(items(read('jpg_names.txt'))) == ['ferry_wake.jpg', 'gelato.jpg', 'harbour.jpg'], 'wrong list')
    ok(lines(read('holiday_pics/ferry_wake.jpg')) == ['img'], 'holiday_pics/ferry_wake.jpg changed or gone')
    ok(lines(read('holiday_pics/gelato.jpg')) == ['img'], 'holiday_pics/gelato.jpg changed or gone')
    ok(lines(read('holiday_pics/harbour.jpg')) == ['img'], 'holiday_pics/harbour.jpg changed or gone')
    ok(lines(read('holiday_pics/map.png')) == ['img'], 'holiday_pics/map.png changed or gone')
    ok(lines(read('holiday_pics/pic_captions.txt')) == ['nice'], 'holiday_pics/pic_captions.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
