"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import files_in, lines, ok, read

try:
    ok(files_in('deploy_bundle') == ['0007_nickname.sql', '0008_order_index.sql'], files_in('deploy_bundle'))
    ok(lines(read('deploy_bundle/0007_nickname.sql')) == ['ALTER TABLE users ADD COLUMN nickname TEXT;'], '0007 differs')
    ok(lines(read('deploy_bundle/0008_order_index.sql')) == ['CREATE INDEX idx_orders_date ON orders(date);'], '0008 differs')
    ok(lines(read('migrations_q3/0007_nickname.sql')) == ['ALTER TABLE users ADD COLUMN nickname TEXT;'], 'migrations_q3/0007_nickname.sql changed or gone')
    ok(lines(read('migrations_q3/0008_order_index.sql')) == ['CREATE INDEX idx_orders_date ON orders(date);'], 'migrations_q3/0008_order_index.sql changed or gone')
    ok(lines(read('migrations_q3/README_q3.md')) == ['Q3 schema changes'], 'migrations_q3/README_q3.md changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
