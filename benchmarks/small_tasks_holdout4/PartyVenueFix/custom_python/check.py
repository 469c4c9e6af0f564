"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = lines(read('invitation.txt'))
    want = ["You're invited to Idris's 30th!", 'When: Saturday 6 December, 7 pm', 'Where: the Granary, Quay Lane', 'RSVP to Idris by 1 December']
    ok(len(got) == 4 and got[:2] + got[3:] == want[:2] + want[3:], got)
    ok(norm(got[2]) in ('where: the boathouse, quay lane', 'where: boathouse, quay lane'), got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
