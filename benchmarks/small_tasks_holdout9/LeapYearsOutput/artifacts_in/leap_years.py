for y in range(1896, 1920, 4):
    if y % 100 != 0 or y % 400 == 0:
        print(y)
