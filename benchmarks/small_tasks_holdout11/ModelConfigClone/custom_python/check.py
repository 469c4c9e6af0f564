"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(read('trainer_gpu.ini') .strip() == '[run]\nepochs = 12', 'copy differs')
    ok(lines(read('trainer.ini')) == ['[run]', 'epochs = 12'], 'trainer.ini changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
