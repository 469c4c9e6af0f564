"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    got = read('pdf_total.txt')
    ok(amount(got, 'pdfs', 'files') == 4, got)
    ok(lines(read('scans_2026/tax_letter.pdf')) == ['(scan)'], 'scans_2026/tax_letter.pdf changed or gone')
    ok(lines(read('scans_2026/car_mot.pdf')) == ['(scan)'], 'scans_2026/car_mot.pdf changed or gone')
    ok(lines(read('scans_2026/boarding_pass.pdf')) == ['(pdf)'], 'scans_2026/boarding_pass.pdf changed or gone')
    ok(lines(read('scans_2026/quote_roofer.txt')) == ['roof repair 2,750'], 'scans_2026/quote_roofer.txt changed or gone')
    ok(lines(read('scans_2026/IMG_8820.heic')) == ['(photo)'], 'scans_2026/IMG_8820.heic changed or gone')
    ok(lines(read('scans_2026/vet_bill.pdf')) == ['(scan)'], 'scans_2026/vet_bill.pdf changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
