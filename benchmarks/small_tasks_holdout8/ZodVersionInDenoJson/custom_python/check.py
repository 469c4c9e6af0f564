"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import re
import sys

from checks import lines, norm, ok, read

try:
    got = norm(read('zod_pin.txt'))
    ok(re.fullmatch(r'((npm:)?zod@|zod:? ?)?[\^v~]?3\.23\.8', got), got)
    ok(lines(read('web/deno.json')) == ['{', '"tasks": {', '"dev": "deno run -A --watch main.ts"', '}', '"imports": {', '"@std/assert": "jsr:@std/assert@1.0.8"', '"zod": "npm:zod@3.23.8"', '"hono": "npm:hono@4.6.12"', '}', '}'], 'web/deno.json changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
