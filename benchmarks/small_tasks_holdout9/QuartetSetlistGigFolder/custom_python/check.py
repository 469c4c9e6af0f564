"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(lines(read('gig_folder/quartet_setlist.txt')) == ['1. Canon in D', '2. Air on the G String', '3. Libertango'], 'gig_folder/quartet_setlist.txt wrong')
    ok(lines(read('gig_folder/venue_map.txt')) == ['Stage door on Cole St.'], 'gig_folder/venue_map.txt changed or gone')
    ok(lines(read('quartet_setlist.txt')) == ['1. Canon in D', '2. Air on the G String', '3. Libertango'], 'quartet_setlist.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
