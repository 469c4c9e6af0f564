"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    got = sorted(x.removeprefix('devscripts/') for x in lines(read('python_scripts.txt')))
    ok(got == ['check_links.py', 'db_dump.py', 'release.py'], got)
    ok(lines(read('devscripts/release.py')) == ["print('release')"], 'devscripts/release.py changed or gone')
    ok(lines(read('devscripts/lint.sh')) == ['ruff check .'], 'devscripts/lint.sh changed or gone')
    ok(lines(read('devscripts/check_links.py')) == ["print('links')"], 'devscripts/check_links.py changed or gone')
    ok(lines(read('devscripts/HOWTO')) == ['run from the repo root'], 'devscripts/HOWTO changed or gone')
    ok(lines(read('devscripts/db_dump.py')) == ["print('dump')"], 'devscripts/db_dump.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
