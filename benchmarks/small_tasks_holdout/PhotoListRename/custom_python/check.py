"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(lines(read('pictures.txt')) == ['beach.jpg', 'mountain.jpg', 'cat.jpg'], read('pictures.txt'))  # noqa: E501
    ok(not exists('photo_list.txt'), 'photo_list.txt still there')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
