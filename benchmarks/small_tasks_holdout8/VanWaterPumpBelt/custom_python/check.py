"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = lines(read('van/maintenance.log'))
    ok(got[:2] == ['2026-03-02 new tyres (front)', '2026-08-19 oil + filter change, 61,377 km'], got)
    ok(len(got) == 3, got)
    ok(norm(got[2]).replace(' -', '').replace(':', '') == '2026-11-24 replaced the water pump belt', got)
    ok(lines(read('van/insurance.txt')) == ['renewal due 2027-01-15'], 'van/insurance.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
