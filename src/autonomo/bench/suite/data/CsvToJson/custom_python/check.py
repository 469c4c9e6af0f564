from checks import text

import json
data = json.loads(text('inventory.json'))
assert data == [{'item': 'rope', 'count': 4}, {'item': 'lamp', 'count': 2}, {'item': 'map', 'count': 1}], data
print("PASS")
