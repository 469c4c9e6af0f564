"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import items, lines, norm, ok, read

try:
    got = []
    for x in items(read('imports.txt')):
        w = x.split()
        got.append(w[1] if w[0] in ('import', 'from') and len(w) > 1 else x)
    ok(sorted(norm(x) for x in got) == ['csv', 'json', 'pathlib', 'sys'], got)
    ok(lines(read('export_tool.py')) == ['import csv', 'import json', 'import sys', 'from pathlib import Path', 'def main(src):', 'rows = list(csv.DictReader(Path(src).open()))', 'json.dump(rows, sys.stdout, indent=2)', "if __name__ == '__main__':", 'main(sys.argv[1])'], 'export_tool.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
