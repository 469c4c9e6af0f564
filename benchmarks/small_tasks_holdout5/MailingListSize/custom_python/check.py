"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('subscriber_count.txt'), 'addresses', 'subscribers') == 6, read('subscriber_count.txt'))
    ok(lines(read('mailing_list.txt')) == ['# newsletter subscribers', 'ana.lopes@northgate.example', 'ben@quillmail.example', 'chidi.o@fernwick-labs.example', 'dora.k@northgate.example', 'edu@quillmail.example', 'farida@kestrel.example'], 'mailing_list.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
