"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import module, ok

try:
    m = module('urltools.py')
    for arg, want in (('Hello World', 'hello-world'), ('Sea Kayak Trips 2027', 'sea-kayak-trips-2027'), ('nochange', 'nochange')):
        ok(m.to_slug(arg) == want, (arg, m.to_slug(arg)))
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
