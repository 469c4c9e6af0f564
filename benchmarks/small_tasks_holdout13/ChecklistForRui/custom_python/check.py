"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(read('checklist_for_Rui.txt').strip() == '[ ] laptop\n[ ] badge\n[ ] payroll form', 'copy differs')
    ok(lines(read('onboarding_checklist.txt')) == ['[ ] laptop', '[ ] badge', '[ ] payroll form'], 'onboarding_checklist.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
