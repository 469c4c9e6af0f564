"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import items, lines, ok, read

try:
    ok(sorted(items(read('friday_homework.txt'))) == ['Geography', 'Maths', 'Music'], 'wrong list')
    ok(lines(read('homework_board.txt')) == ['History - due Thursday', 'Maths - due Friday', 'French - due Monday', 'Geography - due Friday', 'Music - due Friday'], 'homework_board.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
