"""Python functions and scripts described in words (``strategies.pywords``): the signature as
the task spells it, the body from a vocabulary of general operations, nothing when a word is
left unexplained. Wordings are this file's own; each composed text is run on inputs here."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from autonomo.agent.strategies import compose, pywords
from finish_fresh_cases import W
from test_finishing_precise import play


def _function(text: str, name: str):  # type: ignore[no-untyped-def]
    space: dict[str, object] = {}
    exec(compile(text, "<composed>", "exec"), space)  # (our composed text, not a model's)
    return space[name]


#: (task, function name, [(arguments, result)])
FUNCTIONS = [
    ("Put a function tidy(s) in textkit.py that trims the whitespace and converts it to "
     "upper case", "tidy", [(("  ab c ",), "AB C")]),
    ("In names.py, define snake(label) which lowercases label and replaces hyphens with "
     "underscores", "snake", [(("Big-Cat",), "big_cat")]),
    ("kit.py: a function no_commas(line) that removes the commas", "no_commas",
     [(("a,b,,c",), "abc")]),
    ("Write flip.py with mirror(word) returning the word reversed", "mirror",
     [(("stone",), "enots")]),
    ("mathy.py should have odd_one(k) that returns True when k is odd", "odd_one",
     [((3,), True), ((8,), False)]),
    ("Add a function by_three(q) to checks.py that tells whether q is divisible by 3",
     "by_three", [((9,), True), ((10,), False)]),
    ("a function cash(sum_in) in money.py that returns sum_in rounded to 2 decimal places",
     "cash", [((2.3456,), 2.35)]),
    ("Create ring.py with a function rim(rad) giving the circumference of a circle with "
     "radius rad", "rim", [((1,), 6.283185307179586)]),
    ("weather.py needs to_c(temp) returning temp converted to Celsius", "to_c",
     [((212,), 100.0)]),
    ("Create listy.py with peak(values), which returns the largest of the values", "peak",
     [(([4, 9, 2],), 9)]),
    ("Create pair.py with a function mid(x, y) that returns their average", "mid",
     [((2, 5), 3.5)]),
    ("Create pair.py with a function smaller(x, y) returning the smaller one", "smaller",
     [((2, 5), 2)]),
    ("In order.py write dedupe(seq) that returns seq without duplicates, sorted", "dedupe",
     [(([3, 1, 3, 2],), [1, 2, 3])]),
    ("A module fence.py with limit(n, lo, hi) that clamps n between lo and hi", "limit",
     [((5, 0, 3), 3), ((-1, 0, 3), 0), ((2, 0, 3), 2)]),
    ("Write tally.py: a function vowel_count(phrase) returning the number of vowels in "
     "phrase", "vowel_count", [(("Ada Lovelace",), 6)]),
]


@pytest.mark.parametrize(("task", "name", "cases"), FUNCTIONS, ids=[f[1] for f in FUNCTIONS])
def test_a_described_function_is_composed_and_does_what_it_says(task, name, cases) -> None:
    texts = compose.python_texts(task)
    assert texts, task
    function = _function(texts[0], name)
    for args, want in cases:
        got = function(*args)
        assert got == pytest.approx(want) if isinstance(want, float) else got == want, (args, got)


@pytest.mark.parametrize("task", [
    "Create dates.py with a function parse(s) that returns the date in s as a datetime object",
    "Write net.py with a function fetch(url) that downloads the page and returns its title",
    "Create stats.py with a function spread(values) returning the standard deviation",
    "Write wrap.py with wrap(text, width) that breaks the text into lines of width characters",
])
def test_words_no_operation_explains_compose_nothing(task: str) -> None:
    """A clause the vocabulary does not wholly explain is no function: offered nothing, a
    small model writes nothing rather than wrong code."""
    assert pywords.function_texts(task) == []


def _script(tmp_path: Path, text: str, *args: str) -> str:
    (tmp_path / "s.py").write_text(text)
    return subprocess.run([sys.executable, "s.py", *args], cwd=tmp_path, capture_output=True,
                          text=True, timeout=30, check=True).stdout


def test_a_script_prints_what_it_makes_of_its_argument(tmp_path: Path) -> None:
    texts = compose.python_texts("Make yell.py, a script that prints its argument in upper "
                                 "case with the spaces replaced by underscores")
    assert len(texts) == 1
    assert _script(tmp_path, texts[0], "so it goes") == "SO_IT_GOES\n"
    texts = compose.python_texts("backwards.py should print its first argument backwards")
    assert _script(tmp_path, texts[0], "drawer") == "reward\n"


def test_a_script_counts_in_the_file_its_argument_names(tmp_path: Path) -> None:
    (tmp_path / "poem.md").write_text("one\ntwo three\nfour\n")
    texts = compose.python_texts("Write lines.py: it prints the number of lines in the file "
                                 "passed as its first argument")
    assert len(texts) == 1
    assert _script(tmp_path, texts[0], "poem.md") == "3\n"


def test_a_script_takes_the_words_given_as_its_arguments(tmp_path: Path) -> None:
    texts = compose.python_texts("abbr.py takes a company name as arguments and prints the "
                                 "first letter of each word in capitals (abbr.py new york -> NY)")
    assert _script(tmp_path, texts[0], "world", "wide", "web") == "WWW\n"


def test_a_described_output_is_never_printed_as_text() -> None:
    """"prints its argument in lower case" is no text to print (a 135M model wrote
    print("its first command-line argument in capital letters")); a given one still is."""
    assert not any("its argument" in t for t in compose.python_texts(
        "hush.py prints its argument in lower case, then the word count"))
    assert compose.python_texts("Create bye.py that prints See you soon") == [
        'print("See you soon")\n']


@pytest.mark.parametrize("task", [f[0] for f in FUNCTIONS] + [
    "a function f(x, y) that returns x times y", "add.py with add(a, b) returning a plus b",
    "Create t.py with t(s) that lowercases s and replaces 'x' with y",
    "Create t.py with t(s) that replaces dots by import os",
])
def test_every_composed_text_parses_and_names_only_its_parameters(task: str) -> None:
    for text in compose.python_texts(task):
        tree = ast.parse(text)
        params = {a.arg for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)
                  for a in n.args.args}
        names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
        assert names <= params | pywords._SAFE_NAMES | {"print"}, (task, text)


def test_a_word_of_the_operation_need_not_stand_in_the_code(tmp_path: Path) -> None:
    """"returns the temperature in Kelvin"-like words name an operation, not text: the finish
    is not refused for a file that lacks them; a file without the function still is."""
    task = "Write heat.py with a function warm(deg) that returns the value in Fahrenheit"
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    right = "def warm(deg):\n    return deg * 9 / 5 + 32\n"
    got, status = play(tmp_path / "a", task, {}, [W("heat.py", right)])
    assert got == "ran", got
    assert status != "failed", status
    got, _ = play(tmp_path / "b", task, {}, [W("heat.py", "x = 1\n")])
    assert got.startswith("refused"), got


def test_an_example_of_what_a_script_prints_need_not_stand_in_it(tmp_path: Path) -> None:
    """"(abbr.py new york -> NY)" shows the script's output: "NY" is no text it must hold."""
    task = ("abbr.py takes a company name as arguments and prints the first letter of each "
            "word in capitals (abbr.py new york -> NY)")
    text = compose.python_texts(task)[0]
    got, status = play(tmp_path, task, {}, [W("abbr.py", text)])
    assert got == "ran", got
    assert status != "failed", status


