"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import amount, lines, ok, read

try:
    got = amount(read('wav_total.txt'), 'files', 'wav files')
    ok(got == 4, got)
    ok(lines(read('field_recordings/creek.wav')) == ['RIFF placeholder'], 'field_recordings/creek.wav changed or gone')
    ok(lines(read('field_recordings/creek_edit.flac')) == ['fLaC placeholder'], 'field_recordings/creek_edit.flac changed or gone')
    ok(lines(read('field_recordings/dawn_chorus.wav')) == ['RIFF placeholder'], 'field_recordings/dawn_chorus.wav changed or gone')
    ok(lines(read('field_recordings/mic_setup.txt')) == ['Zoom H5, XY capsule'], 'field_recordings/mic_setup.txt changed or gone')
    ok(lines(read('field_recordings/owl_0312.wav')) == ['RIFF placeholder'], 'field_recordings/owl_0312.wav changed or gone')
    ok(lines(read('field_recordings/rain_on_tin.wav')) == ['RIFF placeholder'], 'field_recordings/rain_on_tin.wav changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
