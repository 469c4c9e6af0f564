"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(lines(read('speech_final.txt')) == ['Good evening, everyone.', 'Ten years ago this bakery was a garage.'], read('speech_final.txt'))
    ok(not exists('drafts/speech_v3.txt'), 'drafts/speech_v3.txt still there')
    ok(lines(read('drafts/speech_v2.txt')) == ['Good evening all.', 'Ten years ago...'], 'drafts/speech_v2.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
