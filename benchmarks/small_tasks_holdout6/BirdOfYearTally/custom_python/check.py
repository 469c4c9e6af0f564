"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = [norm(x) for x in lines(read('tally_result.txt'))]
    ok(got == ['heron: 3', 'kestrel: 2', 'wren: 2'], got)
    ok(lines(read('tally.py')) == ['from collections import Counter', 'from pathlib import Path', 'votes = Counter(x.strip() for x in Path("votes.txt").read_text().splitlines() if x.strip())', 'for name, n in sorted(votes.items(), key=lambda kv: (-kv[1], kv[0])):', 'print(f"{name}: {n}")'], 'tally.py changed or gone')
    ok(lines(read('votes.txt')) == ['heron', 'kestrel', 'heron', 'wren', 'kestrel', 'heron', 'wren'], 'votes.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
