"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = [norm(x) for x in lines(read('wedding_playlist.txt'))]
    ok(got[:3] == ['1. perfect - ed sheeran', '2. thinking out loud - ed sheeran', '3. september - earth, wind & fire'] and len(got) == 4, got)
    ok(got[3] in ('at last - etta james', '4. at last - etta james'), got)
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
