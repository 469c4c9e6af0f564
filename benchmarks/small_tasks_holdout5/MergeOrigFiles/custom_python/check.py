"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('main.c.orig'), 'main.c.orig still there')
    ok(not exists('build.sh.orig'), 'build.sh.orig still there')
    ok(lines(read('main.c')) == ['#include <stdio.h>', 'int main(void) {', 'puts("ready");', 'return 0;', '}'], 'main.c changed or gone')
    ok(lines(read('build.sh')) == ['#!/bin/sh', 'cc -O2 -o main main.c'], 'build.sh changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
