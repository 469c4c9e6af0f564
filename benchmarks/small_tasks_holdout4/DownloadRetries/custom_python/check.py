"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('retries.txt'), 'retries') == 2, read('retries.txt'))
    ok(lines(read('sync.ini')) == ['[upload]', 'retries = 5', 'chunk_kb = 512', '[download]', 'retries = 2', 'chunk_kb = 1024'], 'sync.ini changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
