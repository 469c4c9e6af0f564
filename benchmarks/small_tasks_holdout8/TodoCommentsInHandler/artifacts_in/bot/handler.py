import sys

# TODO: read the port from the environment
PORT = 8642


def main(argv):
    # TODO handle --verbose
    print('starting on', PORT)
    return 0  # TODO: real exit codes


if __name__ == '__main__':
    sys.exit(main(sys.argv))
