from stack import Stack
s = Stack()
s.push(1)
s.push(2)
assert len(s) == 2 and s.peek() == 2 and s.pop() == 2 and s.pop() == 1 and len(s) == 0
try:
    s.pop()
except IndexError:
    pass
else:
    raise AssertionError('pop on empty did not raise')
print("PASS")
