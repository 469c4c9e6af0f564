from fizz import fizz
assert [fizz(i) for i in (1, 3, 5, 15, 22)] == ['1', 'Fizz', 'Buzz', 'FizzBuzz', '22']
print("PASS")
