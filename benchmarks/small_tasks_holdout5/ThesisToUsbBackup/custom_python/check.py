"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(lines(read('usb_backup/thesis.tex')) == ['\\documentclass{report}', '\\title{Sediment Transport in Braided Channels}', '\\begin{document}', '\\maketitle', '\\chapter{Introduction}', '\\end{document}'], read('usb_backup/thesis.tex'))
    ok(lines(read('thesis.tex')) == ['\\documentclass{report}', '\\title{Sediment Transport in Braided Channels}', '\\begin{document}', '\\maketitle', '\\chapter{Introduction}', '\\end{document}'], 'thesis.tex changed or gone')
    ok(lines(read('usb_backup/slides_outline.txt')) == ['slide 1: title', 'slide 2: field sites', 'slide 3: results'], 'usb_backup/slides_outline.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
