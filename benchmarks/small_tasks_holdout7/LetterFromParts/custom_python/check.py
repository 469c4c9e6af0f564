"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    got = lines(read('letter/complete.txt'))
    ok(got == ['Dear Ms Ferreira', 'Thank you for the quick repair of the boiler.', 'The invoice has been paid today.', 'Kind regards', 'Teodor'], got)
    ok(lines(read('letter/salutation.txt')) == ['Dear Ms Ferreira'], 'letter/salutation.txt changed or gone')
    ok(lines(read('letter/main_text.txt')) == ['Thank you for the quick repair of the boiler.', 'The invoice has been paid today.', 'Kind regards', 'Teodor'], 'letter/main_text.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
