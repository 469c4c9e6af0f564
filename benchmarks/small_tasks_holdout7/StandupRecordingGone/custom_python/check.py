"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import exists, lines, ok, read

try:
    ok(not exists('recordings/standup_1119.mp4'), 'the recording is still there')
    ok(lines(read('recordings/standup_1119_notes.txt')) == ['Benedek: release moves to Thursday'], 'recordings/standup_1119_notes.txt changed or gone')
    ok(lines(read('recordings/standup_1126.mp4')) == ['(video, 198 MB)'], 'recordings/standup_1126.mp4 changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
