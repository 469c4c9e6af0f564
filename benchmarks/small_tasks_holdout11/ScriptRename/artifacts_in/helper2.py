print('tidy')
