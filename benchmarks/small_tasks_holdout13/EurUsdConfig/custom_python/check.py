"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import jload, lines, ok, read

try:
    ok(jload('convert_cfg.json') == {'base': 'EUR', 'decimals': 2, 'eur_usd': 1.0832}, 'wrong JSON')
    ok(lines(read('rates_today.txt')) == ['GBP->USD 1.2655', 'EUR->USD 1.0832', 'EUR->GBP 0.8559'], 'rates_today.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
