"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('dl/sketchbook_scans.zip.part'), 'the .part file is still there')
    ok(lines(read('dl/sketchbook_scans.zip')) == ['PK complete archive'], 'dl/sketchbook_scans.zip changed or gone')
    ok(lines(read('dl/fieldnotes.pdf')) == ['%PDF-1.5 field notes'], 'dl/fieldnotes.pdf changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
