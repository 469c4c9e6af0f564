"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('family copy.vcf'), 'family copy.vcf still there')
    ok(lines(read('family.vcf')) == ['BEGIN:VCARD', 'VERSION:4.0', 'FN:Mirela Dobre', 'TEL:+40 21 555 0142', 'END:VCARD'], 'family.vcf changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