@pytest.mark.parametrize(("task", "name", "arg", "want"), [
    ("a function to_miles(km) that converts kilometres into miles", "to_miles", 8, 4.97097),
    ("Make len.py with inches(cm) giving cm in inches", "inches", 254, 100.0),
    ("t.py with mins(h) that turns hours into minutes", "mins", 2, 120),
    ("Create scale.py with kel(c) returning c in kelvin", "kel", 0, 273.15),
    ("Create scale.py with back(k) returning k converted to celsius", "back", 273.15, 0.0),
])
def test_a_unit_conversion_is_composed_from_the_units_named(task, name, arg, want) -> None:
    function = _function(pywords.function_texts(task)[0], name)
    assert function(arg) == pytest.approx(want, rel=1e-5)


def test_a_conversion_between_quantities_of_different_kinds_composes_nothing() -> None:
    assert pywords.function_texts("w.py with f(kg) that returns kg in miles") == []


def test_common_named_quantities() -> None:
    prime = _function(pywords.function_texts(
        "numbers.py: a function check(v) returning True if v is a prime number")[0], "check")
    assert [prime(v) for v in (1, 2, 9, 13)] == [False, True, False, True]
    side = _function(pywords.function_texts(
        "tri.py with long_side(p, q) that returns the hypotenuse")[0], "long_side")
    assert side(3, 4) == 5


