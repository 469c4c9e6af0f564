"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import jload, lines, ok, read

try:
    ok(jload('project_card.json') == {'name': 'weir', 'stars': 12, 'owner': 'Halvorsen'}, 'wrong JSON')
    ok(lines(read('repo_owner.txt')) == ['Halvorsen'], 'repo_owner.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
