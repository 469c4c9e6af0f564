"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import re
import sys

from checks import lines, norm, ok, read

try:
    ok(re.fullmatch(r'(thursday,? (at )?)?(0?3[:.]30( ?p\.?m)?|15[:.]30)', norm(read('visit_time.txt'))), read('visit_time.txt'))
    ok(lines(read('voicemail.txt')) == ["Hi, it's Joanna from the tile shop. I can come by on Thursday at 3:30 to measure the bathroom. Call me back on 0163 998 2210 if that doesn't work."], 'voicemail.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
