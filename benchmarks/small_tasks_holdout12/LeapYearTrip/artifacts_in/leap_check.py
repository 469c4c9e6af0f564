import sys
y = int(sys.argv[1])
print('leap year' if y % 4 == 0 and (y % 100 or y % 400 == 0) else 'not a leap year')
