for i in range(1, 4):
    print(f'{i} x 7 = {i * 7}')
