from roman import to_roman as r
assert [r(1), r(4), r(9), r(14), r(40), r(1994), r(3999)] == ['I', 'IV', 'IX', 'XIV', 'XL', 'MCMXCIV', 'MMMCMXCIX']
print("PASS")
