import sys

celsius = float(sys.argv[1])
print(celsius * 9 / 5 + 32)
