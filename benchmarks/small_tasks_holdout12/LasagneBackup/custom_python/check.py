"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(read('lasagne_method.bak').strip() == '1. brown the mince\n2. layer sheets and sauce\n3. bake 40 min at 190C', 'copy differs')
    ok(lines(read('lasagne_method.txt')) == ['1. brown the mince', '2. layer sheets and sauce', '3. bake 40 min at 190C'], 'lasagne_method.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
