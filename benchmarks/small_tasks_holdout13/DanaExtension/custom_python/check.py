"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('dana_ext.txt')) == '4127', 'wrong value')
    ok(lines(read('phone_list.md')) == ['| name | ext |', '|---|---|', '| Dana Whitmore | 4172 |', '| Dana Whitlock | 4127 |', '| Ravi Menon | 4031 |'], 'phone_list.md changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
