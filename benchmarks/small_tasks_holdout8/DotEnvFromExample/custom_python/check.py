"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    got = lines(read('.env'))
    ok(got == ['DATABASE_URL=sqlite:///dev.db', 'SECRET_KEY=change-me', 'MAIL_PORT=1025'], got)
    ok(lines(read('.env.template')) == ['DATABASE_URL=sqlite:///dev.db', 'SECRET_KEY=change-me', 'MAIL_PORT=1025'], '.env.template changed or gone')
    ok(lines(read('SETUP.md')) == ['# ledger-sync', 'Copy the example env file first.'], 'SETUP.md changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
