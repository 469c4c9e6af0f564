import sys
stock_ug_ml = 250
factor = int(sys.argv[1]) if len(sys.argv) > 1 else 1
print(stock_ug_ml / factor)
