"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('thumbs_cache'), 'thumbs_cache still there')
    ok(lines(read('gallery_src/dunes.txt')) == ['dunes, 4000x3000'], 'gallery_src/dunes.txt changed or gone')
    ok(lines(read('gallery_src/pier.txt')) == ['pier at low tide, 2048x1536'], 'gallery_src/pier.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
