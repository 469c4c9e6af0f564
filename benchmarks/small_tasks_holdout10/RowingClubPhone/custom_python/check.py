"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read, squeeze

try:
    ok(squeeze(read('ingrid_phone.txt'), '"\'') == '+4791244310', read('ingrid_phone.txt'))
    ok(lines(read('contacts_club.csv')) == ['name,phone,email', 'Ingrid Holm,+47 912 44 310,ingrid@fjordrow.no', 'Ingrid Hall,+47 913 20 001,ihall@fjordrow.no', 'Per Holm,+47 900 11 222,per@fjordrow.no'], 'contacts_club.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
