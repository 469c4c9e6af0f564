print('worker up')
