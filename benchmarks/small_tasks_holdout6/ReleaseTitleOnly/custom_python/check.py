"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('release_notes/title.txt')).lstrip('# ') == 'quieter fans, faster boot', read('release_notes/title.txt'))
    ok(lines(read('release_notes/v2_draft.txt')) == ['Quieter fans, faster boot', 'This release lowers idle fan speed by 15%', 'and trims boot time to 4.1 s.'], 'release_notes/v2_draft.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
