"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('lisbon_count.txt'), 'lines') == 3, read('lisbon_count.txt'))
    ok(lines(read('guestbook_entries.txt')) == ['Great stay, loved Lisbon!', 'Came from Porto for the weekend', 'Lisbon trams are the best', 'Thanks from Madrid', 'Back in Lisbon next spring', 'Wonderful hosts'], 'guestbook_entries.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
