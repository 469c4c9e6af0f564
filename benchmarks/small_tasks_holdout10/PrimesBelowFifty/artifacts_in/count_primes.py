import sys
n = int(sys.argv[1])
print(sum(1 for k in range(2, n) if all(k % d for d in range(2, int(k ** 0.5) + 1))))
