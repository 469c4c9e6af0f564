"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import files_in, lines, ok, read

try:
    ok(files_in('render_cache') == ['final_cut.mp4.txt', 'scene_notes.txt'], files_in('render_cache'))
    ok(lines(read('render_cache/final_cut.mp4.txt')) == ['placeholder'], 'render_cache/final_cut.mp4.txt changed or gone')
    ok(lines(read('render_cache/scene_notes.txt')) == ['camera B, 24fps'], 'render_cache/scene_notes.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
