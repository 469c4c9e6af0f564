"""The files and folders a task names, read against the workspace's real entries.

A name's shape (``notes.txt``) finds most of them; a token that is the path of a file the
workspace has is a file whatever its shape (``.gitignore``, a script called ``cleanup``):
read by shape alone, such a task looked like one that names no file, and a 135M model wrote
``file.txt`` or appended to the script.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from autonomo.agent.finishing_targets import DENYING, KEEP_WORDS, denied_at, removes
from autonomo.agent.strategies.naming import BE_ENDING, code_token, respelled
from autonomo.agent.task_text import sentences
from autonomo.tools import fstree
from autonomo.tools.workspace import Workspace

#: a file name as a task writes it: ``notes.txt``, ``data/out.csv`` (not ``.log`` nor ``e.g``,
#: nor the part of an address before its "@"); an editor's leftover keeps its "~"
#: (``notes.txt~`` is not ``notes.txt``)
_FILE_NAME = re.compile(r"(?<![\w./@~#-])(\w[\w./-]*\.[A-Za-z][A-Za-z0-9]{0,7}~?)(?![\w/~@-])")
#: words that ask for a file's new name without "rename" or "move" ("call it b.txt", "a
#: clearer name: b.txt", "a proper .json extension"; tasks of two seen sets, and the
#: auditor's "change the name of", "give it the new name")
NAMING = frozenset({"name", "call", "extension"})
#: endings of a naming word's forms ("named", "calls"; a name given again: "rename")
_FORMS = ("", "s", "d", "ed", "ing")
#: a name a task gives a new file without an ending, by its shape: an identifier with an
#: underscore or a digit in it (``room_b``, ``notes2``), or any word quoted (``'TODO'``)
_IDENTIFIER = re.compile(r"[A-Za-z0-9]+(?:[_-][A-Za-z0-9]+)*")
#: how many words after a naming word its name may stand ("call it x_y", "call the file x_y")
_NAME_GAP = 3
#: a word that may stand between a naming word and the name ("it", "the file")
_SHORT_WORD = re.compile(r"[a-z]{1,4}")
#: a quoted file name with spaces in it: ``'travel plans.txt'``
_SPACED_NAME = re.compile(r"(['\"])(\w[\w.-]*(?: [\w.-]+){1,5}\.[A-Za-z][A-Za-z0-9]{0,7})\1")
#: files a task names by their kind: "every .bak file", "the *.log files"
KIND_NAMED = re.compile(r"(?<![\w./)~#-])\*?\.([A-Za-z][A-Za-z0-9]{0,7})\b(?!\.\w)")
#: a folder a task names by its trailing slash: ``photos/``, ``old_games/`` (it may not
#: exist yet: a copy's destination), at the end of a sentence too (``in docs/.``)
_FOLDER_NAME = re.compile(r"(?<![\w./~-])(\w[\w.-]*(?:/\w[\w.-]*)*)/(?![\w/~-]|\.\w)")
#: distinct tokens of a task looked up in the workspace at most (``task_files``)
MAX_TOKENS = 500
_QUOTES = "'\"`"
#: hidden names of a task looked up in the folders it names at most, and those folders
MAX_HIDDEN = 8
#: a token of a task that may be a path: no spaces, quotes or brackets
_TOKEN = re.compile(r"[^\s'\"`,;()<>\[\]{}]+")
#: a name that starts with a dot: ``.env``, ``.env.local`` (or an ending: ``.py``)
_DOT_NAME = re.compile(r"(?<![\w./-])(\.\w[\w.-]*?)(?=[.,;:!?]?(?:\s|$|[)'\"]))")


def mentioned_files(text: str) -> tuple[str, ...]:
    """File names in ``text`` by their shape, in order of first mention; a quoted name may
    hold spaces (``'travel plans.txt'``, not ``plans.txt``)."""
    return tuple(dict.fromkeys(n for _, n in _mentioned(text)))


#: data files: a value shaped like a file's name in them is data ("release-3.x" of a list of
#: branches), not an instruction to write it
_DATA = (".json", ".csv", ".yaml", ".yml", ".toml", ".ini", ".cfg", ".tsv", ".xml")


def read_mentions(name: str, text: str, files: Iterable[str]) -> tuple[str, ...]:
    """The file names a file the task reads mentions (``mentioned_files``); of a data file
    only those of files there."""
    found = mentioned_files(text)
    there = set(files)
    return tuple(n for n in found if n in there) if name.lower().endswith(_DATA) else found


def _mentioned(text: str) -> list[tuple[int, str]]:
    """(where, file name) of each mention of a file name in ``text`` by its shape."""
    quoted = [(m.start(2), m.end(2), m.group(2)) for m in _SPACED_NAME.finditer(text)]
    names = sorted([*quoted, *(
        (m.start(1), m.end(1), m.group(1).rstrip(".")) for m in _FILE_NAME.finditer(text)
        if not any(start <= m.start(1) < end for start, end, _ in quoted))])
    # (not "e.g"; nor a name a quote opens that the same quote does not close right after:
    # 'a.csv (2)' names no a.csv; nor code: "math.pi", "df.head()")
    return [(start, n) for start, end, n in names
            if ".." not in n and max(len(part) for part in n.split(".")) > 1
            and _closed(text, start, end) and not code_token(n, text[end:end + 1])]


def says_a_name(task: str) -> bool:
    """Whether ``task`` writes a file's name anywhere, by its shape, quoted or not, or a
    hidden one (``.~lock.a.ods#``): such a task describes no file."""
    return bool(_FILE_NAME.search(task)) or any(
        w.startswith(".") and "." in w[1:] for w in task.split())


def _closed(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is not opened by a quote that does not close right after
    it (``'a.csv (2)'`` names no ``a.csv``)."""
    before, after = text[start - 1:start], text[end:end + 1]
    return not before or before not in _QUOTES or after in (before, "") or after in ".,;:!?"


def task_files(task: str, workspace: Path | str | None,
               files: list[str] | tuple[str, ...] = ()) -> tuple[str, ...]:
    """The files ``task`` names, in its order: names shaped like files
    (``mentioned_files``), and any token that is the path of a file the workspace has, or
    the name of the one file of that name it lists (``files``), whatever its shape."""
    found = list({n: (start, n) for start, n in reversed(_mentioned(task))}.values())
    ws = Workspace(workspace) if workspace is not None else None
    seen = {n for _, n in found}
    hidden: list[tuple[int, str]] = []
    by_name: dict[str, list[str]] = {}
    for f in files:
        by_name.setdefault(f.rsplit("/", 1)[-1], []).append(f)
    for match in _TOKEN.finditer(task):
        token = match.group().rstrip(".:!?")
        if (not token or token in seen or token.startswith(("/", "~"))
                or ".." in token.split("/") or fstree.shown(token) != token):
            continue
        seen.add(token)
        if len(seen) > MAX_TOKENS:
            break  # (a task of thousands of words: each looked up costs a few syscalls)
        if not _closed(task, match.start(), match.start() + len(token)):
            continue
        if ws is not None and ws.kind(token) == "a regular file":
            found.append((match.start(), token))
        elif "/" not in token and len(same := by_name.get(token, [])) == 1:
            found.append((match.start(), same[0]))
        elif token.startswith(".") and "/" not in token:
            hidden.append((match.start(), token))
    spelled = _spelled(task, files)
    # (a name inside a longer one the task spells whole is not named itself: "append done to
    # log file.txt" names "log file.txt", not file.txt beside it)
    found = [(at, n) for at, n in found if not any(
        start < at < start + len(whole) and n != f for start, whole, f in spelled)]
    found += [(at, f) for at, _, f in spelled]
    if ws is not None and hidden:
        found += _hidden(ws, task, hidden, [n for _, n in found])
    return tuple(dict.fromkeys(n for _, n in sorted(found)))


def _spelled(task: str, files: list[str] | tuple[str, ...]) -> list[tuple[int, str, str]]:
    """(where, as spelled, file) of each workspace file whose name holds a space, a bracket
    or a quote and that ``task`` spells out whole (``'notes (copy).md'``: no token nor shape
    reads it)."""
    out = []
    for f in files:
        base = f.rsplit("/", 1)[-1]
        if _TOKEN.fullmatch(base):
            continue
        for spelled in dict.fromkeys((f, base)):
            at = task.find(spelled)
            while at >= 0:
                end = at + len(spelled)
                before, after = task[at - 1:at], task[end:end + 1]
                # (a quoted name is the whole quoted text: not 'a.md' of 'a.md (copy)'; the
                # task's start or end is no quote)
                quoted = any(c and c in _QUOTES for c in (before, after))
                if not re.match(r"[\w./-]", before) and not re.match(
                        r"[\w/-]|\.\w", task[end:end + 2]) and (not quoted or before == after):
                    out.append((at, spelled, f))
                    break
                at = task.find(spelled, at + 1)
    return out


def _hidden(ws: Workspace, task: str, tokens: list[tuple[int, str]],
            found: list[str]) -> list[tuple[int, str]]:
    """(where, file) of each hidden name of ``tokens`` (``.~lock.a.ods#``, ``.tool-versions``;
    a listing shows no hidden file) that one folder holds, of those the task names by a
    trailing slash or those of the files it names."""
    folders = dict.fromkeys([*(m.rstrip("/") for m in _FOLDER_NAME.findall(task)),
                             *(n.rpartition("/")[0] for n in found if "/" in n)])
    folders = [f for f in folders if ".." not in f.split("/") and ws.kind(f) == "a folder"]
    out = []
    for at, token in tokens[:MAX_HIDDEN]:
        there = [path for f in folders[:MAX_HIDDEN] if ws.kind(path := f"{f}/{token}")
                 == "a regular file"]
        if len(there) == 1:
            out.append((at, there[0]))
    return out


#: name tokens of a file (``cover_letter_acme.md``: cover, letter, acme; not its ending)
_NAME_TOKEN = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d{2,}")


def _name_tokens(path: str) -> frozenset[str]:
    base = path.rsplit("/", 1)[-1].lstrip(".")
    stem = base.rsplit(".", 1)[0] if "." in base else base
    return frozenset(t.lower() for t in _NAME_TOKEN.findall(stem) if len(t) > 1)


def _said_in(token: str, words: set[str]) -> bool:
    """Whether ``words`` hold ``token`` or its plural or singular (``letters``)."""
    return any(w == token or w in (token + "s", token + "es") or token in (w + "s", w + "es")
               for w in words)


def described(task: str, candidates: list[str] | tuple[str, ...]) -> tuple[str, ...] | None:
    """The one file of ``candidates`` a task describes rather than names ("the cover letter
    for Acme": ``cover_letter_acme.md``, not ``cover_letter_bolt.md`` nor ``cv.pdf``): the
    words of its name the task says are more than those of any other candidate, a strict
    superset of each; ``()`` when no one file fits so (two backups "the older backup"
    describes both alike); None when the task says no word of any candidate's name."""
    words = set(re.findall(r"[a-z]+|\d{2,}", task.lower()))
    said = {c: {t for t in _name_tokens(c) if _said_in(t, words)} for c in candidates}
    if not any(said.values()):
        return None
    best = [c for c, s in said.items() if all(o < s for d, o in said.items() if d != c)]
    return tuple(best[:1])


def naming_word(word: str) -> bool:
    """Whether ``word`` is a form of a naming word (``NAMING``): "named", "calls",
    "rename", "renaming" (a word made from one is no form of it: "username", "recall")."""
    word = word.lower()
    return any(stem == root + form or (root.endswith("e") and stem == root[:-1] + form)
               for root in NAMING for form in _FORMS
               for stem in (word, word[2:] if root == "name" and word.startswith("re") else ""))


def given_names(task: str, files: list[str] | tuple[str, ...] = (),
                folders: list[str] | tuple[str, ...] = ()) -> tuple[str, ...]:
    """Names the task gives a file with no ending, right after a naming word
    (``naming_word``): a quoted word, or an identifier with an underscore or a digit
    (``a file named room_b``, ``call it 'TODO'``); not a name with an ending (those are
    read by their shape), nor an entry the workspace has (``files``, ``folders``)."""
    tokens = task.split()
    out = []
    for i, token in enumerate(tokens):
        if not naming_word(re.sub(r"\W+$", "", token)):
            continue
        for j, after in enumerate(tokens[i + 1:i + 1 + _NAME_GAP], i + 1):
            bare = after.rstrip(".,;:!?)")
            quoted = len(bare) > 2 and bare[0] == bare[-1] and bare[0] in "'\"`"
            name = bare[1:-1] if quoted else bare
            if (_IDENTIFIER.fullmatch(name) and (quoted or _identifier_like(name))) or \
                    _given_dot_name(name, tokens[i + 1:j], tokens[j + 1:j + 2]):
                if name not in files and name not in folders:
                    out.append(name)
                break
            if not _SHORT_WORD.fullmatch(after):
                break  # (past a clause or a value: "name Ana, age_years 30" names no file)
    return tuple(dict.fromkeys(out))


#: words after a dot-name that make it an ending, not a name ("a .json file", ".py extension")
_ENDING_WORDS = frozenset({"file", "files", "one", "extension", "ending", "suffix", "type"})
#: words that may stand between a naming word and a dot-name it gives ("call it .env"; not
#: "a": "call it a .json" gives an ending)
_DOT_GAP = frozenset({"it", "the", "file"})


def _given_dot_name(name: str, between: list[str], after: list[str]) -> bool:
    """Whether ``name`` is a hidden file's name a naming word gives ("a file named
    .license_key", "call it .env.local"): a dot-name with a letter in it, right after the
    naming word or after "it" or "the file", and no word after it that makes it a kind
    ("name it .json files", "a .py extension")."""
    return bool(re.fullmatch(r"\.\w[\w.-]*", name) and re.search("[A-Za-z]", name)
                and all(w.lower() in _DOT_GAP for w in between)
                and not any(w.lower().strip(".,;:!?)") in _ENDING_WORDS for w in after))


def loose_names(task: str) -> tuple[str, ...]:
    """Tokens of the task that may name a file though no word says so: dot-names that stand
    for no kind of files (``.env``, ``.gitignore``; not ``*.log``, but an ending said alone
    too: ``.md``), then identifiers with an underscore or a digit (``greeting_v2``): a file
    to write only when the task gives no other name for one and the workspace has none."""
    dotted = [m.group(1) for m in _DOT_NAME.finditer(task)
              if not task[:m.start()].endswith("*") and not any(
                  w.lower().strip(".,;:!?)") in _ENDING_WORDS
                  for w in task[m.end():].split()[:1])]  # (not "each .txt file")
    # (a dot-name's leading dot kept: ".license_key" is not the file "license_key")
    words = [w.strip("'\"`,;:!?()").rstrip(".") for w in task.split()]
    names = list(dict.fromkeys([*dotted, *(
        w for w in words if _IDENTIFIER.fullmatch(w) and _identifier_like(w))]))
    # the ones a text is sent to, if any ("the code AB12-CD34 in .door_code": not the code)
    sent = [n for n in names if re.search(
        rf"\b(?:in|into|to|onto)\s+(?:(?:a|an|the|new|file)\s+)*['\"`]?{re.escape(n)}"
        r"(?![\w.-])", task)]
    return tuple(sent or names)


def _identifier_like(word: str) -> bool:
    """An underscore in it, or letters and digits both (``v2_notes``, ``room4``; not a
    version, ``v2``)."""
    return "_" in word or bool(re.search(r"\d", word) and re.search("[A-Za-z]", word)
                               and not re.fullmatch(r"[vV]\d+", word))


def twins(task: str, there: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """Dot-names the task gives that are one of ``there`` (files it names that exist) with
    an ending less or more: ``.env`` beside ``.env.example`` (a new file's name; an ending
    alone, ``.py``, is none)."""
    return tuple(dict.fromkeys(
        name for name in _DOT_NAME.findall(task) if name not in there
        and any(old.lower().startswith(name.lower() + ".")
                or name.lower().startswith(old.lower() + ".") for old in there)))


def new_names(task: str, named: list[str] | tuple[str, ...],
              files: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """Names a task gives a file it names by a new ending only, when it asks for a new name
    (``NAMING``) or the file has no ending: ``a.jsn`` with "a proper .json extension" is
    ``a.json``, a script ``cleanup`` with "make it a .py" is ``cleanup.py``; and its
    dot-name ``twins``."""
    there = [n for n in named if n in files]
    out = list(twins(task, there))
    # (the bare naming words, or a name given again: "rename it"; not "a file named x",
    # which names a new file, not a new ending for one that is there)
    words = set(re.findall(r"[a-z]+", task.lower()))
    naming = NAMING & words or any(w.startswith("re") and naming_word(w) for w in words) \
        or BE_ENDING.search(task)
    text = task
    for name in named:  # (".bashrc" names a file, not an ending; nor ".tool-versions" of
        # "api/.tool-versions")
        text = text.replace(name, " ").replace("/" + name.rpartition("/")[2], " ")
        if (base := name.rpartition("/")[2]).startswith("."):
            text = text.replace(base, " ")
    endings = {m.lower() for m in KIND_NAMED.findall(text)}
    for name in there:
        folder, _slash, base = name.rpartition("/")
        stem, _, own = base.rpartition(".")
        dotfile = base.startswith(".") and "." not in base[1:]
        if not stem:  # no ending ("cleanup"), or a dotfile (".bashrc")
            stem, own = base, ""
        # (an ending given to a file that has none names it; not to a dotfile, whose name
        # has none either: ".dockerignore: add *.sqlite3" names a kind of lines to add)
        if naming or not (own or dotfile):
            out += [f"{folder}{'/' if folder else ''}{stem}.{ending}"
                    for ending in sorted(endings) if ending != own.lower()]
        if naming:  # ("fix the spelling of the name (receipt)": reciept_x.txt, receipt_x.txt)
            out += [f"{folder}{'/' if folder else ''}{fixed}" for fixed in respelled(text, base)]
    return tuple(dict.fromkeys(out))


def related_names(old: str, new: str) -> bool:
    """Whether ``new`` reads as another name of ``old``: the same ending, the same stem
    (case and separators aside), or one is the other with an ending more (``tox.ini`` and
    ``tox.ini.txt``, ``a.txt`` and ``a.txt.bak``, ``cleanup`` and ``cleanup.py``)."""
    def stem(name: str) -> str:
        return re.sub(r"[\s_-]+", "", name.rsplit(".", 1)[0].lower())

    a, b = old.lower(), new.lower()
    return (a.rsplit(".", 1)[-1] == b.rsplit(".", 1)[-1] or stem(old) == stem(new)
            or a.startswith(b + ".") or b.startswith(a + "."))


def version_of(old: str, new: str) -> bool:
    """Whether ``new`` names a version of ``old``: its stem with more after it and the same
    ending (``keymap.json``, ``keymap_laptop.json``), or one is the other with an ending
    more (``.env.example``, ``.env``); not another ending alone (``parts.json`` of
    ``parts.csv`` is a conversion)."""
    a, b = old.lower(), new.lower()
    return a.startswith(b + ".") or b.startswith(a + ".") or longer_stem(old, new)


def stem(path: str) -> str:
    """A file name without its folder and endings, in lower case."""
    return path.rsplit("/", 1)[-1].split(".", 1)[0].lower()


def longer_stem(old: str, new: str) -> bool:
    """Whether ``new`` is ``old``'s stem with more after it and the same ending
    (``invoice.pdf``, ``invoice_spare.pdf``)."""
    stem_a, _, end_a = old.lower().rpartition("/")[2].rpartition(".")
    stem_b, _, end_b = new.lower().rpartition("/")[2].rpartition(".")
    return bool(stem_a) and end_a == end_b and stem_b.startswith(stem_a) and stem_b != stem_a


def named_folders(task: str, folders: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """The folders ``task`` names: one of the workspace's by its name as a word ("into the
    archive folder"), or any by a trailing slash ("old_games/ should get a copy"); a folder
    said only as a part of a longer path (``old_reports`` of ``old_reports/2026/``) is not
    named itself, nor the folder of a file's path (``templates`` of
    ``templates/quote.html``)."""
    slashed = [m.rstrip("/") for m in _FOLDER_NAME.findall(task)]
    said = place_words(task)
    return tuple(dict.fromkeys([*(f for f in folders if Path(f).name.lower() in said),
                                *(f for f in slashed if ".." not in f.split("/"))]))


def place_words(task: str) -> set[str]:
    """The words of ``task`` that may name a folder: not the folders of a path
    (``old_reports`` of ``old_reports/2026/``, ``templates`` of ``templates/quote.html``)."""
    text = _FOLDER_NAME.sub(lambda m: m.group(1).rsplit("/", 1)[-1] + "/", task)
    for path in mentioned_files(task):
        text = text.replace(path, path.rsplit("/", 1)[-1])
    return set(re.findall(r"[\w-]+", text.lower())) - {".", ".."}


def resolve(names: tuple[str, ...], files: list[str] | tuple[str, ...],
            places: tuple[str, ...]) -> dict[str, str]:
    """The workspace's path of each of ``names`` that the workspace does not have as it is:
    a file named apart from its folder ("a Thumbs.db in photos/") is the file of that name
    in a folder the task names (``places``), when there is one such file."""
    out: dict[str, str] = {}
    for name in names:
        if name in files or "/" in name:
            continue
        same = [f for f in files if f.rsplit("/", 1)[-1] == name]
        inside = [f for f in same if any(f.startswith(place + "/") for place in places)]
        # (not one the task names whole as well: the bare name is another file, "copy
        # tmp/a.txt to a.txt")
        if len(inside) == 1 and inside[0] not in names:
            out[name] = inside[0]
    return out


def said(task: str) -> set[str]:
    """The words of ``task`` but those a denying word stands right before, with only
    articles or auxiliaries between (``finishing_targets.denied``'s reading: "don't copy",
    "not a move", "without deleting"); a comma ends a denial ("No, delete b.txt")."""
    out: set[str] = set()
    for sentence in sentences(task.lower().replace("n't", " not")):
        # (a number between is a word too; a comma a token no walk passes)
        tokens = re.findall(r"[\w'~./-]+|,", sentence)
        for i, token in enumerate(tokens):
            if not denied_at(tokens, i):
                out |= set(re.findall(r"[a-z]+", token))
    return out


def removed_described(task: str, candidates: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """The one of ``candidates`` the task's removal describes: the words of its sentences
    that remove (``finishing_targets.removes``) but those denied ("Remove the lock file,
    not the spreadsheet": the file whose name says "lock"); ``()`` when no one fits."""
    wanted = [s for s in sentences(task)
              if any(removes(w) for w in re.findall(r"[a-z]+", s.lower()))]
    return described(" ".join(sorted(said(" . ".join(wanted)))), candidates) or () \
        if wanted else ()


#: where a clause ends: a sentence's end, a semicolon or colon, a dash between spaces, a
#: comma, or before a word that opens a new clause ("…, the new one stays", "… but keep …")
_CLAUSE_END = re.compile(r"([.!?]+(?:\s|$))|[;:]+(?:\s|$)|\s[-–—]\s|,|\s(?=(?:and|but|"
                         r"except|while|whereas)\s)", re.IGNORECASE)


def _keeps(clause: str) -> bool:
    """Whether a clause keeps what it says: a keeping word (``KEEP_WORDS``: "keep the final
    draft", "the new invoice stays", "except b.txt"), a clause opened by a denial ("not the
    clean sketch") or a denied removal ("don't delete old/")."""
    tokens = re.findall(r"[a-z']+", clause.lower().replace("n't", " not"))
    words = [t for t in tokens if t not in {"but", "and", "while", "whereas"}]
    return bool(set(words) & (KEEP_WORDS - {"but"})) or bool(words and words[0] in DENYING) \
        or any(removes(t) and any(d in DENYING for d in words[max(0, i - 3):i])
               for i, t in enumerate(words))


def _clauses(task: str) -> list[tuple[str, bool]]:
    """The task's clauses, each with whether it keeps (``_keeps``); a clause with no
    removal's verb goes on as the one before it in its sentence ("keep a.txt, the notes and
    the log": the list is kept too)."""
    out: list[tuple[str, bool]] = []
    keeping = False
    pieces = _CLAUSE_END.split(task)
    # (split's pieces: a clause, then the sentence's end it stopped at or None)
    for clause, end in zip(pieces[::2], [*pieces[1::2], None], strict=True):
        if clause and clause.strip():
            words = re.findall(r"[a-z']+", clause.lower())
            keeping = _keeps(clause) or (keeping and not any(removes(w) for w in words))
            out.append((clause, keeping))
        if end:
            keeping = False
    return out


def clauses_apart(task: str) -> tuple[str, str]:
    """(the task's clauses that act, those that keep), each joined by " . "."""
    parts = _clauses(task)
    return (" . ".join(c for c, kept in parts if not kept),
            " . ".join(c for c, kept in parts if kept))


def acted_described(task: str, candidates: list[str] | tuple[str, ...]
                    ) -> tuple[str, ...] | None:
    """``described`` by the words of the clauses that act only (not "Delete the draft - keep
    the final draft": the words of the whole task describe the kept ``final_draft.md``), and
    ``()`` when the clauses that keep describe the same file as well (their words say each
    word of its name the acting ones say, or they describe it alone)."""
    acting, keeping = clauses_apart(task)
    one = described(" ".join(sorted(said(acting))), candidates)
    if not one or not keeping:
        return one
    tokens = _name_tokens(one[0])
    acted = set(re.findall(r"[a-z]+|\d{2,}", " ".join(sorted(said(acting)))))
    kept = set(re.findall(r"[a-z]+|\d{2,}", keeping.lower()))
    if described(keeping, candidates) == one or (
            {t for t in tokens if _said_in(t, acted)} <= {t for t in tokens if _said_in(t, kept)}):
        return ()
    return one


def kept_places(task: str, places: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """The folders of ``places`` the task names only in clauses that keep (``_keeps``:
    "delete the files in trash/ but leave keep/ alone"): no place of a removal or a change."""
    out = []
    for place in places:
        name = re.escape(place.rsplit("/", 1)[-1])
        slashed = rf"(?<![\w./~-]){re.escape(place)}/"
        mention = re.compile(slashed if re.search(slashed, task) else rf"\b{name}\b",
                             re.IGNORECASE)
        said_in = [kept for c, kept in _clauses(task) if mention.search(c)]
        if said_in and all(said_in):
            out.append(place)
    return tuple(out)


#: words after which a name is the file a part is taken from, not the object itself
_PART_OF = frozenset({"of", "from"})
#: tokens that join the names of one list ("a.txt, b.txt and c.txt")
_JOINING = frozenset({",", "and", "or", "plus"})
#: words that may follow a removal's object in its own clause ("delete a.txt from old/ too"):
#: prepositions and adverbs, not a verb of a new clause ("b.txt must stay")
_AFTER_OBJECT = frozenset({"from", "in", "inside", "within", "on", "at", "under", "out", "too",
                           "into", "onto",  # (a move's place: "move a.txt and b.txt into d/"; not
                           # "to": "delete a.txt, b.txt to be kept")
                           "also", "as", "well", "please", "now", "first", "then", "for", "of",
                           "here", "there", "away", "entirely", "completely", "again"})


def listed_objects(task: str, named: list[str] | tuple[str, ...],
                   parts: set[str] | None = None) -> set[str] | None:
    """The files of ``named`` a removal's verb (``finishing_targets.removes``) takes as its
    objects, read by the clause's structure: the first name after the verb in its clause,
    then each name joined to it by a comma, "and" or "or" that is not the subject of a new
    clause ("delete a.txt, b.txt must stay": a name followed by a verb, not by a joining
    word, a preposition or the clause's end); a bracket, a semicolon or a dash ends a
    clause. None when no removal verb takes a name so (a pronoun: "delete it"); a name after
    "of" or "from" is a part's file, not an object ("erase the second line of a.txt"): put
    in ``parts``."""
    marked = task.replace("\x00", " ")  # (a NUL of the task would read as a mark)
    order = sorted(dict.fromkeys(named), key=len, reverse=True)
    for i, name in enumerate(order):
        marked = marked.replace(name, f" \x00{i} ")
    # (a quoted text is what to write, not what to do: "add the line 'bin/ is ignored'")
    marked = re.sub(r"\"[^\"\x00]*\"|(?<!\w)'[^'\x00]*'(?!\w)", " ", marked)
    found: set[str] = set()
    for clause in re.split(r"[.!?;:()\[\]]+(?:\s|$)|[()\[\]]|\s[-–—]\s", marked):
        tokens = re.findall(r"\x00\d+|[a-z']+|,", clause.lower())
        i = 0
        while i < len(tokens):
            if not removes(tokens[i]):
                i += 1
                continue
            j = i + 1
            while j < len(tokens) and tokens[j] != "," and not tokens[j].startswith("\x00"):
                j += 1  # ("delete the old a.txt"; not past a comma: "delete it, b.txt stays")
            if any(t in _PART_OF for t in tokens[i + 2:j]):  # (not "rid of a.txt")
                if parts is not None and j < len(tokens) and tokens[j].startswith("\x00"):
                    parts.add(order[int(tokens[j][1:])])
                i = j + 1
                continue
            first = True
            while j < len(tokens) and tokens[j].startswith("\x00"):
                after = tokens[j + 1] if j + 1 < len(tokens) else ""
                if not first and after and after not in _JOINING | _AFTER_OBJECT:
                    break  # (the subject of a new clause)
                found.add(order[int(tokens[j][1:])])
                first = False
                k = j + 1
                while k < len(tokens) and tokens[k] in _JOINING | {"the", "a", "an"}:
                    k += 1
                if k == j + 1 or not any(t in _JOINING for t in tokens[j + 1:k]):
                    break
                j = k
            i = j + 1
    return found or None


#: letters a run of the task's words has at least to point at a file holding it
_RUN_LETTERS = 6


def holding(task: str, texts: dict[str, str]) -> tuple[str, ...]:
    """The one file of ``texts`` (path -> its text) that holds a run of two or three of the
    task's words that no other holds ("one of them says DO NOT SEND"); ``()`` when not one."""
    words = re.findall(r"[\w'-]+", task.lower())
    runs = {" ".join(words[i:i + n]) for n in (2, 3) for i in range(len(words) - n + 1)
            if sum(len(w) for w in words[i:i + n]) >= _RUN_LETTERS}
    lowered = {path: " ".join(re.findall(r"[\w'-]+", text.lower())) for path, text in texts.items()}
    fits = [path for path, text in lowered.items() if any(
        f" {run} " in f" {text} " and not any(f" {run} " in f" {other} "
                                              for o, other in lowered.items() if o != path)
        for run in runs)]
    return tuple(fits) if len(fits) == 1 else ()
