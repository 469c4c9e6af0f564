word = 'education'
print(sum(1 for ch in word if ch in 'aeiou'))
