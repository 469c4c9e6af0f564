"""Small text helpers."""
MAX_LEN = 80


def slugify(text):
    return "-".join(text.lower().split())


def truncate(text, n=MAX_LEN):
    return text[:n]


def word_count(text):
    return len(text.split())
