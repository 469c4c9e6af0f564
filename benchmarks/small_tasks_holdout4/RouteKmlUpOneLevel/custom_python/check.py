"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(lines(read('maps/route.kml')) == ['<kml><Placemark><name>ridge route</name></Placemark></kml>'], read('maps/route.kml'))
    ok(not exists('maps/old/route.kml'), 'maps/old/route.kml still exists')
    ok(lines(read('maps/old/route_2017.kml')) == ['<kml><Placemark><name>valley route 2017</name></Placemark></kml>'], 'maps/old/route_2017.kml changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
