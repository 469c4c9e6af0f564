"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import re
import sys

from checks import lines, norm, ok, read

try:
    got = [norm(x.replace('’', "'").strip('“”')) for x in lines(read('choir/rehearsals.txt'))]
    ok(len(got) == 1, got)
    ok(re.fullmatch(r"tuesdays?:? 19[:.]45 ?(-|–|—|to) ?21[:.]15,? (at |in )?(the )?st\.? brigid'?s hall", got[0]), got)
    ok(lines(read('choir/members.txt')) == ['soprano: Morwenna, Marguerite', 'alto: Deepa', 'tenor: Rhodri', 'bass: Casimir, Ewan'], 'choir/members.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
