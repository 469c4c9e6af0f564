"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('settings.yml.txt'), 'settings.yml.txt still there')
    ok(lines(read('settings.yml')) == ['theme: dusk', 'autosave_minutes: 5', 'language: pt-BR'], read('settings.yml'))
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
