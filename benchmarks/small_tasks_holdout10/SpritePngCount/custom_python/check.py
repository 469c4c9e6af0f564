"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    ok(amount(read('sprite_count.txt'), 'files') == 4, read('sprite_count.txt'))
    ok(lines(read('sprites/boss_flash.gif')) == ['img'], 'sprites/boss_flash.gif changed or gone')
    ok(lines(read('sprites/coin.png')) == ['img'], 'sprites/coin.png changed or gone')
    ok(lines(read('sprites/hero_idle.png')) == ['img'], 'sprites/hero_idle.png changed or gone')
    ok(lines(read('sprites/hero_run.png')) == ['img'], 'sprites/hero_run.png changed or gone')
    ok(lines(read('sprites/intro.gif')) == ['img'], 'sprites/intro.gif changed or gone')
    ok(lines(read('sprites/slime.png')) == ['img'], 'sprites/slime.png changed or gone')
    ok(lines(read('sprites_unused/old_hero.png')) == ['img'], 'sprites_unused/old_hero.png changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
