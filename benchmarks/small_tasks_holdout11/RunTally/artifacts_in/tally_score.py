print(sum([14, 22, 9]))
