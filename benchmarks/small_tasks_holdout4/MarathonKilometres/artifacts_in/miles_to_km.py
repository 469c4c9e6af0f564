import sys

miles = float(sys.argv[1])
print(f'{miles * 1.609344:.2f} km')
