import csv
import json
import sys
from pathlib import Path


def main(src):
    rows = list(csv.DictReader(Path(src).open()))
    json.dump(rows, sys.stdout, indent=2)


if __name__ == '__main__':
    main(sys.argv[1])
