print(sum(range(1, 11)))
