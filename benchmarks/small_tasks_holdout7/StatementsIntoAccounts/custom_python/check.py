"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, files_in, lines, ok, read

try:
    for q in ('q3', 'q4'):
        ok(not exists(f'mail_attachments/statement_2025_{q}.pdf'), q + ' still in mail_attachments')
    ok(lines(read('accounts/2025/statement_2025_q3.pdf')) == ['(bank statement Jul-Sep 2025)'], 'q3 contents')
    ok(lines(read('accounts/2025/statement_2025_q4.pdf')) == ['(bank statement Oct-Dec 2025)'], 'q4 contents')
    ok(files_in('accounts/2025') == ['statement_2025_q2.pdf', 'statement_2025_q3.pdf', 'statement_2025_q4.pdf'], files_in('accounts/2025'))
    ok(lines(read('mail_attachments/statement_2026_q1.pdf')) == ['(bank statement Jan-Mar 2026)'], 'mail_attachments/statement_2026_q1.pdf changed or gone')
    ok(lines(read('mail_attachments/newsletter.eml')) == ['Subject: Autumn newsletter', 'Hi all'], 'mail_attachments/newsletter.eml changed or gone')
    ok(lines(read('accounts/2025/statement_2025_q2.pdf')) == ['(bank statement Apr-Jun 2025)'], 'accounts/2025/statement_2025_q2.pdf changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
