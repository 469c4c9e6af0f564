def parse(line):
    return line.split(';')
