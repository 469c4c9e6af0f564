"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = [norm(x) for x in lines(read('pantry_restock.txt'))]
    ok(got == ['rice - 2 kg', 'lentils - 1 kg', 'olive oil - 1 l', 'oat flour - 500 g'], got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
