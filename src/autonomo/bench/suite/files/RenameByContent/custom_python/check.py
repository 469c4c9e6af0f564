from checks import text

assert 'Harbour' in text('harbour.txt')
print("PASS")
