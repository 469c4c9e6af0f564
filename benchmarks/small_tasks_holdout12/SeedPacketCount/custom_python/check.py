"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('packet_count.txt')) == 7, 'wrong number')
    ok(lines(read('seed_tin/about_tin.md')) == ['seed tin'], 'seed_tin/about_tin.md changed or gone')
    ok(lines(read('seed_tin/beetroot.txt')) == ['beetroot'], 'seed_tin/beetroot.txt changed or gone')
    ok(lines(read('seed_tin/carrot.txt')) == ['carrot'], 'seed_tin/carrot.txt changed or gone')
    ok(lines(read('seed_tin/chard.txt')) == ['chard'], 'seed_tin/chard.txt changed or gone')
    ok(lines(read('seed_tin/kale.txt')) == ['kale'], 'seed_tin/kale.txt changed or gone')
    ok(lines(read('seed_tin/leek.txt')) == ['leek'], 'seed_tin/leek.txt changed or gone')
    ok(lines(read('seed_tin/pea.txt')) == ['pea'], 'seed_tin/pea.txt changed or gone')
    ok(lines(read('seed_tin/radish.txt')) == ['radish'], 'seed_tin/radish.txt changed or gone')
    ok(lines(read('seed_tin/wishlist.csv')) == ['okra'], 'seed_tin/wishlist.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
