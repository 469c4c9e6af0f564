"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(lines(read('lemon_tart_for_ana.txt')) == ['Lemon tart (serves 8)', '200 g shortcrust pastry', '4 eggs', '150 g sugar', '3 lemons, zest and juice', '125 ml double cream', 'Bake at 160 C for 25 minutes.'], read('lemon_tart_for_ana.txt'))
    ok(lines(read('lemon_tart.txt')) == ['Lemon tart (serves 8)', '200 g shortcrust pastry', '4 eggs', '150 g sugar', '3 lemons, zest and juice', '125 ml double cream', 'Bake at 160 C for 25 minutes.'], 'lemon_tart.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
