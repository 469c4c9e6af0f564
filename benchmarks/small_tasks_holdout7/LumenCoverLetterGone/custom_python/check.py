"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('applications/cover_letter_lumen_labs.md'), 'the Lumen Labs letter is still there')
    ok(lines(read('applications/cover_letter_harrow_bio.md')) == ['Dear Dr Okonjo', 'I am writing about the lab manager role.'], 'applications/cover_letter_harrow_bio.md changed or gone')
    ok(lines(read('applications/cv_2026.pdf')) == ['(CV, two pages)'], 'applications/cv_2026.pdf changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
