from checks import text

import csv
rows = list(csv.DictReader(text('big_orders.csv').splitlines()))
assert sorted(r['id'] for r in rows) == ['2', '4'], rows
print("PASS")
