"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import jload, ok, read

try:
    ok(jload('keymap_laptop.json') == {'ctrl+s': 'save', 'ctrl+p': 'palette', 'alt+up': 'move_line_up'}, read('keymap_laptop.json'))
    ok(jload('keymap.json') == {'ctrl+s': 'save', 'ctrl+p': 'palette', 'alt+up': 'move_line_up'}, 'keymap.json changed')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
