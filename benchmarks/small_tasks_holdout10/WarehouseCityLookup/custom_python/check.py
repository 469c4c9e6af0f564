"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('warehouse_city.txt')) == 'norrkoping', read('warehouse_city.txt'))
    ok(lines(read('shipping_profile.json')) == ['{', '"company": "Lindqvist Outdoor"', '"office_city": "Uppsala"', '"warehouse": {', '"city": "Norrkoping"', '"dock": 3', '}', '"returns_city": "Gavle"', '}'], 'shipping_profile.json changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
