"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(lines(read('cleanup.py')) == ['import pathlib', "for p in pathlib.Path('.').glob('*.tmp'):", 'p.unlink()', "print('cleaned')"], read('cleanup.py'))
    ok(not exists('cleanup'), 'cleanup still there')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
