"""The plans ``finish_check.py`` plays: right and wrong work for the tasks of
``benchmarks/small_tasks`` and ``benchmarks/small_tasks_holdout`` (both seen), and invented
tasks with their own files (see ``finish_check.py``)."""

from __future__ import annotations

from typing import Any

Step = tuple[str, dict[str, Any]]


def R(p: str) -> Step:
    return ("read_file", {"path": p})


def W(p: str, c: str) -> Step:
    return ("write_file", {"path": p, "content": c})


def A(p: str, c: str) -> Step:
    return ("append_to_file", {"path": p, "content": c})


def D(p: str) -> Step:
    return ("delete_file", {"path": p})


def C(s: str, d: str) -> Step:
    return ("copy_file", {"source": s, "destination": d})


def M(s: str, d: str) -> Step:
    return ("rename_file", {"source": s, "destination": d})


def X(p: str) -> Step:
    return ("execute_python_file", {"path": p})


def L(p: str = ".") -> Step:
    return ("list_folder", {"path": p})


def SH(c: str) -> Step:
    return ("execute_shell", {"command": c})


def PY(c: str) -> Step:
    return ("execute_python_code", {"code": c})


#: right work for tasks of the two suites (the task's check passes it)
RIGHT: dict[str, list[list[Step]]] = {
    # seen suite
    "AppendLog": [[R("log.txt"), A("log.txt", "done\n")], [A("log.txt", "done")]],
    "AppendName": [[R("names.txt"), A("names.txt", "Carol\n")]],
    "AppendNumber": [
        [R("numbers.txt"), A("numbers.txt", "3\n")],
        [A("numbers.txt", "3\n"), R("numbers.txt")],
    ],
    "AppendTodo": [[A("todo.txt", "walk the dog\n")]],
    "CopyNotes": [
        [C("notes.txt", "notes_copy.txt")],
        [R("notes.txt"), W("notes_copy.txt", "Meeting at noon\n")],
    ],
    "CopyPoem": [[C("poem.txt", "poem2.txt")], [SH("cp poem.txt poem2.txt")]],
    "CopySettings": [[C("settings.ini", "settings.bak")]],
    "CopySource": [
        [R("source.txt"), W("backup.txt", "The quick brown fox\n")],
        [C("source.txt", "backup.txt")],
    ],
    "CountLines": [
        [R("animals.txt"), W("count.txt", "5")],
        [PY("print(len(open('animals.txt').read().splitlines()))"), W("count.txt", "5\n")],
    ],
    "CountLogFiles": [[L(), W("count.txt", "3")]],
    "CountPeople": [[R("people.csv"), W("people_count.txt", "4")]],
    "CountWords": [[R("sentence.txt"), W("words.txt", "4")]],
    "CsvAppendRow": [[R("scores.csv"), A("scores.csv", "bob,7\n")]],
    "CsvFindPrice": [[R("prices.csv"), W("cheese.txt", "7")]],
    "CsvSum": [[R("numbers.csv"), W("total.txt", "10")]],
    "CsvWrite": [[W("colors.csv", "name,hex\nred,#ff0000\n")]],
    "DeleteEmpty": [[D("empty.txt")], [L(), D("empty.txt")]],
    "DeleteLog": [[D("debug.log")]],
    "DeleteOldNotes": [[D("old_notes.txt")]],
    "DeleteTemp": [[D("temp.txt")]],
    "FindAuthor": [[R("book.txt"), W("author.txt", "Frank Herbert")]],
    "FindCity": [[R("person.txt"), W("city.txt", "Lisbon")]],
    "FindCode": [[R("message.txt"), W("code.txt", "7391")]],
    "FindPassword": [[R("config.txt"), W("password.txt", "tiger7")]],
    "FindPort": [[R("server.cfg"), W("port.txt", "5432")]],
    "JsonList": [[W("numbers.json", "[1, 2, 3]")]],
    "JsonReadPrice": [[R("product.json"), W("price.txt", "25")]],
    "JsonSetDebug": [[R("config.json"), W("config.json", '{"debug": true, "level": 1}')]],
    "JsonWrite": [[W("person.json", '{"name": "Ada", "age": 36}')]],
    "ListCities": [[R("cities.csv"), W("names.txt", "Oslo\nRome\nLima\n")]],
    "ListFiles": [[L(), W("files.txt", "alpha.txt\nbeta.txt\ngamma.txt\n")]],
    "ListKeys": [[R("settings.json"), W("keys.txt", "theme\nvolume\n")]],
    "ListPython": [[L(), W("py_files.txt", "x.py\ny.py\n")]],
    "PyAdd": [[W("add.py", "def add(a, b):\n    return a + b\n")]],
    "PyHello": [[W("hello.py", "print('Hello')\n")]],
    "PyRunScript": [
        [X("script.py"), W("result.txt", "42\n")],
        [SH("python3 script.py > result.txt")],
        [R("script.py"), X("script.py"), W("result.txt", "42")],
    ],
    "PySquare": [[W("square.py", "print(9 ** 2)\n")]],
    "ReadFirstLine": [[R("list.txt"), W("first.txt", "red")]],
    "ReadGreetName": [[R("name.txt"), W("greeting.txt", "Hello Tom")]],
    "ReadInstructions": [[R("instructions.txt"), W("reply.txt", "yes")]],
    "ReadLastLine": [[R("steps.txt"), W("last.txt", "serve")]],
    "RenameDraft": [[M("draft.txt", "final.txt")], [SH("mv draft.txt final.txt")]],
    "RenameReport": [[M("report_old.txt", "report.txt")]],
    "RenameScores": [[M("scores.csv", "results.csv")]],
    "RenameScript": [[M("hello.py", "main.py")]],
    "WriteCapital": [[W("capital.txt", "Berlin")]],
    "WriteColor": [[W("color.txt", "blue\n")]],
    "WriteGreeting": [[W("hello.txt", "Good morning")]],
    "WriteNumber": [[W("answer.txt", "42")]],
    "WriteTwoWords": [[W("fruits.txt", "apple\npear\n")], [W("fruits.txt", "apple and pear")]],
    # held-out suite (seen now)
    "PutFlowerWord": [[W("flower.txt", "tulip\n")], [W("flower.txt", "  Tulip  ")]],
    "MottoPhrase": [[W("motto.txt", "slow and steady")], [W("motto.txt", "Slow and steady.\n")]],
    "YearFile": [[W("year.txt", "1969\n")]],
    "SavePi": [[W("pi.txt", "3.14")]],
    "GroceryButter": [
        [R("groceries.txt"), A("groceries.txt", "butter\n")],
        [R("groceries.txt"), W("groceries.txt", "milk\nbread\nbutter")],
    ],
    "AgendaLunch": [
        [A("agenda.txt", "lunch with the team\n")],
        [
            R("agenda.txt"),
            W("agenda.txt", "9:00 standup\n10:30 design review\nLunch with the team\n"),
        ],
    ],
    "TallySeventeen": [[R("tally.txt"), A("tally.txt", "17\n")]],
    "ChangelogEntry": [
        [A("changelog.md", "1.1 faster startup\n")],
        [A("changelog.md", "- 1.1 faster startup\n")],
    ],
    "RecipeBackup": [[C("recipe.txt", "recipe_backup.txt")]],
    "LetterDraft": [[C("letter.md", "letter_draft.md")], [SH("cp letter.md letter_draft.md")]],
    "BudgetYearCopy": [[C("budget.csv", "budget_2025.csv")]],
    "StationsBackup": [[C("stations.json", "stations_old.json")]],
    "PhotoListRename": [[M("photo_list.txt", "pictures.txt")]],
    "SummaryToArchive": [
        [M("summary.txt", "archive/summary.txt")],
        [L("archive"), SH("mv summary.txt archive/")],
    ],
    "CalcToCalculator": [[M("calc.py", "calculator.py")]],
    "ClubMembersRename": [[M("members.csv", "club_members.csv")]],
    "ScratchRemoval": [[D("scratch.txt")]],
    "CacheCleanup": [[D("cache.tmp")]],
    "BakFilesGone": [[L(), D("ledger.bak"), D("photo.bak")], [SH("rm *.bak")]],
    "SecondDraftDelete": [[D("draft2.md")]],
    "InvoiceCustomer": [[R("invoice.txt"), W("customer.txt", "Harbor Tools\n")]],
    "MarsMoons": [[R("planets.csv"), W("mars_moons.txt", "2\n")]],
    "WeatherTemperature": [[R("weather.json"), W("temp_value.txt", "-3")]],
    "EmployeeDepartment": [[R("employee.json"), W("dept.txt", "Finance")]],
    "ProjectDeadline": [[R("project.txt"), W("deadline.txt", "2025-03-14\n")]],
    "ShoppingLineCount": [[R("shopping.txt"), W("line_count.txt", "5\n")]],
    "QuoteWordCount": [[R("quote.txt"), W("quote_words.txt", "10")]],
    "CsvFileCount": [[L(), W("csv_count.txt", "3\n")]],
    "JsonTaskCount": [[R("tasks.json"), W("n_tasks.txt", "4\n")]],
    "ProfileKeyList": [[R("profile.json"), W("profile_keys.txt", "username\nlanguage\ntheme\n")]],
    "OrderProducts": [[R("orders.csv"), W("products.txt", "lamp\ndesk\nchair\nshelf\n")]],
    "MarkdownNames": [[L(), W("md_files.txt", "intro.md\nusage.md\n")]],
    "DocsFolderIndex": [[L("docs"), W("docs_index.txt", "faq.txt\nguide.txt\nlicense.txt\n")]],
    "AppConfigJson": [
        [W("app_config.json", '{"theme": "dark", "volume": 7}\n')],
        [W("app_config.json", '{"volume": "7", "theme": "Dark"}')],
    ],
    "PetsCsv": [
        [W("pets.csv", "name,species\nRex,dog\n")],
        [W("pets.csv", "name, species\nRex, dog")],
    ],
    "GoodNightScript": [[W("greet.py", "print('Good night')\n")]],
    "DoubleFunction": [
        [W("mathutil.py", "def double(x):\n    return x * 2\n")],
        [W("mathutil.py", "def double(x):\n    return x + x\n")],
    ],
    "SeasonsJsonList": [[W("seasons.json", '["spring", "summer", "autumn", "winter"]')]],
    "ComputeOutput": [
        [X("compute.py"), W("compute_out.txt", "55\n")],
        [SH("python3 compute.py > compute_out.txt")],
    ],
    "BannerOutput": [[X("banner.py"), W("banner.txt", "=== READY ===\n")]],
    "VowelScript": [[X("count_vowels.py"), W("vowels.txt", "5")]],
    "TodayCodeOutput": [[X("today_code.py"), W("code_out.txt", "ok-81")]],
    "OwnerLabel": [[R("owner.txt"), W("label.txt", "Property of Marta\n")]],
    "MemoInstruction": [[R("memo.txt"), W("spice.txt", "saffron\n")]],
    "PriceTimesQuantity": [
        [R("price.txt"), R("quantity.txt"), W("cost.txt", "24\n")],
        [PY("print(4*6)"), W("cost.txt", "24")],
    ],
    "TargetDelete": [[R("target.txt"), D("stale.txt")], [D("stale.txt")]],
    "FullNameJoin": [
        [R("first_name.txt"), R("last_name.txt"), W("full_name.txt", "Ines Moreau\n")]
    ],
}


