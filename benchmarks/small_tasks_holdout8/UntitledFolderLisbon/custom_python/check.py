"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, files_in, lines, ok, read

try:
    ok(not exists('Pictures/untitled folder'), 'untitled folder still there')
    ok(files_in('Pictures/lisbon_2026') == ['alfama_dusk.jpg', 'tram_28.jpg'], files_in('Pictures/lisbon_2026'))
    ok(lines(read('Pictures/lisbon_2026/tram_28.jpg')) == ['(jpeg, yellow tram on a hill)'], 'tram photo')
    ok(lines(read('Pictures/lisbon_2026/alfama_dusk.jpg')) == ['(jpeg, rooftops at dusk)'], 'alfama photo')
    ok(lines(read('Pictures/porto_2025/ribeira.jpg')) == ['(jpeg, river front)'], 'Pictures/porto_2025/ribeira.jpg changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
