"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read, squeeze

try:
    got = [squeeze(x, '"\'') for x in lines(read('site_footer.ini'))]
    ok(got == ['[footer]', 'copyright=quillpress2026', 'contact=tariq@quillpress.io'], got)
    ok(lines(read('team_roles.json')) == ['{', '"team": "docs"', '"members": [', '{', '"name": "Oona"', '"role": "editor"', '"email": "oona@quillpress.io"', '}', '{', '"name": "Tariq"', '"role": "admin"', '"email": "tariq@quillpress.io"', '}', ']', '}'], 'team_roles.json changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
