"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read, squeeze

try:
    ok(squeeze(read('exports/riverside_walk.gpx')) == '<?xmlversion="1.0"?><gpxversion="1.1"><trk><name>riversidewalk</name><trkseg><trkptlat="51.4532"lon="-0.9731"/><trkptlat="51.4561"lon="-0.9688"/></trkseg></trk></gpx>', read('exports/riverside_walk.gpx'))
    ok(lines(read('riverside_walk.gpx')) == ['<?xml version="1.0"?>', '<gpx version="1.1">', '<trk><name>Riverside walk</name>', '<trkseg>', '<trkpt lat="51.4532" lon="-0.9731"/>', '<trkpt lat="51.4561" lon="-0.9688"/>', '</trkseg>', '</trk>', '</gpx>'], 'riverside_walk.gpx changed or gone')
    ok(lines(read('exports/october.csv')) == ['date,km', '2026-10-04,6.8', '2026-10-18,5.9'], 'exports/october.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
