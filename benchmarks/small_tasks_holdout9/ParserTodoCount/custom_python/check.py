"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    got = amount(read('todo_tally.txt'), 'todos', 'todo comments')
    ok(got == 3, got)
    ok(lines(read('parser_utils.py')) == ['def split_fields(line):', '# TODO: handle quoted commas', 'return line.split(",")', 'def to_int(text):', '# NOTE: empty means zero', '# TODO: reject floats', 'return int(text or 0)', 'def header(line):', '# TODO: strip BOM', 'return [f.strip() for f in split_fields(line)]'], 'parser_utils.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