#: wrong work (recorded false finishes, plausible mistakes; the task's check fails it)
WRONG: dict[str, list[list[Step]]] = {
    # seen false finishes (small model records)
    "CsvAppendRow": [[A("scores.csv", "name,score")]],
    "JsonSetDebug": [[A("config.json", "1"), W("config.json", "1")]],
    "WriteTwoWords": [[A("fruits.txt", "apple")]],
    "AppendTodo": [[A("todo.txt", "dog")]],
    "CsvWrite": [[W("colors.csv", "This is a JSON file with the header")]],
    "ListPython": [[A("py_files.txt", "x.py\ny.py\nz.md")]],
    "ReadGreetName": [
        [W("greeting.txt", "Hello followed by that name")],
        [W("greeting.txt", "Hello")],
    ],
    # held-out false finishes
    "AgendaLunch": [[A("agenda.txt", "saying lunch with the team")]],
    "BakFilesGone": [[D("ledger.bak")]],
    "BannerOutput": [[X("banner.py"), W("banner.txt", "output")], [W("banner.txt", "READY")]],
    "ComputeOutput": [
        [X("compute.py"), W("compute_out.txt", "11")],
        [W("compute_out.txt", "print(sum(range(1, 11)))")],
    ],
    "DocsFolderIndex": [
        [W("docs_index.txt", "todo.md\ndocs/faq.txt\ndocs")],
        [W("docs_index.txt", "guide.txt\nfaq.txt\n")],
    ],
    "FullNameJoin": [[W("full_name.txt", "full name")], [W("full_name.txt", "Ines")]],
    "JsonTaskCount": [[W("n_tasks.txt", "18")]],
    "MottoPhrase": [
        [W("motto.txt", "slow and steady"), A("motto.txt", "slow and steady")],
        [W("motto.txt", "slow")],
    ],
    "OwnerLabel": [
        [W("label.txt", "Property of <that name>"), A("label.txt", "Property of <that name>")],
        [W("label.txt", "Property of owner.txt")],
    ],
    "PetsCsv": [[W("pets.csv", "list_pet_animals")], [W("pets.csv", "Rex,dog\n")]],
    "PriceTimesQuantity": [[A("cost.txt", "result")], [W("cost.txt", "10")]],
    "SecondDraftDelete": [
        [D("draft1.md"), D("draft2.md"), W("draft1.md", "This is a new file")],
        [D("draft1.md")],
    ],
    "TallySeventeen": [[A("tally.txt", "12")], [W("tally.txt", "4\n9\n12\n1\n7\n")]],
    "TargetDelete": [[D("target.txt")]],
    "VowelScript": [[W("vowels.txt", "result")], [W("vowels.txt", "4")]],
    "WeatherTemperature": [[W("temp_value.txt", "3")]],
    # verify WRONG samples
    "PutFlowerWord": [[W("flower.txt", "A tulip is a flower that grows in spring.")]],
    "YearFile": [[W("year.txt", "1970")]],
    "SavePi": [[W("pi.txt", "3.141592")]],
    "GroceryButter": [[W("groceries.txt", "butter\n")]],
    "ChangelogEntry": [[W("changelog.md", "1.1 faster startup\n")]],
    "RecipeBackup": [[M("recipe.txt", "recipe_backup.txt")]],
    "LetterDraft": [[W("letter_draft.md", "Dear neighbour,")]],
    "BudgetYearCopy": [[M("budget.csv", "budget_2025.csv")]],
    "StationsBackup": [[W("stations_old.json", '{"line": "U4"}')]],
    "PhotoListRename": [[C("photo_list.txt", "pictures.txt")]],
    "SummaryToArchive": [[C("summary.txt", "archive/summary.txt")]],
    "CalcToCalculator": [[C("calc.py", "calculator.py")]],
    "ClubMembersRename": [[W("club_members.csv", "name,joined\n")]],
    "ScratchRemoval": [[D("scratch.txt"), D("plan.txt")]],
    "CacheCleanup": [[W("cache.tmp", "")]],
    "InvoiceCustomer": [[W("customer.txt", "INV-4821")]],
    "MarsMoons": [[W("mars_moons.txt", "Mars has 2 moons and Jupiter 95")]],
    "EmployeeDepartment": [[W("dept.txt", "Rosa Diaz")]],
    "ProjectDeadline": [[W("deadline.txt", "2025-03-15")]],
    "ShoppingLineCount": [[W("line_count.txt", "6")]],
    "QuoteWordCount": [[W("quote_words.txt", "9")]],
    "CsvFileCount": [[W("csv_count.txt", "5")]],
    "ProfileKeyList": [[W("profile_keys.txt", "kpatel\nfr\nlight\n")]],
    "OrderProducts": [[W("products.txt", "101\n102\n103\n104\n")]],
    "MarkdownNames": [[W("md_files.txt", "intro.md\nusage.md\nconfig.yaml\nrun.sh\n")]],
    "AppConfigJson": [[W("app_config.json", "theme: dark\nvolume: 7\n")]],
    "GoodNightScript": [[W("greet.py", "print('Hello')\n")]],
    "DoubleFunction": [[W("mathutil.py", "def double(x):\n    return x + 2\n")]],
    "SeasonsJsonList": [[W("seasons.json", '"spring, summer, autumn, winter"')]],
    "TodayCodeOutput": [[W("code_out.txt", "ok-12")]],
    "MemoInstruction": [[W("saffron.txt", "spice")]],
}

