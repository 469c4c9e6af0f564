"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import ok, read

try:
    want = 'Dear neighbour,\n\nthe hedge will be trimmed on Saturday.\n\nKind regards,\nJonas'
    ok(read('letter_draft.md').strip() == want, read('letter_draft.md'))
    ok(read('letter.md').strip() == want, 'letter.md changed')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
