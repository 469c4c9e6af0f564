"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import items, lines, norm, ok, read

try:
    got = sorted(norm(x).removeprefix('handbook/') for x in items(read('handbook_pages.txt')))
    ok(got == ['holidays.md', 'laptops.md', 'welcome.md'], got)
    ok(lines(read('handbook/welcome.md')) == ['# Welcome', 'First week at Fernwick Labs.'], 'handbook/welcome.md changed or gone')
    ok(lines(read('handbook/holidays.md')) == ['# Holidays', '27 days a year.'], 'handbook/holidays.md changed or gone')
    ok(lines(read('handbook/laptops.md')) == ['# Laptops', 'IT lends loaner laptops.'], 'handbook/laptops.md changed or gone')
    ok(lines(read('handbook/ideas_draft.txt')) == ['a page about parking?'], 'handbook/ideas_draft.txt changed or gone')
    ok(lines(read('handbook/org_chart.svg')) == ['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'handbook/org_chart.svg changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
