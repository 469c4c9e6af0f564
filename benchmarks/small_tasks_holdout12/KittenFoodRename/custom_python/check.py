"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, ok, read

try:
    ok(read('kitten_food.txt').strip() == 'Purrfect Kitten, chicken, 85 g pouches', 'content differs')
    ok(not exists('cat_food_brand.txt'), 'old name still there')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
