print('release')
