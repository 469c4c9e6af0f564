"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('unchecked_count.txt'), 'items', 'boxes', 'unchecked') == 4, read('unchecked_count.txt'))
    ok(lines(read('roadmap.md')) == ['# Q1 roadmap', '[x] migrate to the new CI runner', '[ ] dark mode for the settings page', '[x] export to ODS', '[ ] keyboard shortcut help', '[ ] offline cache for maps', '[x] fix timezone bug in reminders', '[ ] onboarding tour'], 'roadmap.md changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
