"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(lines(read('club_members.csv')) == ['name,joined', 'Priya,2019', 'Tomas,2021', 'Leila,2023'], read('club_members.csv'))  # noqa: E501
    ok(not exists('members.csv'), 'members.csv still there')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
