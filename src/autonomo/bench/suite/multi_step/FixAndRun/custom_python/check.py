from checks import text

import runpy, io, contextlib
buf = io.StringIO()
with contextlib.redirect_stdout(buf):
    runpy.run_path('report.py')
assert buf.getvalue().strip() == 'total=42'
assert text('output.txt').strip() == 'total=42'
print("PASS")
