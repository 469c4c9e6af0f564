import sys

total, people = float(sys.argv[1]), int(sys.argv[2])
print(f'each pays {total / people:.2f}')
