DEFAULT_MINUTES = 25
BREAK_MINUTES = 5


def total(rounds):
    return rounds * (DEFAULT_MINUTES + BREAK_MINUTES)
