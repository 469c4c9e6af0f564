from checks import text

import json
assert json.loads(text('settings.json')) == {'theme': 'dark', 'size': 12, 'lang': 'fr'}
print("PASS")
