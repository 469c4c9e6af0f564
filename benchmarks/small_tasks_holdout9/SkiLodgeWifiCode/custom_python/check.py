"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = norm(read('lodge_wifi.txt'))
    ok(got == 'snowdrift-482', got)
    ok(lines(read('welcome_pack.md')) == ['# Welcome to Alpenrose Lodge', 'Breakfast is served 7:30-10:00.', 'The old wifi code Pinecone-117 no longer works.'], 'welcome_pack.md changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
