def divide(a, b):
    return None if b == 0 else a / b


def average(xs):
    return sum(xs) / len(xs)
