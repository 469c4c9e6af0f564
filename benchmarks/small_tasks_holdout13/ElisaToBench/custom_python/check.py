"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(read('bench/elisa_protocol.md').strip() == '# ELISA\n1. coat plate 4 °C overnight\n2. block 1 h', 'copy differs')
    ok(lines(read('bench/bench_rota.txt')) == ['Mon: Yusuf', 'Tue: Carla'], 'bench/bench_rota.txt changed or gone')
    ok(lines(read('elisa_protocol.md')) == ['# ELISA', '1. coat plate 4 °C overnight', '2. block 1 h'], 'elisa_protocol.md changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
