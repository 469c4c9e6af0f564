import sys

if len(sys.argv) < 2:
    print("usage: quiz_stats.py FILE")
    sys.exit(2)
vals = [float(x) for x in open(sys.argv[1]) if x.strip()]
print(f"mean {sum(vals) / len(vals):.1f}")
print(f"max {max(vals):g}")
