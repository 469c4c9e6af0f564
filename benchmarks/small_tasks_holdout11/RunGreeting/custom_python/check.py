"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('banner_seen.txt')) == 'north-star', 'wrong value')
    ok(lines(read('banner_gen.py')) == ["print('-'.join(['north', 'star']))"], 'banner_gen.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
