"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    got = read('open_todos.txt')
    ok(amount(got, 'todos', 'todo comments') == 3, got)
    ok(lines(read('bot/handler.py')) == ['import sys', '# TODO: read the port from the environment', 'PORT = 8642', 'def main(argv):', '# TODO handle --verbose', "print('starting on', PORT)", 'return 0  # TODO: real exit codes', "if __name__ == '__main__':", 'sys.exit(main(sys.argv))'], 'bot/handler.py changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
