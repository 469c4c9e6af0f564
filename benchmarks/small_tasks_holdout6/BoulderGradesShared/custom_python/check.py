"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import files_in, lines, ok, read, rows

try:
    want = rows(read('climbing/grades.csv'))
    got = [n for n in files_in('shared') if n.endswith('.csv') and rows(read('shared/' + n)) == want]
    ok(got, files_in('shared'))
    ok(lines(read('climbing/grades.csv')) == ['problem,grade,wall', 'Teal Dihedral,6a+,north', 'Pinch Parade,6c,cave', 'Slab Whisper,5c,slab'], 'climbing/grades.csv changed or gone')
    ok(lines(read('shared/README_shared.txt')) == ['Files in here are synced to the team drive.'], 'shared/README_shared.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
