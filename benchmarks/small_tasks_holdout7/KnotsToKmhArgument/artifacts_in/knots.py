import sys

if len(sys.argv) != 2:
    print("usage: knots.py KNOTS")
    sys.exit(1)
speed = float(sys.argv[1])
print(f"{sys.argv[1]} kn = {speed * 1.852:.2f} km/h")
