"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, ok, read

try:
    ok(read('tomato_sowing.txt').strip() == "Gardener's Delight: sow March\nSan Marzano: sow April", 'content differs')
    ok(not exists('tomato_seeds.txt'), 'old name still there')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