#: tasks written for this benchmark: (task, files, right plans, wrong plans)
INVENTED: list[tuple[str, dict[str, str], list[list[Step]], list[list[Step]]]] = [
    (
        "Write the word orange to fruit.txt",
        {},
        [[W("fruit.txt", "orange")], [W("fruit.txt", "Orange\n")]],
        [[W("fruit.txt", "apple")], [W("fruit.txt", "Orange is a fruit")]],
    ),
    (
        "Append the line buy eggs to list.txt",
        {"list.txt": "milk\n"},
        [[A("list.txt", "buy eggs\n")], [R("list.txt"), W("list.txt", "milk\nbuy eggs\n")]],
        [[A("list.txt", "eggs")], [W("list.txt", "buy eggs\n")]],
    ),
    (
        "Read city.txt and write the city in upper case to upper.txt",
        {"city.txt": "Paris\n"},
        [[R("city.txt"), W("upper.txt", "PARIS")]],
        [[W("upper.txt", "city")]],
    ),
    (
        "How many words are in poem.txt? Write the number to count.txt",
        {"poem.txt": "the cat sat on the mat\n"},
        [[R("poem.txt"), W("count.txt", "6")]],
        [[W("count.txt", "5")], [W("count.txt", "words")]],
    ),
    (
        "Copy data.csv to data_backup.csv",
        {"data.csv": "a,b\n1,2\n"},
        [[C("data.csv", "data_backup.csv")], [R("data.csv"), W("data_backup.csv", "a,b\n1,2\n")]],
        [[W("data_backup.csv", "a,b\n")], [M("data.csv", "data_backup.csv")]],
    ),
    (
        "Rename notes.md to README.md",
        {"notes.md": "# Notes\n"},
        [[M("notes.md", "README.md")]],
        [[C("notes.md", "README.md")]],
    ),
    (
        "Delete all .log files in the workspace",
        {"a.log": "", "b.log": "", "keep.txt": "k"},
        [[D("a.log"), D("b.log")], [L(), SH("rm -f *.log")]],
        [[D("a.log")], [D("a.log"), D("b.log"), D("keep.txt")]],
    ),
    (
        "Remove every .tmp file from the cache folder",
        {"cache/x.tmp": "", "cache/y.tmp": "", "cache/z.txt": "z", "top.tmp": "t"},
        [[D("cache/x.tmp"), D("cache/y.tmp")]],
        [[D("cache/x.tmp")]],
    ),
    (
        "Find the email address in contact.txt and write it to email.txt",
        {"contact.txt": "Name: Bo\nEmail: bo@example.org\n"},
        [[R("contact.txt"), W("email.txt", "bo@example.org")]],
        [[W("email.txt", "Bo")], [W("email.txt", "email address")]],
    ),
    (
        "Write the value of timeout from settings.json to timeout.txt",
        {"settings.json": '{"timeout": 30, "retries": 3}'},
        [[R("settings.json"), W("timeout.txt", "30")]],
        [[W("timeout.txt", "3")]],
    ),
    (
        "Write the population of Oslo from cities.csv to oslo.txt",
        {"cities.csv": "city,population\nOslo,700000\nBergen,285000\n"},
        [[R("cities.csv"), W("oslo.txt", "700000")]],
        [[W("oslo.txt", "285000")]],
    ),
    (
        "Create a JSON file point.json with x set to 3 and y set to 4",
        {},
        [[W("point.json", '{"x": 3, "y": 4}')]],
        [[W("point.json", '{"x": 3}')], [W("point.json", "x=3, y=4")]],
    ),
    (
        "Create a CSV file people.csv with the header name,age and one row Ann,30",
        {},
        [[W("people.csv", "name,age\nAnn,30\n")]],
        [[W("people.csv", "name,age\n")]],
    ),
    (
        "Run hello.py and save its output to out.txt",
        {"hello.py": "print('hi there')\n"},
        [[X("hello.py"), W("out.txt", "hi there\n")]],
        [[W("out.txt", "hello")], [X("hello.py"), W("out.txt", "output")]],
    ),
    (
        "Execute sum.py and write what it prints into result.txt",
        {"sum.py": "print(2 + 3)\n"},
        [[X("sum.py"), W("result.txt", "5")]],
        [[X("sum.py"), W("result.txt", "2 + 3")]],
    ),
    (
        "Write a Python script greet.py that prints Hello World",
        {},
        [[W("greet.py", "print('Hello World')\n")]],
        [[W("greet.py", "print('hi')\n")]],
    ),
    (
        "Write the names of the .txt files in the workspace to txt_files.txt, one per line",
        {"a.txt": "", "b.txt": "", "c.md": ""},
        [[L(), W("txt_files.txt", "a.txt\nb.txt\n")]],
        [[W("txt_files.txt", "a.txt\nb.txt\nc.md\n")], [W("txt_files.txt", "a.txt\n")]],
    ),
    (
        "Delete old.txt but keep new.txt",
        {"old.txt": "o", "new.txt": "n"},
        [[D("old.txt")]],
        [[D("new.txt"), D("old.txt")]],
    ),
    (
        "Follow the instructions in todo.txt",
        {"todo.txt": "Write the word done to status.txt"},
        [[R("todo.txt"), W("status.txt", "done")]],
        [[W("todo.txt", "done")], [W("status.txt", "finished")]],
    ),
    (
        "name.txt holds a name. Write Hi followed by that name to hi.txt",
        {"name.txt": "Sam\n"},
        [[R("name.txt"), W("hi.txt", "Hi Sam")]],
        [[W("hi.txt", "Hi")], [W("hi.txt", "Hi that name")]],
    ),
    (
        "Count the lines in items.txt and write the count to n.txt",
        {"items.txt": "a\nb\nc\nd\n"},
        [[R("items.txt"), W("n.txt", "4")]],
        [[W("n.txt", "3")]],
    ),
    (
        "Add the line 2024-01-01 new year to events.txt",
        {"events.txt": "2023-12-24 eve\n"},
        [[A("events.txt", "2024-01-01 new year\n")]],
        [[A("events.txt", "new year")]],
    ),
    ("Put the number 12 in dozen.txt", {}, [[W("dozen.txt", "12")]], [[W("dozen.txt", "twelve")]]),
    (
        "Write the total of the amount column of sales.csv to total.txt",
        {"sales.csv": "item,amount\na,5\nb,7\n"},
        [[R("sales.csv"), W("total.txt", "12")]],
        [],
    ),
    (
        "In config.ini, set mode to slow",
        {"config.ini": "mode = fast\nlevel = 2\n"},
        [[R("config.ini"), W("config.ini", "mode = slow\nlevel = 2\n")]],
        [[W("config.ini", "slow")]],
    ),
    (
        "Make a copy of report.txt called report_v2.txt",
        {"report.txt": "Q1 up\n"},
        [[C("report.txt", "report_v2.txt")]],
        [[W("report_v2.txt", "report")]],
    ),
    (
        "Move draft.txt into the drafts folder",
        {"draft.txt": "d", "drafts/old.txt": "o"},
        [[M("draft.txt", "drafts/draft.txt")]],
        [[M("draft.txt", "drafts/old.txt")], [C("draft.txt", "drafts/draft.txt")]],
    ),
    (
        "Write yes to answer.txt if data.txt contains the word apple, otherwise write no",
        {"data.txt": "pear\n"},
        [[R("data.txt"), W("answer.txt", "no")]],
        [],
    ),
    (
        "Save the first line of story.txt to opening.txt",
        {"story.txt": "Once upon a time\nthe end\n"},
        [[R("story.txt"), W("opening.txt", "Once upon a time")]],
        [[W("opening.txt", "the end")], [W("opening.txt", "first line")]],
    ),
    (
        "Write the keys of user.json to keys.txt, one per line",
        {"user.json": '{"id": 1, "name": "x"}'},
        [[R("user.json"), W("keys.txt", "id\nname\n")]],
        [[W("keys.txt", "1\nx\n")]],
    ),
]
