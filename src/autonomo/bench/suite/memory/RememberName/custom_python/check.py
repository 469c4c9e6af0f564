from checks import text

assert 'Odalys' in text('welcome.txt')
assert 'table set' in text('table.txt') and 'candles lit' in text('candles.txt') and 'music on' in text('music.txt')
print("PASS")
