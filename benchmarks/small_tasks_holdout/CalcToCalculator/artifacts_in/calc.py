def mul(a, b):
    return a * b


print(mul(6, 8))
