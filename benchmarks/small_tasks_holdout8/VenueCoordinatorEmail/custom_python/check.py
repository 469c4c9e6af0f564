"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = norm(read('coordinator_email.txt')).strip('<>').removeprefix('mailto:')
    ok(got == 'anwen.teague@quillanmoor.example', got)
    ok(lines(read('wedding/venue_info.txt')) == ['Venue: Quillanmoor Barn', 'Coordinator: Anwen Teague (anwen.teague@quillanmoor.example)', 'Catering: Gallacher Brothers, orders@gallacher-bros.example', 'Access from 15:30, music off by 23:30'], 'wedding/venue_info.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
