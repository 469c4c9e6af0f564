"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, ok, read

try:
    ok(read('essay_final.txt').strip() == 'Oceans rise.', 'content differs')
    ok(not exists('essay_v2_draft.txt'), 'old name still there')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
