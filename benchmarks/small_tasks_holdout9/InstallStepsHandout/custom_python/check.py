"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(lines(read('handout.txt')) == ['Download the installer.', 'Run setup --quiet.', 'Restart when asked.'], 'handout.txt wrong')
    ok(lines(read('docs_site/install_faq.txt')) == ['Q: Is it free? A: Yes.'], 'docs_site/install_faq.txt changed or gone')
    ok(lines(read('docs_site/install_steps.txt')) == ['Download the installer.', 'Run setup --quiet.', 'Restart when asked.'], 'docs_site/install_steps.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
