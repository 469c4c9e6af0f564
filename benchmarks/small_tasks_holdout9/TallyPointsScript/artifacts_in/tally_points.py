points = [12, 7, 19, 4, 11]
bonus = 3
print(sum(points) * 2 + bonus)
