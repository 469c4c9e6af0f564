"""Checks the workspace after the task; prints PASS or FAIL: <why>."""
import sys

from checks import lines, ok, read

try:
    ok([''.join(x.split()) for x in lines(read('pull_list.txt'))] == ['Persuasion823.7AUS', 'Middlemarch823.8ELI'], 'not appended as the last line')
    ok(lines(read('catalogue_extract.csv')) == ['title,call_number', 'Middlemarch,823.8 ELI', 'Mill on the Floss,823.8 ELI-M', 'Adam Bede,823.8 ELI-A'], 'catalogue_extract.csv changed or gone')
except Exception as exc:  # the agent's file is malformed
    print(f"FAIL: {exc!r}")
    sys.exit(0)
print("PASS")
