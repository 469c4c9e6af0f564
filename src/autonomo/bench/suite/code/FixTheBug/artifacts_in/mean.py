def mean(values):
    return sum(values) // len(values) + 1
