def divide(a, b):
    return a / b


def average(xs):
    return sum(xs) / 2
