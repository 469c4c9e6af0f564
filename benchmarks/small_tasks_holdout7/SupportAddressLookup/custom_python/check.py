"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import re
import sys

from checks import lines, norm, ok, read

try:
    got = norm(read('support_email.txt'))
    ok(re.fullmatch(r'(support( e-?mail)?( address)?:? )?(mailto:)?<?help\.desk@tidewater-tools\.example>?', got), got)
    ok(lines(read('company_wiki/contact.md')) == ['# Contact', 'Sales questions: sales@tidewater-tools.example', 'Support (bugs, refunds): help.desk@tidewater-tools.example', 'Press: press@tidewater-tools.example', 'Office hours 09:00-17:00 CET.'], 'company_wiki/contact.md changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
