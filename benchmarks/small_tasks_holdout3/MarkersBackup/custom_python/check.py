"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import jload, ok, read

try:
    ok(jload('markers_backup.geojson') == {'type': 'FeatureCollection', 'features': [{'type': 'Feature', 'properties': {'name': 'well'}, 'geometry': {'type': 'Point', 'coordinates': [8.54, 47.37]}}]}, read('markers_backup.geojson'))
    ok(jload('markers.geojson') == {'type': 'FeatureCollection', 'features': [{'type': 'Feature', 'properties': {'name': 'well'}, 'geometry': {'type': 'Point', 'coordinates': [8.54, 47.37]}}]}, 'markers.geojson changed')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
