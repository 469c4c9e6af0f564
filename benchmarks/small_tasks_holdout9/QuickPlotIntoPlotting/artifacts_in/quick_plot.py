import math

for x in range(5):
    print(x, round(math.sin(x), 3))
