"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, files_in, norm, ok, read

try:
    ok(not exists('scans_tmp'), 'scans_tmp still there')
    ok(files_in('scans_2026_11') == ['page_01.txt', 'page_02.txt'], files_in('scans_2026_11'))
    ok(norm(read('scans_2026_11/page_01.txt')) == 'scan page one', 'page_01 differs')
    ok(norm(read('scans_2026_11/page_02.txt')) == 'scan page two', 'page_02 differs')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
