"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('draft_speech_v3.txt'), 'draft_speech_v3.txt still there')
    ok(lines(read('toast_final.txt')) == ['Friends, family, and the one who brought the cake...'], 'content differs')
    ok(lines(read('draft_speech_v2.txt')) == ['Friends and family...'], 'draft_speech_v2.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
