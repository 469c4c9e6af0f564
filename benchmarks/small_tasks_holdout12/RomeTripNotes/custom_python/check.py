"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, ok, read

try:
    ok(read('trip_notes_rome.md').strip() == '# Rome\n- Colosseum 9am\n- Trastevere dinner', 'content differs')
    ok(not exists('trip_notes_draft.md'), 'old name still there')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
