"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, files_in, lines, ok, read

try:
    ok(not exists('jottings/untitled.txt'), 'jottings/untitled.txt still there')
    ok(files_in('jottings') == ['seeds_to_buy.txt', 'untitled_2.txt'], files_in('jottings'))
    ok(lines(read('jottings/untitled_2.txt')) == ['call the plumber about the radiator'], 'jottings/untitled_2.txt changed or gone')
    ok(lines(read('jottings/seeds_to_buy.txt')) == ['sweet peas', 'cosmos', 'borage'], 'jottings/seeds_to_buy.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
