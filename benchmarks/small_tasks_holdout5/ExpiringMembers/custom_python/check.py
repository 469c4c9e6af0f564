"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import items, lines, norm, ok, read

try:
    got = sorted(norm(x) for x in items(read('expiring.txt')))
    ok(got == ['beatriz sousa', 'greta lind', 'lucia ferro'], got)
    ok(lines(read('memberships.csv')) == ['name,expires', 'Greta Lind,2026-03-31', 'Yannick Baptiste,2027-01-15', 'Lucia Ferro,2026-12-01', 'Keanu Ahola,2025-10-30', 'Beatriz Sousa,2026-07-19', 'Ivo Petrov,2027-06-02'], 'memberships.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
