"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('transfer_form.txt')) == 'branch=hb-552', 'wrong value')
    ok(lines(read('branch_info.txt')) == ['branch code: HB-552', 'phone: 555-0199'], 'branch_info.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
