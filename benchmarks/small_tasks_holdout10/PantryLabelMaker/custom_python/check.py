"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('label_pantry.txt')) == '*** yrtnap-6 ***', read('label_pantry.txt'))
    ok(lines(read('label_maker.py')) == ['import sys', "word = sys.argv[1] if len(sys.argv) > 1 else 'NONE'", "print('*** ' + word[::-1] + '-' + str(len(word)) + ' ***')"], 'label_maker.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
