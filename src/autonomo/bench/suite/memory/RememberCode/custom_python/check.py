from checks import text

assert 'QX-4471' in text('final.txt')
for i in range(1, 6):
    assert f'step{i}' in text(f'file{i}.txt')
print("PASS")
