"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, ok, read

try:
    ok(read('invoice_parser.py').strip() == "def parse(line):\n    return line.split(';')", 'content differs')
    ok(not exists('parse_thing.py'), 'old name still there')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
