"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(lines(read('templates/quote_draft.html')) == ['<html>', '<body>', '<h1>Quote {{number}}</h1>', '<p>Bill to: {{client}}</p>', '<p>Amount due: {{amount}}</p>', '</body>', '</html>'], read('templates/quote_draft.html'))
    ok(lines(read('templates/quote.html')) == ['<html>', '<body>', '<h1>Quote {{number}}</h1>', '<p>Bill to: {{client}}</p>', '<p>Amount due: {{amount}}</p>', '</body>', '</html>'], 'templates/quote.html changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
