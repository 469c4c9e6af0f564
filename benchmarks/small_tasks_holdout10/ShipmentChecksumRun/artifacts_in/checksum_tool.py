data = open('shipment_ids.txt').read().split()
print(sum(int(x) * (i + 1) for i, x in enumerate(data)) % 9973)
