MILES = 26.2
print(round(MILES * 1.609344, 1))
