"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    got = read('shortlist_count.txt')
    ok(amount(got, 'names') == 7, got)
    ok(lines(read('words/shortlist.txt')) == ['Thea', 'Fintan', 'Lorcan', 'Elowen', 'Cassius', 'Isaura', 'Bodhi'], 'words/shortlist.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
