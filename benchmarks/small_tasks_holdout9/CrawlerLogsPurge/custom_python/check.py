"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('crawler/run_01.log'), 'crawler/run_01.log still there')
    ok(not exists('crawler/run_02.log'), 'crawler/run_02.log still there')
    ok(lines(read('crawler/log_format.txt')) == ['status path'], 'crawler/log_format.txt changed or gone')
    ok(lines(read('crawler/spider.py')) == ["START = '/index'"], 'crawler/spider.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
