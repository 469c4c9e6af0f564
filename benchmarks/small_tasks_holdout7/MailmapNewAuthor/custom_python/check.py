"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    got = lines(read('.mailmap'))
    ok(got[:2] == ['Zdeněk Horák <zdenek@horak.example> <zhorak@old-laptop.local>', 'Linnea Brattström <linnea@brattstrom.example>'], got)
    ok(len(got) == 3, got)
    ok(' '.join(got[2].strip('`').split()).lower() == 'kalani makoa <kalani@makoa-lab.example>', got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
