"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import items, lines, ok, read

try:
    ok(sorted(x.split('/')[-1] for x in items(read('scan_index.txt'))) == ['electric_bill.pdf.txt', 'passport_copy.txt', 'school_form.txt'], read('scan_index.txt'))
    ok(lines(read('inbox_scans/electric_bill.pdf.txt')) == ['scan'], 'inbox_scans/electric_bill.pdf.txt changed or gone')
    ok(lines(read('inbox_scans/passport_copy.txt')) == ['scan'], 'inbox_scans/passport_copy.txt changed or gone')
    ok(lines(read('inbox_scans/school_form.txt')) == ['scan'], 'inbox_scans/school_form.txt changed or gone')
    ok(lines(read('outbox_scans/sent_letter.txt')) == ['scan'], 'outbox_scans/sent_letter.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
