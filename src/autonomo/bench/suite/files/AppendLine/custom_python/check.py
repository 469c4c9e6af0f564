from checks import text

lines = [l.strip() for l in text('steps.txt').splitlines() if l.strip()]
assert lines == ['step one', 'step two', 'step three'], lines
print("PASS")
