down_min, month_min = 13, 4320
print(f'{round(100 * (1 - down_min / month_min), 2)}%')
