import csv

with open('expenses.csv') as fh:
    total = sum(float(r['amount']) for r in csv.DictReader(fh))
print(f'total: {total:.2f}')
