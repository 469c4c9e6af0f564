"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import json
import sys

from checks import jload, lines, ok, read

try:
    ok(jload('manifest.json') == {'name': 'tidepool', 'files': 3, 'build': 42}, read('manifest.json'))
    ok(lines(read('make_manifest.py')) == ['import json', "files = ['index.html', 'app.js', 'style.css']", "print(json.dumps({'name': 'tidepool', 'files': len(files), 'build': 6 * 7}))"], 'make_manifest.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
