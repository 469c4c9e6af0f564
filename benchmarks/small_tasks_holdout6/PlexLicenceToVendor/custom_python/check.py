"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(lines(read('vendor_licenses/OFL.txt')) == ['Copyright 2017 IBM Corp.', 'This Font Software is licensed under the SIL Open Font License, Version 1.1.'], 'copy differs')
    ok(lines(read('fonts/ibm_plex/OFL.txt')) == ['Copyright 2017 IBM Corp.', 'This Font Software is licensed under the SIL Open Font License, Version 1.1.'], 'fonts/ibm_plex/OFL.txt changed or gone')
    ok(lines(read('vendor_licenses/chartjs.txt')) == ['MIT License', 'Copyright (c) 2014-2024 Chart.js Contributors'], 'vendor_licenses/chartjs.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
