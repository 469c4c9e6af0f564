from mean import mean
assert mean([2, 4]) == 3 and mean([5]) == 5 and mean([]) == 0 and mean([1, 2]) == 1.5
print("PASS")
