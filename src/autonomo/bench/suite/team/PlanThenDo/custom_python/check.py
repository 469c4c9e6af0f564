from checks import text

plan = text('plan.md')
assert sum(1 for l in plan.splitlines() if l.strip()[:1].isdigit()) >= 3, plan
items = [l for l in text('packing.txt').splitlines() if l.strip()]
assert len(items) >= 5, items
print("PASS")
