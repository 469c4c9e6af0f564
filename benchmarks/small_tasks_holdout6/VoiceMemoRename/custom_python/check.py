"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('Voice memo 17.m4a'), 'Voice memo 17.m4a still there')
    ok(lines(read('interview_oduya.m4a')) == ['ftypM4A interview with Dr Oduya, 14 min'], 'content differs')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
