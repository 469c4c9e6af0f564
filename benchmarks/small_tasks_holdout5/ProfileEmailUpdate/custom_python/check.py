"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import re
import sys

from checks import lines, ok, read

try:
    got = lines(read('profile.yaml'))
    ok(len(got) == 3 and got[0] == 'name: Rin Takeda' and got[2] == 'city: Osaka', got)
    ok(re.fullmatch(r'email: *([\"\']?)rin\.takeda@quillmail\.example\1', got[1]), got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
