"""Fresh cases (session 22, i10x, second batch): wrong work a verifier could take for the
value or the file the task means. A value pointed at ("… store that in f.txt") with a
condition on its form said after the file's name: the unit left off in other words than a
closed list's, the value asked in another unit (a conversion). A file that names another
file, then a pronoun for the named one in the next sentence: the pointer file copied or
renamed instead. Same layout as ``finish_fresh_cases`` (kind, task, files, check, right plans,
wrong plans).
"""

from __future__ import annotations

from finish_fresh_cases import C, Case, M, R, W, both, gone, kept, says

_CHOSE = {"which.txt": "plan_b.md\n", "plan_a.md": "A\n", "plan_b.md": "B\n",
          "backup/x.txt": "x\n"}

CASES7: list[Case] = [
    # -- a condition on a pointed value's form, said after the file's name ------------------------
    ("write", "Ceiling is 2.5 metres high now; jot that down in ceiling.txt, leave the unit off",
     {}, says("ceiling.txt", "2.5"),
     [[W("ceiling.txt", "2.5\n")]],
     [[W("ceiling.txt", "2.5 metres")]]),
    ("write", "The hall is 2.5 metres high. Store that in hall.txt in centimetres", {},
     says("hall.txt", "250"),
     [[W("hall.txt", "250\n")]],
     [[W("hall.txt", "2.5")], [W("hall.txt", "2.5 metres")]]),
    # -- a file that names another, then a pronoun for the named one -----------------------------
    ("copy", "which.txt names the plan we chose. Copy it into backup/", dict(_CHOSE),
     both(kept("backup/plan_b.md", "B\n"), kept("plan_b.md", "B\n")),
     [[R("which.txt"), C("plan_b.md", "backup/plan_b.md")]],
     [[R("which.txt"), C("which.txt", "backup/which.txt")]]),
    ("move", "The plan we chose is named in which.txt. Rename it to chosen.md", dict(_CHOSE),
     both(kept("chosen.md", "B\n"), gone("plan_b.md"), kept("which.txt", "plan_b.md\n")),
     [[R("which.txt"), M("plan_b.md", "chosen.md")]],
     [[R("which.txt"), M("which.txt", "chosen.md")]]),
]
