"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, files_in, lines, ok, read

try:
    ok(not exists('paperwork/reciept_hardware_store.txt'), 'misspelt name still there')
    got = lines(read('paperwork/receipt_hardware_store.txt'))
    ok(got == ['Quayside Hardware', '2x wall plugs 6mm   2.85', '1x spirit level     14.99', 'TOTAL 17.84'], got)
    ok(files_in('paperwork') == ['receipt_hardware_store.txt', 'warranty_drill.txt'], files_in('paperwork'))
    ok(lines(read('paperwork/warranty_drill.txt')) == ['warranty until 2028-05-01'], 'paperwork/warranty_drill.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
