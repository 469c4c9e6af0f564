"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok(read('share/whiskers_jabs.txt').strip() == 'rabies: 2026-03-02\nflu: 2026-09-14', 'copy differs')
    ok(lines(read('share/for_petsitter.txt')) == ['feed twice a day'], 'share/for_petsitter.txt changed or gone')
    ok(lines(read('vet/mittens_jabs.txt')) == ['flu: 2026-08-01'], 'vet/mittens_jabs.txt changed or gone')
    ok(lines(read('vet/whiskers_jabs.txt')) == ['rabies: 2026-03-02', 'flu: 2026-09-14'], 'vet/whiskers_jabs.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
