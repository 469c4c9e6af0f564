"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('contacts_2019.vcf'), 'contacts_2019.vcf still exists')
    ok(lines(read('contacts_2024.vcf')) == ['BEGIN 24'], 'contacts_2024.vcf changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
