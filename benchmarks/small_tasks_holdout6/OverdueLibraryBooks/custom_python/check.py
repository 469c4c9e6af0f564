"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import items, lines, norm, ok, read

try:
    got = [norm(x) for x in items(read('overdue.txt'))]
    ok(sorted(got) == ['a field guide to lichens', 'ferns under ice'], got)
    ok(lines(read('library/lending.csv')) == ['title,borrower,status', 'The Brass Meridian,Anselm,returned', 'A Field Guide to Lichens,Xiulan,overdue', 'Night Trains of Europe,Tobiah,on loan', 'Ferns Under Ice,Yasmin,overdue', 'How Bridges Stand,Gudrun,returned'], 'library/lending.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
