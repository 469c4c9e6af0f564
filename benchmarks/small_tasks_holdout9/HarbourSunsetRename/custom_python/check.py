"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('IMG_4471.txt'), 'IMG_4471.txt still there')
    ok(lines(read('harbour_sunset.txt')) == ['caption: sunset over the harbour, 18:04'], 'harbour_sunset.txt wrong')
    ok(lines(read('IMG_4472.txt')) == ['caption: gulls on the pier'], 'IMG_4472.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
