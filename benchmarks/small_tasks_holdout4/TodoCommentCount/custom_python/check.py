"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('todo_count.txt'), 'todo comments', 'comments', 'todos') == 3, read('todo_count.txt'))
    ok(lines(read('scraper.py')) == ['import urllib.request', '# TODO: read the start page from a config file', 'START = "http://127.0.0.1:8000/"', 'def fetch(url):', '# TODO: retry on timeouts', 'with urllib.request.urlopen(url) as resp:', 'return resp.read()', 'def links(html):', '# TODO: skip mailto: links', 'return [part.split(\'"\')[0] for part in html.split(\'href="\')[1:]]'], 'scraper.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
