"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import re
import sys

from checks import norm, ok, read

try:
    got = norm(read('gym_hours.txt'))
    ok(re.fullmatch(r'((the )?(climbing )?gym )?(weekdays:? )?((closes|closing)( time)?( is)?( at)?:? )?(22[:.]30|10[:.]30 ?p\.?m\.?)(,?( on)? weekdays)?( now)?', got), got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
