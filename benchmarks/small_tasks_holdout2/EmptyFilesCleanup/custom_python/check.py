"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, ok, read

try:
    ok(not exists('notes_draft.txt'), 'notes_draft.txt still there')
    ok(not exists('unused.cfg'), 'unused.cfg still there')
    ok(read('tasks.md').strip() == '- book train', 'tasks.md changed or gone')
    ok(read('contacts.txt').strip() == 'Hanne 0171 22 33', 'contacts.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
