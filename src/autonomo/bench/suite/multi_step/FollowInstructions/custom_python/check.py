from checks import text

assert text('greeting.txt').strip() == 'hello harbour'
assert 'done' in text('status.txt').lower()
print("PASS")
