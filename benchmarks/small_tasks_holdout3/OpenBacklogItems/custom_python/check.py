"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import items, lines, norm, ok, read

try:
    got = sorted(norm(x) for x in items(read('open_items.txt')))
    ok(got == ['export to pdf', 'password reset', 'search filter'], got)
    ok(lines(read('backlog.csv')) == ['id,title,status', '421,login page,done', '422,password reset,open', '423,export to pdf,open', '424,dark theme,done', '425,search filter,open'], 'backlog.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
