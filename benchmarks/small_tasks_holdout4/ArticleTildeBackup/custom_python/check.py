"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('article.txt~'), 'article.txt~ still exists')
    ok(lines(read('article.txt')) == ['On tidal bores', 'A tidal bore is a wave that travels up a river against its current.'], 'article.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
