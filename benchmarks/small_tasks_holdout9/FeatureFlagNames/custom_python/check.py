"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import items, lines, norm, ok, read

try:
    got = sorted(norm(x) for x in items(read('feature_names.txt')))
    ok(got == ['gift_wrap', 'one_click_pay', 'split_shipping'], got)
    ok(lines(read('flags.json')) == ['{', '"service": "checkout"', '"features": {', '"one_click_pay": true', '"gift_wrap": false', '"split_shipping": true', '}', '"limits": {', '"max_cart": 50', '}', '}'], 'flags.json changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
