"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok([norm(x) for x in lines(read('release_notes_draft.txt'))] == ['release 4.2 (draft)', 'added dark mode', 'faster sync on startup', 'fixed crash when opening empty projects'], read('release_notes_draft.txt'))
    ok(lines(read('release_notes_4_1.txt')) == ['Release 4.1', 'Bug fixes'], 'release_notes_4_1.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
