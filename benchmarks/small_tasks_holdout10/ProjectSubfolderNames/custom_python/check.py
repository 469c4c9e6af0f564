"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import items, lines, ok, read

try:
    ok(sorted(x.rstrip('/').split('/')[-1] for x in items(read('project_dirs.txt'))) == ['harbor_app', 'mapping_tool', 'tide_sensor'], read('project_dirs.txt'))
    ok(lines(read('projects_2026/budget_2026.txt')) == ['plan'], 'projects_2026/budget_2026.txt changed or gone')
    ok(lines(read('projects_2026/harbor_app/about_project.txt')) == ['app'], 'projects_2026/harbor_app/about_project.txt changed or gone')
    ok(lines(read('projects_2026/mapping_tool/about_project.txt')) == ['map'], 'projects_2026/mapping_tool/about_project.txt changed or gone')
    ok(lines(read('projects_2026/tide_sensor/about_project.txt')) == ['sensor'], 'projects_2026/tide_sensor/about_project.txt changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
