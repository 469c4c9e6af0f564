"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    got = amount(read('bake_minutes.txt'), 'minutes', 'min')
    ok(got == 45, got)
    ok(lines(read('lasagne.md')) == ['# Lasagne', 'Assemble the layers and cover with foil.', 'Bake for 45 minutes at 190 C, then rest 10 minutes before slicing.', 'Serves 6.'], 'lasagne.md changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
