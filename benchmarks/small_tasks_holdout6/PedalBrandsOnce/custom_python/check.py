"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, norm, ok, read

try:
    got = [norm(x) for x in lines(read('pedal_brands.txt'))]
    ok(sorted(got) == ['boss', 'ehx', 'strymon', 'walrus'], got)
    ok(lines(read('pedalboard.csv')) == ['brand,model,type', 'Boss,DD-3T,delay', 'Strymon,Flint,reverb', 'Boss,TU-3,tuner', 'EHX,Big Muff Pi,fuzz', 'Walrus,Julia,chorus'], 'pedalboard.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
