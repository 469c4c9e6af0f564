import sys

km = float(sys.argv[1])
mins, secs = sys.argv[2].split(':')
per_km = (int(mins) * 60 + int(secs)) / km
print(f'{int(per_km // 60)}:{int(per_km % 60):02d} min/km')
