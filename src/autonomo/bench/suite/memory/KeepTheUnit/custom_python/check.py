from checks import text

vals = [float(l.split()[0]) for l in text('converted.txt').splitlines() if l.strip()]
assert [round(v) for v in vals] == [2000, 500, 12000], vals
print("PASS")
