def split_fields(line):
    # TODO: handle quoted commas
    return line.split(",")


def to_int(text):
    # NOTE: empty means zero
    # TODO: reject floats
    return int(text or 0)


def header(line):
    # TODO: strip BOM
    return [f.strip() for f in split_fields(line)]
