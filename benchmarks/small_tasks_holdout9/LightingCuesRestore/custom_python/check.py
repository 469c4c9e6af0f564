"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('lighting_cues.yaml.bak'), 'lighting_cues.yaml.bak still there')
    ok(lines(read('lighting_cues.yaml')) == ['cue_1: house lights down', 'cue_2: spot on lectern'], 'lighting_cues.yaml wrong')
    ok(lines(read('lighting_cues.yaml.old')) == ['cue_1: blackout'], 'lighting_cues.yaml.old changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
