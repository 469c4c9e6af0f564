"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    got = sorted(x.removeprefix('./').strip('/') for x in lines(read('folders.txt')))
    got = [x for x in got if not x.startswith('.')]  # a hidden tool folder may be listed
    ok(got == ['docs', 'src', 'tests'], got)
    ok(lines(read('src/tide.py')) == ["print('tide')"], 'src/tide.py changed or gone')
    ok(lines(read('docs/howto.md')) == ['# How to'], 'docs/howto.md changed or gone')
    ok(lines(read('tests/test_tide.py')) == ['from src import tide'], 'tests/test_tide.py changed or gone')
    ok(lines(read('setup.cfg')) == ['[metadata]', 'name = tide'], 'setup.cfg changed or gone')
    ok(lines(read('Makefile')) == ['all:', 'python src/tide.py'], 'Makefile changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
