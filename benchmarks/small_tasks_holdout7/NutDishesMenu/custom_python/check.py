"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = sorted(norm(x) for x in lines(read('nut_dishes.txt')))
    ok(got == ['baklava', 'pesto gnocchi'], got)
    ok(lines(read('menu.json')) == ['{', '"dishes": [', '{', '"name": "Beetroot salad"', '"price": 8.5', '"allergens": []', '}', '{', '"name": "Pesto gnocchi"', '"price": 13.0', '"allergens": [', '"nuts"', '"dairy"', ']', '}', '{', '"name": "Fish pie"', '"price": 15.5', '"allergens": [', '"fish"', '"dairy"', '"gluten"', ']', '}', '{', '"name": "Baklava"', '"price": 5.5', '"allergens": [', '"nuts"', '"gluten"', ']', '}', '{', '"name": "Rhubarb fool"', '"price": 6.5', '"allergens": [', '"dairy"', ']', '}', ']', '}'], 'menu.json changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
