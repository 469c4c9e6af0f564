"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = lines(read('guestbook.txt'))
    ok(got[:2] == ['Lovely view from the balcony! - Marek', 'The coffee machine is great. - Ida'], got)
    ok(len(got) == 3 and norm(got[2]).rstrip('!') == 'thanks for the lovely stay', got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
