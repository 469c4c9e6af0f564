"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = norm(read('varga_room.txt'))
    ok(got in ('b-214', 'room b-214'), got)
    ok(lines(read('staff_directory.csv')) == ['name,dept,room', 'Dr. Ilona Varga,Radiology,B-214', 'Dr. Ian Vargas,Oncology,C-118', 'Nurse T. Obi,Radiology,B-209'], 'staff_directory.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
