"""Fresh wordings for the finish check (written by i10x, not taken from the benchmark suites).

Each case: (kind, task, files at the start, check, right plans, wrong plans). A plan is the
commands a model might run (then ``finish``). ``check`` judges the workspace afterwards, so a
plan labelled right or wrong is verified, not just claimed. Right plans vary the order (read
first or not), use a shell line or Python code instead of ``write_file``, write then fix;
wrong plans miss work, make a value up, use the wrong file, or stop half way.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

Step = tuple[str, dict[str, Any]]
Check = Callable[[Path], bool]


def _command(name: str, *keys: str) -> Callable[..., Step]:
    """A step maker: ``W("a.txt", "hi")`` is ``("write_file", {"path": ..., "content": ...})``."""
    return lambda *values: (name, dict(zip(keys, values, strict=True)))


R = _command("read_file", "path")
W = _command("write_file", "path", "content")
A = _command("append_to_file", "path", "content")
D = _command("delete_file", "path")
C = _command("copy_file", "source", "destination")
M = _command("rename_file", "source", "destination")
X = _command("execute_python_file", "path")
SH = _command("execute_shell", "command")
PY = _command("execute_python_code", "code")


def L(path: str = ".") -> Step:
    return ("list_folder", {"path": path})


# -- checks on the workspace ---------------------------------------------------------------------

def _text(ws: Path, p: str) -> str | None:
    f = ws / p
    return f.read_text() if f.is_file() else None


def says(p: str, want: str, *, exact_case: bool = False) -> Check:
    """``p`` holds ``want`` (surrounding blanks and a final full stop aside)."""
    def check(ws: Path) -> bool:
        got = _text(ws, p)
        if got is None:
            return False
        got = got.strip().rstrip(".").strip()
        return got == want if exact_case else got.casefold() == want.casefold()
    return check


def _json(ws: Path, p: str) -> Any:
    try:
        return json.loads(_text(ws, p) or "")
    except ValueError:
        return None


def lines(p: str, want: list[str]) -> Check:
    """``p``'s non-blank lines are ``want``, in that order."""
    def check(ws: Path) -> bool:
        got = _text(ws, p)
        return got is not None and [x.strip() for x in got.splitlines() if x.strip()] == want
    return check


def gone(*ps: str) -> Check:
    return lambda ws: not any((ws / p).exists() for p in ps)


def kept(p: str, text: str) -> Check:
    return lambda ws: _text(ws, p) == text


def js(p: str, want: Any) -> Check:
    return lambda ws: _json(ws, p) == want


def prints(p: str, want: str) -> Check:
    """Running ``p`` prints ``want``."""
    def check(ws: Path) -> bool:
        if not (ws / p).is_file():
            return False
        out = subprocess.run([sys.executable, p], cwd=ws, capture_output=True, text=True,
                             timeout=20)
        return out.returncode == 0 and out.stdout.strip() == want
    return check


def calls(p: str, expr: str, want: Any) -> Check:
    """Importing ``p`` and evaluating ``expr`` gives ``want``."""
    def check(ws: Path) -> bool:
        if not (ws / p).is_file():
            return False
        code = f"import {Path(p).stem} as m; print(repr({expr}))"
        out = subprocess.run([sys.executable, "-c", code], cwd=ws, capture_output=True,
                             text=True, timeout=20)
        return out.returncode == 0 and out.stdout.strip() == repr(want)
    return check


def both(*checks: Check) -> Check:
    return lambda ws: all(c(ws) for c in checks)


Case = tuple[str, str, dict[str, str], Check, list[list[Step]], list[list[Step]]]

