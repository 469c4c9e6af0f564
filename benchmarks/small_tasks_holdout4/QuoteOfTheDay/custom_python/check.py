"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    ok(norm(read('quote_of_the_day.txt')) == 'a quiet workshop is a busy mind', read('quote_of_the_day.txt'))
    ok(lines(read('quotes.txt')) == ['Measure twice, cut once.', 'The sea does not reward impatience.', 'A quiet workshop is a busy mind.', 'Rust never sleeps, but it does nap.', 'Every map is a little wrong.'], 'quotes.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
