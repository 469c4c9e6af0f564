"""Words of a task about a file's name: whether it asks a new name and no text, and a
name's word it spells right ("fix the spelling of the name (receipt)")."""

from __future__ import annotations

import re

#: words a task asks for text with
WRITE_WORDS = frozenset({"write", "append", "add", "save", "put", "create", "make", "store",
                         "record", "set", "change", "fill", "insert", "replace", "edit",
                         "update", "type"})
#: a path or a file's name in a task ("store" of ``receipt_store.txt`` is no verb)
_PATHISH = re.compile(r"/|\w\.\w|^\.\w")
#: a new name asked for a file: "rename", "call it", "its name", "a proper name", "the
#: .json extension" (not "a file named x" nor "a file called x": a new file's name)
_NEW_NAME = re.compile(r"\bre-?nam\w*|\bcall\s+it\b|\b(?:the|its|a|new|proper|better|"
                       r"clearer|correct|right|wrong|real)\s+(?:file\s+)?(?:name|extension|"
                       r"ending)\b|\bname\s+it\b", re.IGNORECASE)


#: a file said to be of another kind by its ending ("a.markdown should be .md", "should
#: just be a plain .md file"; not a conversion: "turn a.csv into .json")
BE_ENDING = re.compile(r"\b(?:be|become)\s+(?:(?:just|simply|a|an|plain|proper)\s+)*"
                       r"\.[A-Za-z]\w{0,7}\b", re.IGNORECASE)


def task_words(task: str) -> set[str]:
    """The words of ``task`` in lower case but those of its paths and file names: a
    word of a name is no verb ("fix the name of old_store.txt" asks to write nothing)."""
    return {w for token in task.lower().split()
            if not _PATHISH.search(token.strip("'\"`,;:!?()<>[]{}").rstrip("."))
            for w in re.findall(r"[a-z]+", token)}


def asks_new_name(task: str) -> bool:
    """Whether ``task`` asks a new name of a file and no text ("fix the spelling of the
    name", "rename a.txt to b.txt", "call it c.md"; not "rename a.txt and add a line")."""
    return bool(_NEW_NAME.search(task) or BE_ENDING.search(task)) \
        and not task_words(task) & WRITE_WORDS - {"change"}


#: letters a word of a name has at least to be read as misspelt by a word of the task
_SPELT_LETTERS = 4


def respelled(task: str, base: str) -> list[str]:
    """``base`` with one of its words spelt as a word of ``task`` (but the name itself)
    that is the same word misspelt: the same letters in another order, or one letter more,
    less or other, and not its plural ("reciept" and "receipt"; not "hardware" and
    "software")."""
    said = {w for w in re.findall(r"[A-Za-z]+", task.replace(base, " "))
            if len(w) >= _SPELT_LETTERS}
    out = []
    for part in dict.fromkeys(re.findall(r"[A-Za-z]+", base)):
        if len(part) < _SPELT_LETTERS or part in said:
            continue
        for word in sorted(said):
            if _misspelt(part.lower(), word.lower()):
                out.append(re.sub(rf"(?<![A-Za-z]){part}(?![A-Za-z])", word, base))
    return out


def _misspelt(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` are one word spelt two ways: two letters swapped, or one
    letter put in, left out or replaced (not at the first letter, nor an "s" at the end)."""
    if a == b or a[0] != b[0] or a.rstrip("s") == b.rstrip("s"):
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1
                                  and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]])
    short, long_ = sorted((a, b), key=len)
    return len(long_) - len(short) == 1 and any(
        long_[:i] + long_[i + 1:] == short for i in range(1, len(long_)))


#: names of modules and objects that code takes attributes of ("math.pi", "np.mean")
_CODE_NAMES = frozenset({
    "math", "os", "sys", "re", "json", "time", "datetime", "random", "string", "statistics",
    "collections", "itertools", "functools", "pathlib", "subprocess", "shutil", "glob",
    "np", "numpy", "pd", "pandas", "df", "plt", "self", "cls", "str", "int", "list", "dict",
    "requests", "logging", "typing", "decimal", "fractions", "operator", "hashlib", "uuid"})
#: endings of files (a module's name before one is a file: "json.txt", "time.log")
_FILE_ENDINGS = frozenset({
    "txt", "md", "csv", "tsv", "json", "py", "log", "yaml", "yml", "toml", "ini", "cfg",
    "conf", "xml", "html", "htm", "js", "ts", "sh", "bak", "tmp", "dat", "env", "lock", "pdf",
    "png", "jpg", "jpeg", "gif", "svg", "zip", "gz", "tar", "db", "sqlite", "rst", "org"})


def code_token(name: str, after: str = "") -> bool:
    """Whether the dotted ``name`` a text writes (``after``: the character after it) is
    code, not a file, when it has no file's ending: a call ("df.head()") or a module's
    attribute ("math.pi", "os.path.join"). A run wrote a file math.pi, and its finish was
    refused until it did."""
    if "/" in name or name.rsplit(".", 1)[-1].lower() in _FILE_ENDINGS:
        return False
    return after == "(" or name.split(".", 1)[0].lower() in _CODE_NAMES
