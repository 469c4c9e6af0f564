print('=' * 3, 'READY', '=' * 3)
