"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = norm(read('ratio.txt')).replace(' ', '')
    ok(got in ('1:5', '1to5'), got)
    ok(lines(read('mortar_mix.txt')) == ['Bedding mortar: cement to sand 1:4', 'Pointing mortar: cement to lime to sand 1:1:6', 'Render base coat: cement to sand 1:5'], 'mortar_mix.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
