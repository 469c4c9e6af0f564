"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('design/.DS_Store'), 'design/.DS_Store still there')
    ok(not exists('design/badges/.DS_Store'), 'design/badges/.DS_Store still there')
    ok(lines(read('design/leaflet_a5.svg')) == ['<svg viewBox="0 0 148 210"></svg>'], 'design/leaflet_a5.svg changed or gone')
    ok(lines(read('design/badges/pin.svg')) == ['<svg viewBox="0 0 24 24"></svg>'], 'design/badges/pin.svg changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
