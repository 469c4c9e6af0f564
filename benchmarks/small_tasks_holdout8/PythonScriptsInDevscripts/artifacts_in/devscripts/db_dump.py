print('dump')
