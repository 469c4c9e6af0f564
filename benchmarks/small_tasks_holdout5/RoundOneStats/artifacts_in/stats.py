import csv

with open('scores/round1.csv') as fh:
    scores = [int(r['score']) for r in csv.DictReader(fh)]
print('mean', sum(scores) / len(scores))
print('max', max(scores))
