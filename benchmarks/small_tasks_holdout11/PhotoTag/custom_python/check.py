"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(read('harbour_dusk_pic.txt').strip() == 'caption: dusk', 'content differs')
    ok(not exists('IMG_5521.txt'), 'old name still there')
    ok(lines(read('IMG_5522.txt')) == ['caption: dawn'], 'IMG_5522.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
