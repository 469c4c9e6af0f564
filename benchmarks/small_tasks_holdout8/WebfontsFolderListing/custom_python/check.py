"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    got = sorted(x.removeprefix('webfonts/') for x in lines(read('fonts.txt')))
    ok(got == ['Inter-Bold.woff2', 'Inter-Regular.woff2', 'JetBrainsMono.ttf', 'OFL-1.1.txt'], got)
    ok(lines(read('webfonts/Inter-Regular.woff2')) == ['(font)'], 'webfonts/Inter-Regular.woff2 changed or gone')
    ok(lines(read('webfonts/Inter-Bold.woff2')) == ['(font)'], 'webfonts/Inter-Bold.woff2 changed or gone')
    ok(lines(read('webfonts/JetBrainsMono.ttf')) == ['(font)'], 'webfonts/JetBrainsMono.ttf changed or gone')
    ok(lines(read('webfonts/OFL-1.1.txt')) == ['SIL Open Font License 1.1'], 'webfonts/OFL-1.1.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
