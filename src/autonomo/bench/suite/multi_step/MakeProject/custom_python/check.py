from checks import text

import sys
sys.path.insert(0, '.')
from calc.ops import add, sub
assert add(2, 3) == 5 and sub(2, 3) == -1
readme = text('calc/README.md')
assert 'add' in readme and 'sub' in readme
print("PASS")
