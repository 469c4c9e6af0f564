print('ok-' + str(3 ** 4))