CASES: list[Case] = [
    # -- write ------------------------------------------------------------------------------------
    ("write", "Store the word maple in tree.txt", {}, says("tree.txt", "maple"),
     [[W("tree.txt", "maple\n")], [SH("echo maple > tree.txt")],
      [W("tree.txt", "mapel"), W("tree.txt", "maple")]],
     [[W("tree.txt", "oak")], [W("trees.txt", "maple")], [],
      [W("tree.txt", "maple"), W("tree.txt", "mapel")]]),
    ("write", "Create greeting.txt containing Good evening", {},
     says("greeting.txt", "Good evening"),
     [[PY("open('greeting.txt', 'w').write('Good evening\\n')")],
      [W("greeting.txt", "Good evening")]],
     [[W("greeting.txt", "Good")], [W("greeting.txt", "containing Good evening")]]),
    ("write", "Write 3.5 to ratio.txt", {}, says("ratio.txt", "3.5"),
     [[W("ratio.txt", "3.5\n")], [PY("open('ratio.txt', 'w').write(str(7 / 2))")]],
     [[W("ratio.txt", "3")], [W("ratio.txt", "35")]]),
    # -- append -----------------------------------------------------------------------------------
    ("append", "Add cherry as a new last line of fruits.txt", {"fruits.txt": "apple\nbanana\n"},
     lines("fruits.txt", ["apple", "banana", "cherry"]),
     [[A("fruits.txt", "cherry\n")], [SH("echo cherry >> fruits.txt")],
      [R("fruits.txt"), W("fruits.txt", "apple\nbanana\ncherry\n")]],
     [[W("fruits.txt", "cherry\n")], [A("fruits.txt", "cherries\n")], [R("fruits.txt")]]),
    ("append", "Log the text backup finished at the end of events.log", {"events.log": "start\n"},
     lines("events.log", ["start", "backup finished"]),
     [[A("events.log", "backup finished\n")],
      [R("events.log"), A("events.log", "backup finished")]],
     [[A("event.log", "backup finished\n")], [A("events.log", "finished\n")]]),
    ("append", "Append a line saying ok to status.log", {"status.log": "boot\n"},
     lines("status.log", ["boot", "ok"]),
     [[PY("with open('status.log', 'a') as f:\n    f.write('ok\\n')")], [A("status.log", "ok")]],
     [[W("status.log", "ok\n")], [A("status.log", "okay\n")]]),
    # -- copy -------------------------------------------------------------------------------------
    ("copy", "Duplicate recipe.md as recipe_copy.md", {"recipe.md": "# Soup\nwater, salt\n"},
     both(kept("recipe.md", "# Soup\nwater, salt\n"),
          kept("recipe_copy.md", "# Soup\nwater, salt\n")),
     [[C("recipe.md", "recipe_copy.md")], [SH("cp recipe.md recipe_copy.md")],
      [R("recipe.md"), W("recipe_copy.md", "# Soup\nwater, salt\n")]],
     [[M("recipe.md", "recipe_copy.md")], [W("recipe_copy.md", "# Soup\n")]]),
    ("copy", "Put a copy of logo.txt into the assets folder",
     {"logo.txt": "(o)\n", "assets/readme.txt": "assets\n"},
     both(kept("logo.txt", "(o)\n"), kept("assets/logo.txt", "(o)\n")),
     [[C("logo.txt", "assets/logo.txt")], [L("assets"), SH("cp logo.txt assets/")]],
     [[M("logo.txt", "assets/logo.txt")], [C("logo.txt", "assets/readme.txt")]]),
    # -- rename / move ----------------------------------------------------------------------------
    ("rename", "Change the name of todo_old.txt to todo.txt", {"todo_old.txt": "call mum\n"},
     both(gone("todo_old.txt"), kept("todo.txt", "call mum\n")),
     [[M("todo_old.txt", "todo.txt")], [SH("mv todo_old.txt todo.txt")]],
     [[C("todo_old.txt", "todo.txt")], [W("todo.txt", "call mum\n")]]),
    ("rename", "Rename script.py to run.py", {"script.py": "print('go')\n"},
     both(gone("script.py"), kept("run.py", "print('go')\n")),
     [[M("script.py", "run.py")], [L(), M("script.py", "run.py")]],
     [[W("run.py", "print('go')\n")], [M("script.py", "run.txt")]]),
    ("rename", "Move report.txt into the archive folder",
     {"report.txt": "Q3 fine\n", "archive/old.txt": "old\n"},
     both(gone("report.txt"), kept("archive/report.txt", "Q3 fine\n"),
          kept("archive/old.txt", "old\n")),
     [[M("report.txt", "archive/report.txt")], [SH("mv report.txt archive/")]],
     [[C("report.txt", "archive/report.txt")], [M("report.txt", "archive/old.txt")]]),
    ("rename", "Give notes.txt the new name notes.md", {"notes.txt": "# plan\n"},
     both(gone("notes.txt"), kept("notes.md", "# plan\n")),
     [[M("notes.txt", "notes.md")], [SH("mv notes.txt notes.md")]],
     [[C("notes.txt", "notes.md")], [W("notes.md", "# plan\n")]]),
    ("copy", "Make a backup of diary.txt named diary.bak", {"diary.txt": "rainy day\n"},
     both(kept("diary.txt", "rainy day\n"), kept("diary.bak", "rainy day\n")),
     [[C("diary.txt", "diary.bak")], [PY("import shutil\nshutil.copy('diary.txt', 'diary.bak')")]],
     [[M("diary.txt", "diary.bak")], [W("diary.bak", "diary")]]),
    # -- delete -----------------------------------------------------------------------------------
    ("delete", "Get rid of junk.txt", {"junk.txt": "x\n", "keep.txt": "k\n"},
     both(gone("junk.txt"), kept("keep.txt", "k\n")),
     [[D("junk.txt")], [SH("rm junk.txt")], [L(), D("junk.txt")]],
     [[D("keep.txt")], [W("junk.txt", "")], [R("junk.txt")], [SH("rm junk.txt keep.txt")]]),
    ("delete", "Remove the files ending in .bak", {"a.bak": "1", "b.bak": "2", "c.txt": "3"},
     both(gone("a.bak", "b.bak"), kept("c.txt", "3")),
     [[D("a.bak"), D("b.bak")], [SH("rm a.bak b.bak")],
      [PY("import glob, os\nfor f in glob.glob('*.bak'):\n    os.remove(f)")]],
     [[D("a.bak")], [D("a.bak"), D("b.bak"), D("c.txt")], [SH("rm a.bak b.bak c.txt")]]),
    ("delete", "Erase every file in the tmp folder",
     {"tmp/a.dat": "1", "tmp/b.txt": "2", "main.txt": "m"},
     both(gone("tmp/a.dat", "tmp/b.txt"), kept("main.txt", "m")),
     [[L("tmp"), D("tmp/a.dat"), D("tmp/b.txt")], [SH("rm tmp/*")]],
     [[D("tmp/a.dat")], [D("tmp/a.dat"), D("tmp/b.txt"), D("main.txt")]]),
    # -- find a value -----------------------------------------------------------------------------
    ("find", "What port does web.conf use? Put just the number in port.txt",
     {"web.conf": "host = localhost\nport = 8080\nworkers = 4\n"}, says("port.txt", "8080"),
     [[R("web.conf"), W("port.txt", "8080")],
      [PY("import re\nt = open('web.conf').read()\n"
          "open('port.txt', 'w').write(re.search(r'port = (\\d+)', t).group(1))")]],
     [[W("port.txt", "80")], [W("port.txt", "4")], [W("port.txt", "port")]]),
    ("find", "Look up Maria's phone number in phones.csv and save it to maria.txt",
     {"phones.csv": "name,phone\nMaria,555-0142\nJon,555-0199\n"}, says("maria.txt", "555-0142"),
     [[R("phones.csv"), W("maria.txt", "555-0142\n")],
      [SH("grep Maria phones.csv | cut -d, -f2 > maria.txt")]],
     [[R("phones.csv"), W("maria.txt", "555-0199")], [W("maria.txt", "555-1234")]]),
    ("find", "Get the version field from package.json and write it to version.txt",
     {"package.json": '{"name": "demo", "version": "2.4.1"}\n'}, says("version.txt", "2.4.1"),
     [[R("package.json"), W("version.txt", "2.4.1")],
      [PY("import json\nv = json.load(open('package.json'))['version']\n"
          "open('version.txt', 'w').write(v)")]],
     [[W("version.txt", "1.0.0")], [W("version.txt", "demo")]]),
    # -- count ------------------------------------------------------------------------------------
    ("count", "Count how many lines colors.txt has and save the number in lines.txt",
     {"colors.txt": "red\ngreen\nblue\n"}, says("lines.txt", "3"),
     [[R("colors.txt"), W("lines.txt", "3")], [SH("wc -l < colors.txt > lines.txt")]],
     [[W("lines.txt", "4")], [R("colors.txt"), W("lines.txt", "red")]]),
    ("count", "How many .csv files are in the data folder? Write the answer to csv_count.txt",
     {"data/a.csv": "x\n", "data/b.csv": "y\n", "data/c.txt": "z\n"},
     says("csv_count.txt", "2"),
     [[L("data"), W("csv_count.txt", "2")], [SH("ls data/*.csv | wc -l > csv_count.txt")]],
     [[W("csv_count.txt", "3")], [L("data"), W("csv_count.txt", "3")]]),
    ("count", "Write the number of words in title.txt to n_words.txt",
     {"title.txt": "A Tale of Two Cities\n"}, says("n_words.txt", "5"),
     [[R("title.txt"), W("n_words.txt", "5\n")],
      [PY("print(len(open('title.txt').read().split()))"), W("n_words.txt", "5")]],
     [[R("title.txt"), W("n_words.txt", "4")], [W("n_words.txt", "Two")]]),
    # -- list -------------------------------------------------------------------------------------
    ("list", "List the .py files in src, one per line, in modules.txt",
     {"src/a.py": "", "src/b.py": "", "src/notes.txt": ""}, lines("modules.txt", ["a.py", "b.py"]),
     [[L("src"), W("modules.txt", "a.py\nb.py\n")],
      [SH("cd src && ls *.py > ../modules.txt")]],
     [[L("src"), W("modules.txt", "a.py\nb.py\nnotes.txt\n")], [W("modules.txt", "a.py\n")]]),
    ("list", "Write every city from trips.csv to cities.txt, one per line",
     {"trips.csv": "city,days\nRome,3\nKyoto,5\n"}, lines("cities.txt", ["Rome", "Kyoto"]),
     [[R("trips.csv"), W("cities.txt", "Rome\nKyoto\n")],
      [PY("import csv\nrows = list(csv.DictReader(open('trips.csv')))\n"
          "open('cities.txt', 'w').write(''.join(r['city'] + '\\n' for r in rows))")]],
     [[R("trips.csv"), W("cities.txt", "3\n5\n")], [W("cities.txt", "Rome\n")]]),
    # -- JSON -------------------------------------------------------------------------------------
    ("json", "Make settings.json with a key theme whose value is light", {},
     js("settings.json", {"theme": "light"}),
     [[W("settings.json", '{"theme": "light"}\n')],
      [PY("import json\njson.dump({'theme': 'light'}, open('settings.json', 'w'))")]],
     [[W("settings.json", "theme=light")], [W("settings.json", '{"theme": "dark"}')]]),
    ("json", "In flags.json set beta to false", {"flags.json": '{"beta": true, "gamma": 1}\n'},
     js("flags.json", {"beta": False, "gamma": 1}),
     [[R("flags.json"), W("flags.json", '{"beta": false, "gamma": 1}\n')],
      [PY("import json\nd = json.load(open('flags.json'))\nd['beta'] = False\n"
          "json.dump(d, open('flags.json', 'w'))")]],
     [[W("flags.json", '{"beta": false}')], [A("flags.json", "false")]]),
    # -- CSV --------------------------------------------------------------------------------------
    ("csv", "Create inventory.csv with columns item and qty and a row pens,12", {},
     lines("inventory.csv", ["item,qty", "pens,12"]),
     [[W("inventory.csv", "item,qty\npens,12\n")],
      [SH("printf 'item,qty\\npens,12\\n' > inventory.csv")]],
     [[W("inventory.csv", "item,qty\n")], [W("inventory.csv", "pens,12\n")]]),
    ("csv", "Add up the qty column of stock.csv and write the sum to stock_total.txt",
     {"stock.csv": "item,qty\npen,4\ncup,9\nmug,2\n"}, says("stock_total.txt", "15"),
     [[R("stock.csv"), W("stock_total.txt", "15")],
      [PY("import csv\nprint(sum(int(r['qty']) for r in csv.DictReader(open('stock.csv'))))"),
       W("stock_total.txt", "15\n")]],
     [[R("stock.csv"), W("stock_total.txt", "13")], [W("stock_total.txt", "4")]]),
    # -- Python -----------------------------------------------------------------------------------
    ("python", "Write a Python file shout.py that prints HELLO in capitals", {},
     prints("shout.py", "HELLO"),
     [[W("shout.py", "print('HELLO')\n")], [W("shout.py", 'print("hello".upper())\n')]],
     [[W("shout.py", "print('hello')\n")], [W("shout.txt", "print('HELLO')\n")]]),
    ("python", "Create mathx.py defining a function triple(n) that returns n times 3", {},
     calls("mathx.py", "m.triple(5)", 15),
     [[W("mathx.py", "def triple(n):\n    return n * 3\n")],
      [W("mathx.py", "def triple(n):\n    return 3 * n\n"), X("mathx.py")]],
     [[W("mathx.py", "def triple(n):\n    return n + 3\n")],
      [W("mathx.py", "def treble(n):\n    return n * 3\n")]]),
    ("run", "Run count.py and store what it prints in count_out.txt",
     {"count.py": "print(len('abcdefg'))\n"}, says("count_out.txt", "7"),
     [[X("count.py"), W("count_out.txt", "7\n")], [SH("python3 count.py > count_out.txt")],
      [R("count.py"), X("count.py"), W("count_out.txt", "7")]],
     [[W("count_out.txt", "len('abcdefg')")], [X("count.py"), W("count_out.txt", "6")]]),
    ("run", "What does weekday.py output? Save the answer in day.txt",
     {"weekday.py": "days = ['Mon', 'Tue', 'Wed']\nprint(days[2])\n"}, says("day.txt", "Wed"),
     [[X("weekday.py"), W("day.txt", "Wed")],
      [PY("import subprocess\nout = subprocess.run(['python3', 'weekday.py'], "
          "capture_output=True, text=True).stdout\nopen('day.txt', 'w').write(out)")]],
     [[W("day.txt", "Mon")], [R("weekday.py"), W("day.txt", "days[2]")]]),
    # -- edit -------------------------------------------------------------------------------------
    ("edit", "In app.ini change the value of workers from 2 to 8",
     {"app.ini": "[main]\nworkers = 2\nname = api\n"},
     kept("app.ini", "[main]\nworkers = 8\nname = api\n"),
     [[R("app.ini"), W("app.ini", "[main]\nworkers = 8\nname = api\n")],
      [SH("sed -i 's/workers = 2/workers = 8/' app.ini")]],
     [[W("app.ini", "workers = 8\n")], [], [R("app.ini")]]),
    ("edit", "hello.py prints Hi. Make it print Welcome instead", {"hello.py": "print('Hi')\n"},
     prints("hello.py", "Welcome"),
     [[W("hello.py", "print('Welcome')\n")],
      [R("hello.py"), W("hello.py", "print('Welcome')\n"), X("hello.py")]],
     [[W("hello.py", "print('Hi Welcome')\n")], [W("welcome.py", "print('Welcome')\n")]]),
    # -- two steps: read, then write --------------------------------------------------------------
    ("two-step", "Read who.txt and write Dear followed by the name to letter.txt",
     {"who.txt": "Priya\n"}, says("letter.txt", "Dear Priya"),
     [[R("who.txt"), W("letter.txt", "Dear Priya\n")]],
     [[W("letter.txt", "Dear name")], [W("letter.txt", "Dear")], [R("who.txt")]]),
    ("two-step", "owner.txt names a person. Write Thanks, followed by that person, to thanks.txt",
     {"owner.txt": "Lena\n"}, says("thanks.txt", "Thanks, Lena"),
     [[R("owner.txt"), W("thanks.txt", "Thanks, Lena\n")]],
     [[W("thanks.txt", "Thanks, person")], [R("owner.txt"), W("thanks.txt", "Thanks, owner")]]),
    ("two-step", "a.txt and b.txt each hold a number. Write their product to product.txt",
     {"a.txt": "6\n", "b.txt": "7\n"}, says("product.txt", "42"),
     [[R("a.txt"), R("b.txt"), W("product.txt", "42")],
      [PY("a = int(open('a.txt').read())\nb = int(open('b.txt').read())\nprint(a * b)"),
       W("product.txt", "42")]],
     [[W("product.txt", "13")], [R("a.txt"), R("b.txt"), W("product.txt", "67")]]),
    ("two-step", "Do what note.txt says",
     {"note.txt": "Create done.txt containing the word finished\n"}, says("done.txt", "finished"),
     [[R("note.txt"), W("done.txt", "finished")]],
     [[W("note.txt", "finished")], [R("note.txt"), W("done.txt", "done")]]),
    ("two-step", "Write the contents of word.txt in capital letters to caps.txt",
     {"word.txt": "river\n"}, says("caps.txt", "RIVER", exact_case=True),
     [[R("word.txt"), W("caps.txt", "RIVER")], [SH("tr a-z A-Z < word.txt > caps.txt")]],
     [[R("word.txt"), W("caps.txt", "river")], [W("caps.txt", "WORD")]]),
    ("two-step", "Which is the largest number in nums.txt? Save it to max.txt",
     {"nums.txt": "4\n19\n7\n"}, says("max.txt", "19"),
     [[R("nums.txt"), W("max.txt", "19")],
      [PY("print(max(int(x) for x in open('nums.txt')))"), W("max.txt", "19\n")]],
     [[R("nums.txt"), W("max.txt", "7")], [W("max.txt", "100")]]),
    ("two-step", "Copy the last line of steps.txt into final_step.txt",
     {"steps.txt": "mix\nbake\ncool\n"}, says("final_step.txt", "cool"),
     [[R("steps.txt"), W("final_step.txt", "cool\n")],
      [SH("tail -n 1 steps.txt > final_step.txt")]],
     [[R("steps.txt"), W("final_step.txt", "mix")], [C("steps.txt", "final_step.txt")]]),
    ("two-step", "If flag.txt says on, write enabled to status.txt, otherwise write disabled",
     {"flag.txt": "off\n"}, says("status.txt", "disabled"),
     [[R("flag.txt"), W("status.txt", "disabled")]],
     [[R("flag.txt"), W("status.txt", "enabled")], [W("status.txt", "on")]]),
    ("two-step", "Sort the names in names.txt alphabetically and write them to sorted.txt",
     {"names.txt": "zoe\nadam\nmia\n"}, lines("sorted.txt", ["adam", "mia", "zoe"]),
     [[R("names.txt"), W("sorted.txt", "adam\nmia\nzoe\n")], [SH("sort names.txt > sorted.txt")]],
     [[R("names.txt"), W("sorted.txt", "zoe\nadam\nmia\n")], [C("names.txt", "sorted.txt")]]),
    # -- a value known or computed, no input file -------------------------------------------------
    ("compute", "Write the capital of France to capital.txt", {}, says("capital.txt", "Paris"),
     [[W("capital.txt", "Paris")]], [[W("capital.txt", "France")], [W("capital.txt", "Lyon")]]),
    ("compute", "How many letters does the word Mississippi have? Write the number to n.txt",
     {}, says("n.txt", "11"),
     [[W("n.txt", "11")], [PY("print(len('Mississippi'))"), W("n.txt", "11")]],
     [[W("n.txt", "Mississippi")]]),
    ("compute", "Round 3.14159 to two decimals and save it in pi.txt", {}, says("pi.txt", "3.14"),
     [[W("pi.txt", "3.14")], [PY("print(round(3.14159, 2))"), W("pi.txt", "3.14\n")]],
     [[W("pi.txt", "3.14159")]]),
    ("compute", "Write the Roman numeral for 4 to roman.txt", {}, says("roman.txt", "IV"),
     [[W("roman.txt", "IV")]], [[W("roman.txt", "4")]]),
    ("compute", "Convert 100 degrees Fahrenheit to Celsius, rounded to a whole number, and "
     "write it to celsius.txt", {}, says("celsius.txt", "38"),
     [[W("celsius.txt", "38")], [PY("print(round((100 - 32) * 5 / 9))"), W("celsius.txt", "38")]],
     [[W("celsius.txt", "100")]]),
    ("compute", "Write the date 2024-05-01 as DD/MM/YYYY to date.txt", {},
     says("date.txt", "01/05/2024"), [[W("date.txt", "01/05/2024")]],
     [[W("date.txt", "2024-05-01")]]),
    ("compute", "Write yes to check.txt if 7 is greater than 5, otherwise no", {},
     says("check.txt", "yes"), [[W("check.txt", "yes")]], [[W("check.txt", "7")]]),
    ("delete", "Clear out the cache folder", {"cache/a.tmp": "1", "cache/b.tmp": "2", "k.txt": "k"},
     both(gone("cache/a.tmp", "cache/b.tmp"), kept("k.txt", "k")),
     [[L("cache"), D("cache/a.tmp"), D("cache/b.tmp")], [SH("rm cache/*")]],
     [[D("k.txt")], [D("cache/a.tmp")]]),
    # -- free content, whole rewrites, words inside file names -------------------------------------
    ("free", "Write a JSON list of 3 random whole numbers between 1 and 10 to random.json", {},
     lambda ws: (lambda v: isinstance(v, list) and len(v) == 3 and all(
         isinstance(x, int) and 1 <= x <= 10 for x in v))(_json(ws, "random.json")),
     [[W("random.json", "[2, 7, 9]")],
      [PY("import json, random\njson.dump([random.randint(1, 10) for _ in range(3)], "
          "open('random.json', 'w'))")]],
     [[W("random.json", "[2, 7]")], [W("random.json", "[20, 70, 90]")]]),
    ("free", "Create people.csv with a header name,age and two made-up people", {},
     lambda ws: len([x for x in (_text(ws, "people.csv") or "").splitlines() if x.strip()]) == 3
     and (_text(ws, "people.csv") or "").startswith("name,age"),
     [[W("people.csv", "name,age\nAnn,34\nBo,27\n")]],
     [[W("people.csv", "name,age\n")]]),
    ("free", "Write a numbered markdown list of three fruits to fruits.md", {},
     lambda ws: len([x for x in (_text(ws, "fruits.md") or "").splitlines() if x.strip()]) == 3,
     [[W("fruits.md", "1. apple\n2. pear\n3. plum\n")]], [[W("fruits.md", "1. apple\n")]]),
    ("free", "Create index.html with a heading that says Welcome", {},
     lambda ws: "Welcome" in (_text(ws, "index.html") or "") and "<h" in (
         _text(ws, "index.html") or ""),
     [[W("index.html", "<h1>Welcome</h1>\n")]], [[W("index.html", "<h1>Hello</h1>\n")]]),
    ("rewrite", "Replace the contents of motto.txt with carpe diem", {"motto.txt": "old motto\n"},
     says("motto.txt", "carpe diem"),
     [[W("motto.txt", "carpe diem\n")], [R("motto.txt"), W("motto.txt", "carpe diem")]],
     [[A("motto.txt", "carpe diem\n")], [W("motto.txt", "carpe")]]),
    ("rewrite", "Overwrite status.txt so it only says ready", {"status.txt": "booting\n"},
     says("status.txt", "ready"), [[W("status.txt", "ready\n")]],
     [[A("status.txt", "ready\n")], []]),
    ("count", "Count the names in names.txt and write the count to n.txt",
     {"names.txt": "Ann\nBo\nCy\n"}, says("n.txt", "3"),
     [[R("names.txt"), W("n.txt", "3")]], [[R("names.txt"), W("n.txt", "Ann")]]),
    ("write", "Write the word done to backup_status.txt", {}, says("backup_status.txt", "done"),
     [[W("backup_status.txt", "done")]], [[W("backup_status.txt", "finished")]]),
    ("append", "Append the line see setup.py to README.md",
     {"README.md": "# Tool\n", "setup.py": "print('setup')\n"},
     lines("README.md", ["# Tool", "see setup.py"]),
     [[A("README.md", "see setup.py\n")]], [[A("README.md", "see\n")]]),
]
