import sys

with open(sys.argv[1], "rb") as fh:
    data = fh.read()
print(f"{sum(data) % 65536:04x}")