#: (task, function name, [(arguments, result)]): text and list operations of two parameters
MORE = [
    ("csvish.py with parts(line), which splits the line on commas", "parts",
     [(("a,b",), ["a", "b"])]),
    ("Make glue.py holding tie(bits) that joins the bits with hyphens", "tie",
     [((["x", "y"],), "x-y")]),
    ("mail.py: has_at(addr) returning True if addr contains '@'", "has_at",
     [(("a@b",), True), (("ab",), False)]),
    ("hi.py with welcome(person) that returns 'Hi, ' followed by the person", "welcome",
     [(("Bo",), "Hi, Bo")]),
    ("loud.py with cry(s, k) returning s repeated k times", "cry", [(("ab", 3), "ababab")]),
    ("tally.py: seen(pile, x) that returns how many times x appears in pile", "seen",
     [(([1, 2, 1], 1), 2)]),
]


@pytest.mark.parametrize(("task", "name", "cases"), MORE, ids=[f[1] for f in MORE])
def test_more_operations_of_texts_and_lists(task, name, cases) -> None:
    function = _function(pywords.function_texts(task)[0], name)
    for args, want in cases:
        assert function(*args) == want


def test_a_script_printing_a_range_prints_each_number(tmp_path: Path) -> None:
    up = compose.python_texts("Write steps.py that prints the numbers from 2 to 5, one per line")
    assert _script(tmp_path, up[0]) == "2\n3\n4\n5\n"
    down = compose.python_texts("make lift.py: when run it should print 3 down to 1")
    assert _script(tmp_path, down[0]) == "3\n2\n1\n"
    assert len(up) == len(down) == 1  # (not "print(2)\nprint(5)", nor the phrase itself)


@pytest.mark.parametrize(("task", "name", "arg", "want"), [
    ("bag.py: total_odd(vals) returning the total of the odd values in vals", "total_odd",
     [1, 2, 3], 4),
    ("bag.py: hi_pos(marks) that gives the highest positive score in marks", "hi_pos",
     [-9, 4, 7], 7),
    ("bag.py: n_even(vals) returning the number of items in vals that are even", "n_even",
     [2, 3, 4], 2),
    ("cmp.py: above(p, q) that returns True if p is greater than q", "above", (5, 2), True),
])
def test_a_test_before_a_noun_of_items_filters_them(task, name, arg, want) -> None:
    function = _function(pywords.function_texts(task)[0], name)
    assert (function(*arg) if isinstance(arg, tuple) else function(arg)) == want


@pytest.mark.parametrize("task", [
    "wc.py with lengthy(t) that returns the number of words in t in capital letters",
    "wc.py with shuffle(t) returning the words of t reversed",
    "wc.py with firsts(t) that returns the words of t sorted",
])
def test_an_operation_on_the_wrong_kind_of_value_composes_nothing(task) -> None:
    """A text operation on a count, or the characters of a text where its words are meant:
    composed in the words' order these are wrong code ("len(t.split()).upper()")."""
    assert pywords.function_texts(task) == []
