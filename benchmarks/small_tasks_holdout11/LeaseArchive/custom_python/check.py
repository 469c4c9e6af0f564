"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(read('tenancy_signed.md') .strip() == '# Tenancy\nrent: 940', 'copy differs')
    ok(lines(read('tenancy.md')) == ['# Tenancy', 'rent: 940'], 'tenancy.md changed or gone')
    ok(lines(read('tenancy_draft.md')) == ['# draft'], 'tenancy_draft.md changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
