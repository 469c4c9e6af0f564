"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import jload, lines, ok, read

try:
    got = jload('member_profile.json')
    ok(got == {'name': 'Tomasz Wrona', 'email': 't.wrona@fieldmail.example', 'newsletter': False}, got)
    ok(lines(read('signup_form.txt')) == ['Name: Tomasz Wrona', 'Email: t.wrona@fieldmail.example', 'Referred by: k.ito@fieldmail.example'], 'signup_form.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
