name = 'Sam'
print('Hi, ' + name + '!')
