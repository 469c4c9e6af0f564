"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('faq_count.txt'), 'questions') == 4, read('faq_count.txt'))
    ok(lines(read('faq.md')) == ['# FAQ', '## Can I return an item?', 'Yes, within 30 days.', '## Do you ship abroad?', 'Only within the EU.', '## How do I track my order?', 'Use the link in your email.', '## Is gift wrapping free?', 'It costs 2 EUR.'], 'faq.md changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
