from checks import text

from calc import divide, average
assert divide(6, 3) == 2 and divide(1, 0) is None
assert average([1, 2, 3, 4]) == 2.5
assert len(text('review.md').strip()) > 20
print("PASS")
