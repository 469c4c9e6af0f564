"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('contacts_dup.vcf'), 'contacts_dup.vcf still exists')
    ok(lines(read('contacts.vcf')) == ['BEGIN:VCARD', 'FN:Selin Aydin', 'TEL:+49 151 2345 678', 'END:VCARD'], 'contacts.vcf changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
