print('links')
