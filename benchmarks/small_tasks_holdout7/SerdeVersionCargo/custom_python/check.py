"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import re
import sys

from checks import lines, norm, ok, read

try:
    got = norm(read('serde_version.txt'))
    ok(re.fullmatch(r'(serde:? )?(version:? )?[=v]?1\.0\.210', got), got)
    ok(lines(read('crates/ripcsv/Cargo.toml')) == ['[package]', 'name = "ripcsv"', 'version = "0.4.2"', 'edition = "2021"', '[dependencies]', 'csv = "1.3.0"', 'serde = { version = "1.0.210", features = ["derive"] }', 'clap = "4.5.20"'], 'crates/ripcsv/Cargo.toml changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
