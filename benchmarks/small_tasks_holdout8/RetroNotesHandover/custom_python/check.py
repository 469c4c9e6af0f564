"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    got = lines(read('handover/retro_notes.txt'))
    ok(got == ['Retro 18 Nov', 'went well: the search rewrite shipped', 'to improve: flaky e2e tests', 'action: Ilinca pairs with Rafferty on the test runner'], got)
    ok(lines(read('meetings/2026-11-18/whiteboard.txt')) == ['Retro 18 Nov', 'went well: the search rewrite shipped', 'to improve: flaky e2e tests', 'action: Ilinca pairs with Rafferty on the test runner'], 'meetings/2026-11-18/whiteboard.txt changed or gone')
    ok(lines(read('meetings/2026-11-11/whiteboard.txt')) == ['Planning 11 Nov', 'scope: search rewrite'], 'meetings/2026-11-11/whiteboard.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
