import sys
word = sys.argv[1] if len(sys.argv) > 1 else 'NONE'
print('*** ' + word[::-1] + '-' + str(len(word)) + ' ***')
