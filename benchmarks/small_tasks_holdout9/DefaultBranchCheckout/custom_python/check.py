"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = [norm(x) for x in lines(read('checkout.sh')) if not x.startswith('#')]
    ok(got == ['git checkout trunk'], got)
    ok(lines(read('repo_meta.json')) == ['{', '"name": "tidepool"', '"default_branch": "trunk"', '"branches": [', '"release-3.x"', '"trunk"', '"feature/maps"', ']', '}'], 'repo_meta.json changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
