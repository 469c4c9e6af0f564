"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('market_slug.txt')) == 'lantern-market-2026', read('market_slug.txt'))
    ok(lines(read('slugify.py')) == ['import re', 'import sys', 'text = " ".join(sys.argv[1:])', 'print(re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-"))'], 'slugify.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
