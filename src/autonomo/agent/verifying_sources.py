"""A source file's data, read independently for the derived-value verifiers
(``verifying_derived``): keyed values (JSON, YAML, TOML, INI, ``key: value`` lines), tables
(CSV) and lines, from the text the file had at the task's start.

Also the task's words, sorted: the words a verifier may leave unexplained (function words,
the words of asking and writing) and the rest, each of which a derivation must account for.
"""

from __future__ import annotations

import configparser
import csv
import functools
import io
import json
import re
import tomllib
from typing import Any

import yaml

#: words any task may hold without changing what is derived
FUNCTION_WORDS = set(re.findall(r"\S+", """
a an the of in on at to into from for with by as and or is are was were be been it its it's
this that these those there here what what's whats which who whom whose how many much does do
did has have had please could can you would i i'd i'm me my our we us your just only then also
now file files txt write writes written save store put note jot down read look looking up
find get give tell take copy answer number value result count total amount enter record
according shown say says said goes go should hold holds contain contains containing new
one own per line lines single workspace folder here same text word words thanks thank kindly
need want like keep set stated listed given the their them they so all still each every
named called name s section field setting settings allow allows allowed use uses used
configured stored saved placed noted wrote ask asks asked inside within make create gets
see
"""))
_WORD = re.compile(r"[a-z0-9]+")
#: files of data with a syntax of their own (a value is not written into them as plain text)
DATA_FILES = (".csv", ".tsv", ".json", ".yaml", ".yml", ".toml", ".ini", ".xml")
#: … and of code: together, the files whose text a plain value is never judged in
STRUCTURED = (*DATA_FILES, ".py", ".js", ".html", ".sh", ".env")


def words(text: str) -> list[str]:
    """Lower-case words of ``text``; camelCase and snake_case split into words."""
    return _WORD.findall(re.sub(r"([a-z])([A-Z])", r"\1 \2", text).lower())


def content_words(task: str, names: list[str]) -> set[str]:
    """The task's words a derivation must account for: not function words, not words of
    the file names the task gives."""
    named = {w for n in names for w in words(n)}
    return {w for w in words(task) if w not in FUNCTION_WORDS and w not in named
            and not w.isdigit()}


def flatten(data: Any, path: tuple[str, ...] = ()) -> dict[tuple[str, ...], Any]:
    """Every leaf of parsed data by its key path (list items by index)."""
    if isinstance(data, dict):
        return {k: v for key, value in data.items()
                for k, v in flatten(value, (*path, str(key))).items()}
    if isinstance(data, list):
        return {k: v for i, value in enumerate(data)
                for k, v in flatten(value, (*path, str(i))).items()}
    return {path: data}


_KEY_LINE = re.compile(r"^\s*(?P<key>[A-Za-z][\w .'-]{0,40}?)\s*[:=]\s*(?P<value>\S.*?)\s*$")


def keyed(name: str, text: str) -> dict[tuple[str, ...], Any] | None:
    """The keyed values of a file by its kind (the name's ending), or None when it does not
    parse as that kind or holds no keyed values."""
    lower = name.lower()
    try:
        if lower.endswith(".json"):
            data: Any = json.loads(text)
        elif lower.endswith((".yaml", ".yml")):
            data = yaml.safe_load(text)
        elif lower.endswith(".toml"):
            data = tomllib.loads(text)
        elif lower.endswith((".ini", ".cfg", ".conf")) and re.search(r"^\s*\[", text, re.M):
            parser = configparser.ConfigParser(interpolation=None)
            parser.read_string(text)
            data = {s: dict(parser[s]) for s in parser.sections()}
        else:
            lines = [m for line in text.splitlines() if line.strip()
                     and (m := _KEY_LINE.match(line))]
            if not lines or len(lines) != len([x for x in text.splitlines() if x.strip()]):
                return None
            data = {m.group("key"): _unquote(m.group("value")) for m in lines}
    except (ValueError, yaml.YAMLError, configparser.Error, tomllib.TOMLDecodeError):
        return None
    leaves = flatten(data)
    return leaves if leaves and all(leaves) else None


def _unquote(text: str) -> str:
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        return text[1:-1]
    return text


def table(name: str, text: str) -> tuple[list[str], list[list[str]]] | None:
    """A CSV file's header and rows (every row as long as the header), or None: the whole
    text or nothing (not ``csv_text.table_rows``, which keeps the rows before a fault: a
    verifier must not judge a part as the whole). Parsed once per text: the derivations of
    one verify each ask (callers do not change what they get)."""
    if not name.lower().endswith((".csv", ".tsv")):
        return None
    return _table(name.lower().endswith(".tsv"), text)


@functools.lru_cache(maxsize=16)
def _table(tabs: bool, text: str) -> tuple[list[str], list[list[str]]] | None:
    try:
        rows = [r for r in csv.reader(io.StringIO(text), delimiter="\t" if tabs else ",")
                if any(c.strip() for c in r)]
    except csv.Error:
        return None
    if len(rows) < 2 or any(len(r) != len(rows[0]) for r in rows):
        return None
    return [c.strip() for c in rows[0]], [[c.strip() for c in r] for r in rows[1:]]


def shown(value: Any) -> str:
    """A parsed value as a file would show it (JSON's spelling for numbers and booleans)."""
    if isinstance(value, str):
        return value
    return json.dumps(value)
