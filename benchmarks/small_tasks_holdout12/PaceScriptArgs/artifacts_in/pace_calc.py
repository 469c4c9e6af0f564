import sys
km, mins = float(sys.argv[1]), float(sys.argv[2])
s = round(mins * 60 / km)
print(f'{s // 60}:{s % 60:02d} min/km')
