"""Two-step texts: a template the task gives, filled with a value read from another file.

"Read the total on r.txt and add a line 'Total paid: <that total>' to e.txt": the text to
write is the template with its placeholder replaced by the value the placeholder's words
point at in the file the task reads (``sources``), never the template as written (a 135M
model wrote "<that total>" literally) and never a value of the file the line goes to (whose
lines "Total paid: 42.00" share the template's words). A placeholder may be bracketed
("<that total>", "{password}", "[due date]") or a phrase that points back at what the task
named before ("Read the version in a.txt, then add the line v = that version").
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterable

from autonomo.agent.strategies import (
    dates,
    defined,
    derived,
    facts,
    json_keys,
    keyed,
    ranking,
    shapes,
    spans,
)

#: a placeholder of words: "<that total>", "{password}", "[due date]" (a bracket holds two
#: words or more: "[options]" is an INI section); not a JSON object, an address, a tag
_WORD_HOLE = re.compile(r"<\s*([A-Za-z][\w' -]{0,38}?)\s*>|\{\s*([A-Za-z][\w' -]{0,38}?)\s*\}"
                        r"|\[\s*([A-Za-z][\w'-]*(?:\s+[\w'-]+){1,4})\s*\]")
#: markup a text may hold written out (an HTML page's tags are no placeholders)
_TAGS = frozenset({"p", "b", "i", "u", "a", "em", "strong", "div", "span", "html", "head",
                   "body", "title", "br", "hr", "li", "ul", "ol", "pre", "code", "table",
                   "tr", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6", "section", "main"})
#: elements that have no end tag
_VOID = frozenset({"br", "hr"})
#: the words of a placeholder that say which value, not what it is ("<that total>")
_POINTING = frozenset({"that", "this", "the", "its", "their", "his", "her", "your", "my",
                       "our", "a", "an", "value", "here", "goes", "filled", "in"})
#: a phrase pointing back at a thing the task named before: "that version" (after "the
#: version"), "this code"
_BACK = re.compile(r"\b(?:that|this)\s+([a-z]+)\b(?!\s*(?:is|are|was|were|has|holds|says|"
                   r"contains|lists|names|gives)\b)", re.IGNORECASE)
_COUNTS = re.compile(r"\b(?:count|how\s+many|number\s+of|total\s+of)\b", re.IGNORECASE)
#: data files whose text is composed from their structure (``compose``), not a line
_DATA = (".json", ".yaml", ".yml", ".toml", ".csv", ".tsv", ".xml")
#: the most values one template is filled with (the best-ranked, tied)
MAX_FILLS = 3


def holes(text: str) -> list[str]:
    """The placeholders of ``text`` (``_WORD_HOLE``), as written, but markup tags."""
    return [m.group(0) for m in _WORD_HOLE.finditer(text)
            if not _markup(next(g for g in m.groups() if g is not None), text)]


def _markup(name: str, text: str) -> bool:
    """Whether ``<name>`` in ``text`` is a markup tag: an element the text also closes, or
    one that has no end ("<br>"); a lone "<code>" or "<title>" in "'branch=<code>'" is a
    placeholder (its value was written bare and confirmed)."""
    return name in _VOID or (name in _TAGS and re.search(rf"</\s*{name}\s*>", text,
                                                          re.IGNORECASE) is not None)


def not_content(text: str, task: str) -> bool:
    """Whether ``text`` is a template of ``task`` (``unfilled``), a form it names ("24h",
    "YYYY-MM-DD") or a value in the form it asks to leave ("4:05 PM" for 24h): no text to
    write."""
    return unfilled(text, task) or any(form.fullmatch(text.strip()) for form in dates.FORMS) \
        or dates.left_form(text, task)


def unfilled(text: str, task: str) -> bool:
    """Whether ``text`` holds a placeholder of ``task``: a template, not a text to write."""
    pointed = [h[1:-1] for h in holes(pointed_back(task)) if h not in task]
    return any(hole in task for hole in holes(text)) or any(p in text for p in pointed) or any(
        re.search(rf"(?<![\w-]){re.escape(t)}(?![\w-])", text) for t in defined.tokens(task))


@functools.lru_cache(maxsize=32)
def pointed_back(task: str) -> str:
    """``task`` with each phrase that points back at a thing it named before ("that
    version" after "the version in a.txt") bracketed as a placeholder ("<that version>");
    a token the task defines ("N being that value") or a bracketed word it names again
    ("[date]"): ``defined``."""
    task = defined.named_again(defined.marked(task))
    out, last = [], 0
    bracketed = [m.span() for m in _WORD_HOLE.finditer(task)]
    for found in _BACK.finditer(task):
        noun = found.group(1).lower()
        before = task[:found.start()].lower()
        if any(a <= found.start() < b for a, b in bracketed) or not re.search(
                rf"\b(?:the|a|an|its|their)\s+(?:\w+\s+)?{re.escape(noun)}\b", before):
            continue
        out += [task[last:found.start()], "<", found.group(0), ">"]
        last = found.end()
    task = "".join(out) + task[last:] if out else task
    # (a word in capitals the task says to fill: "'On call: NAME' with the name filled in",
    # "replace CODE with the code")
    for word in dict.fromkeys(re.findall(r"(?<![\w<{\[])([A-Z]{3,})(?![\w>}\]])", task)):
        if re.search(rf"\b{word}\s+(?:filled\s+in|filled|substituted|inserted|replaced)\b"
                     rf"|\b(?:replac\w*|fill\w*\s+in|substitut\w*)\s+{word}\b", task,
                     re.IGNORECASE):
            task = re.sub(rf"(?<![\w<{{\[]){word}(?![\w>}}\]])", f"<{word}>", task)
    return task


def _labelled(known: Iterable[facts.Fact], label: str) -> list[str]:
    """The one value the files label with exactly the words of ``label`` ("Weight: 2 kg"
    for "that weight": the labelled value whole, not its number alone); none if several."""
    wanted = facts.words(label)
    # (or the file is named after it and holds it alone: "2.0.1" of VERSION.txt)
    found = list(dict.fromkeys(f.value for f in known if wanted and (
        f.key == wanted or (not f.key and f.source == wanted))))
    return found if len(found) == 1 else []


#: a line that is one value whole: a token ("4.1.7", "2027-01-15") or a name of up to
#: four capitalised words ("Marisol Quint"), never a sentence
ONE_VALUE = re.compile(r"[\w.@+/:-]{1,60}|[A-Z][\w'-]*(?: [A-Z][\w'-]*){1,3}")


#: what a placeholder may call the one value a file holds: its kind, never a part of it
#: ("<the date>", "<the name>"; not "<first name>", "<the year>")
VALUE_KINDS = frozenset({"date", "number", "code", "address", "value", "name", "time", "id",
                         "amount", "figure", "string", "text", "word", "entry", "version",
                         "title", "label", "tag", "password", "pin", "token", "email", "url"})


def _plain(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") \
        else word


def one_value(source: str, text: str, wanted: Iterable[str]) -> str | None:
    """The text of ``source`` when it is one line of one value (``ONE_VALUE``) and the
    words ``wanted`` for it (a placeholder's, a key's) name only its kind or words of the
    file's name ("<the date>" of day.txt's "2027-01-15", "owner" of repo_owner.txt)."""
    lines = [x.strip() for x in text.splitlines() if x.strip()]
    stem = {_plain(w) for w in re.findall(r"[a-z]+", source.rsplit("/", 1)[-1].lower())}
    if len(lines) != 1 or not ONE_VALUE.fullmatch(lines[0]):
        return None
    return lines[0] if {_plain(w.lower()) for w in wanted} <= VALUE_KINDS | stem else None


def _one_value(read: list[str], texts: dict[str, str], said: str) -> list[str]:
    """``one_value`` of the one file read, for the placeholder's words ``said``."""
    found = one_value(read[0], texts[read[0]], re.findall(r"[A-Za-z]+", said)) if len(
        read) == 1 else None
    return [found] if found else []


def templates(task: str, named: Iterable[str]) -> list[str]:
    """The task's templates (``spans.templates``), those a phrase pointing back makes too
    ("add the line v = that version"), and one a backquoted text holds; each with more than
    its placeholder."""
    names = list(named)
    marked = pointed_back(task)
    found = [*(q for q in re.findall(r"`([^`\n]{1,200})`", marked) if holes(q)),
             *spans.templates(marked, names)]
    # (a command's text after its verb, the value after "followed by": "runs ping -c 1
    # followed by <that host>" is ``ping -c 1 <that host>``)
    found = [re.sub(r"\s+(?:followed|succeeded)\s+by\s+(?=[<{\[])", " ", re.sub(
        r"^(?:(?:that|which)\s+(?:runs?|executes?|calls?|invokes?)|runs|executes|invokes)\s+",
        "", t)) for t in found]
    # (not the words that lead to it: "like this: Special: <dish>", "it as db_<name>")
    found = [re.sub(r"^(?:(?:like|as)\s+(?:this|so|follows)\s*:|(?:(?:it|them|this|that)\s+)?"
                    r"(?:as|like)\s+)\s*", "", t, flags=re.I) for t in found]
    # (nor an aside after it: "Hotel ref = {ref}  (ref is in c.txt)")
    found = [re.sub(r"\s*\([^()<>{}\[\]]*\)?\s*$", "", t) for t in found]
    # (nor a dashed aside that says where the value comes from: "… <date> - using the date
    # from d.txt")
    found = [re.sub(r"\s+[-–—]+\s+(?:using|use|with|from|taking|taken|where|read|get|"
                    r"reading|it|its|the|that|which)\b[^<>{}\[\]]*$", "", t, flags=re.I)
             for t in found]
    # (not a text a quote cuts, "<that total>' at the end of"; not one around another)
    found = [t for t in found if holes(t) and t.strip() not in holes(t)
             and not any(t.count(q) % 2 for q in "'\"`")
             and all(t.count(a) == t.count(b) for a, b in ("{}", "[]", "()", "<>"))]
    return list(dict.fromkeys(t for t in found if not any(o != t and o in t for o in found)))


#: the words between a template and the file it goes to: "'…' at the end of a.txt"
_TOWARDS = re.compile(r"^[\s'\"`.,]*(?:(?:at|to|into|onto|in|on|of|the|a|an|end|bottom|top|"
                      r"file|as|new|last|line)\s+)*$", re.IGNORECASE)


def _after(task: str, name: str, found: Iterable[str]) -> bool:
    """Whether ``name`` follows a template of ``found`` in ``task`` with only words of a
    place between ("… = that version at the end of setup.cfg"): the file it goes to."""
    for template in found:
        at = task.find(template) if template in task else -1
        where = task.find(name, at + len(template)) if at >= 0 else -1
        if where >= 0 and _TOWARDS.match(task[at + len(template):where]):
            return True
    return False


def sources(task: str, texts: dict[str, str], written: Iterable[str],
            found: Iterable[str]) -> list[str]:
    """The files the task reads a template's value from: those seen (``texts``) but the
    files it writes to (``written``) and those holding a line shaped like a template of
    ``found`` (its text before or after the placeholder: the file it goes to)."""
    read, shaped = [], []
    gone = set(written)
    for name, text in texts.items():
        if name in gone or name not in task or _after(task, name, found):
            continue
        lines = [" ".join(line.split()).lower() for line in text.splitlines() if line.strip()]
        for template in found:
            # (its text around the placeholder as written, spaces and signs: "Total paid: "
            # of "Total paid: 42.00"; not "Carrier " of the label "Carrier: Parcelnet")
            plain = " ".join(template.split())
            before, _, after = (plain.lower() + " ").partition(holes(plain)[0].lower())
            if any((before.strip() and line.startswith(before))
                   or (after.strip() and (line + " ").endswith(after)) for line in lines):
                shaped.append(name)
        read.append(name)
    return [n for n in read if n not in shaped] or read


#: a clause that takes something out of a file: its text changes ("remove x from a.txt")
_REMOVING = re.compile(r"\b(?:remove|delete|drop|strip|erase|cut|clear|take\s+out|get\s+rid|"
                       r"move|pop)\w*\b", re.IGNORECASE)


def taken_from(task: str, named: Iterable[str]) -> tuple[str, ...]:
    """The files the task takes a value from ("the phone number from card.txt", "out of
    net.txt"), when it names another file the value goes to: read, never written (a 135M
    model appended the number to card.txt). Not a file something is removed from."""
    names = list(named)
    out = []
    for name in names:
        for found in re.finditer(rf"\b(?:from|out\s+of)\s+(?:the\s+)?(?:file\s+)?"
                                 rf"{re.escape(name)}(?![\w.-])", task, re.IGNORECASE):
            clause = re.split(r"[.;!?]\s|\bthen\b", task[:found.start()])[-1]
            if not _REMOVING.search(clause):
                out.append(name)
    return tuple(dict.fromkeys(out)) if any(n not in out for n in names) else ()


#: a part of a person's name a placeholder asks for: "<first name>", "{surname}"
_NAME_PART = re.compile(r"\b(first|given|last|family|sur)\s*name\b", re.IGNORECASE)


def _name_part(value: str, part: str) -> str | None:
    """The first or the last word of a person's name ("Ada Byron"), or None when ``value``
    is no such name (two to four words, each capitalised)."""
    words = value.split()
    if not 2 <= len(words) <= 4 or not all(w[:1].isupper() and w.isalpha() for w in words):
        return None
    return words[0] if part in ("first", "given") else words[-1]


def filled(task: str, named: Iterable[str], texts: dict[str, str],
           written: Iterable[str] = ()) -> tuple[list[str], tuple[str, ...]]:
    """Each template of the task (``templates``) filled with the values its placeholder's
    words and the rest of the task point at in the files it reads (``sources``), best
    first, and those files (read, never written); nothing when the task gives no template
    or no value is found."""
    names = list(named)
    found = templates(task, names)
    if not found:
        return [], (*field_sources(task, names, texts), *json_keys.sources(task, names, texts),
                    *taken_from(task, names))
    task = pointed_back(task)  # (the templates' placeholders as found)
    read = sources(task, texts, written, found)
    out: list[str] = []
    used: list[str] = []
    for template in found:
        hole = holes(template)[0]
        # (the template's own words are the text around the value, not what it is)
        asked = task.replace(template, " ").replace(hole, " ")
        said = " ".join(w for w in re.findall(r"[\w'-]+", hole) if w.lower() not in _POINTING)
        part = _NAME_PART.search(said)  # ("<first name>": a part of the name read)
        said = _NAME_PART.sub("name", said)
        # (a placeholder names a value, a count only when it says so: "<the number of …>")
        counts = facts.words(facts.COUNT_WORDS) if not _COUNTS.search(hole) else frozenset()
        known = [f for name in read for f in (*facts.file_facts(name, texts[name]),
                                              *derived.derived_facts(name, texts[name], task))
                 if not (counts and f.key >= counts)]
        query = f"{asked} {said}"
        # (else the value of the line the template's own label starts: "Guest: <last name>"
        # of "Guest: Ada Byron")
        values = _one_value(read, texts, said) or _labelled(known, said) or derived.ranked_of_kind(
            known, query, tuple(names)) or _labelled(known, template.partition(hole)[0]) or (
            ranking.rank(known, query, names, facts.NEAR))
        before, _, after = template.partition(hole)
        if part:  # (the first of the values that is a person's name)
            values = [p for v in [*values, *_labelled(known, template.partition(hole)[0])]
                      if (p := _name_part(v, part.group(1).lower()))][:1]
        values = [v for v in values[:MAX_FILLS] if v.strip() and "\n" not in v.strip()]
        out += [before + value + after for value in values]
        used += values
    # (the files the values came from: read, never written)
    return list(dict.fromkeys(out)), (*(n for n in read if any(v in texts[n] for v in used)),
                                      *taken_from(task, names))


#: the words after a key that call it a field: "the email field", "its phone entry"
_FIELD = r"(?:field|key|entry|property|attribute|slot|value)"


def _field(task: str, text: str) -> str | None:
    """The one key of a keyed text (``keyed.entries``) the task calls a field ("into the
    email field of p.json", "p.json's phone field", "under the key postcode")."""
    keys = {e.key for e in keyed.entries(text)}
    said = [k for k in keys if re.search(
        rf"(?<![\w-]){re.escape(k)}[\"'`]?\s+{_FIELD}\b|\b{_FIELD}\s+[\"'`]?{re.escape(k)}(?![\w-])",
        task, re.IGNORECASE)]
    return said[0] if len(said) == 1 else None


def _key_of(task: str, name: str, text: str) -> str | None:
    """The one key of the keyed file ``name`` the task names with it: "the port in
    app.env", "config.ini's timeout"."""
    said = [e.key for e in keyed.entries(text) if re.search(
        rf"(?<![\w-]){re.escape(e.key)}\s+(?:in|of)\s+(?:the\s+)?(?:file\s+)?{re.escape(name)}"
        rf"|{re.escape(name)}['’]s\s+{re.escape(e.key)}(?![\w-])", task, re.IGNORECASE)]
    return said[0] if len(set(said)) == 1 else None


def fields(task: str, names: list[str], texts: dict[str, str]) -> dict[str, str]:
    """{keyed file: the field the task names in it} ("the email field of p.json", "the
    port in app.env"); of several files with that field, the one the task names with it
    ("the city field of b.json", "b.json's city field"). None when the task states a value
    itself (a number, a quoted text: the edit is the task's, ``keyed``)."""
    said = keyed.without(task, names)
    if re.search(r"\d|\"[^\"]+\"|(?<!\w)'[^']+'(?!\w)", said):
        return {}
    found = {n: key for n, t in texts.items() if n in task and keyed.is_keyed(n)
             and (key := _field(said, t) or _key_of(task, n, t))}
    if len(found) < 2:
        return found
    return {n: key for n, key in found.items() if re.search(
        rf"\b{re.escape(key)}[\"'`]?\s+{_FIELD}\s+(?:of|in)\s+(?:the\s+)?(?:file\s+)?"
        rf"{re.escape(n)}|{re.escape(n)}['’]s\s+(?:\w+\s+)?{re.escape(key)}\b", task)}


def field_edits(task: str, name: str, text: str, texts: dict[str, str],
                named: Iterable[str]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The edit of the one field of the keyed file ``name`` the task names ("copy the email
    from a.txt into the email field of p.json"): its value replaced, in the file's notation,
    by the value the task points at in the other files it reads (``texts``), nothing else;
    none when the field or the value is not found."""
    key = fields(task, list(named), {**texts, name: text}).get(name)
    if key is None and (quoted := json_keys.quoted_key(task, name, text, named)) in {
            e.key for e in keyed.entries(text)}:
        key = quoted  # (a key the JSON holds, named in quotes: "set 'city' in v.json to …")
    if key is None:
        return ()
    value = copied_value(task, name, text, texts, named, key)
    if value is None:
        return ()
    # (the key's value stated to the edit of keyed files: in the file's own notation; the
    # value whole, stated first, not its parts by shape: "TR18" of "TR18 4AB"; a JSON text
    # quoted where the field held none: null)
    quoted = json.dumps(value) if name.lower().endswith(".json") and not re.fullmatch(
        r"-?\d+(?:\.\d+)?|true|false", value) else value
    return tuple((piece, tuple(n if quoted in n else n.replace(value, quoted, 1)
                               for n in news[:1]))
                 for piece, news in keyed.keyed_edits(text, f'{key} to "{value}"', []))


def copied_value(task: str, name: str, text: str, texts: dict[str, str],
                 named: Iterable[str], key: str) -> str | None:
    """The value the task points at for ``key`` of ``name`` in the other files it names and
    has read (``texts``): one line, not a value ``name`` holds already; None if none."""
    read = {n: t for n, t in texts.items() if n != name and n in task}
    known = [f for n, t in read.items()
             for f in (*facts.file_facts(n, t), *derived.derived_facts(n, t, task))]
    # (a value the files label with the field's own name first: "Postcode: TR18 4AB", not
    # its part of a postcode's shape)
    query = task.replace(name, " ")
    found = _labelled(known, key) or derived.ranked_of_kind(known, query, tuple(named)) or (
        ranking.rank(known, query, list(named), facts.NEAR))
    found = [v for v in found if "\n" not in v and v not in text][:1]
    return found[0] if found else None


def field_sources(task: str, named: Iterable[str], texts: dict[str, str]) -> tuple[str, ...]:
    """The files a field's value is copied from (``field_edits``): read, never written."""
    targets = fields(task, list(named), texts)
    return tuple(n for n in texts if targets and n not in targets and n in task)


def composed(task: str, named: Iterable[str], start: Iterable[str], seen: dict[str, str]
             ) -> list[tuple[str, tuple[str, ...], tuple[str, ...]]]:
    """(code or data file, its whole texts, texts to add at its end) of a two-step task:
    a template filled (``filled``) for each such file it names that it does not read from
    ("write checkout.sh containing the command git checkout <that branch>"), and a keyed
    file with one field set from another file (``field_edits``)."""
    names, there = list(named), set(start)
    lines, read = filled(task, names, seen)
    out = []
    for name in names:
        if not spans.needs_free_text(name) or name in read:
            continue
        existing = seen.get(name) if name in there else None
        if name in there and existing is None:
            continue  # (not read: its text is not known)
        pairs = field_edits(task, name, existing, seen, names) if existing else ()
        keyed_whole = _quoted_key(task, name, existing, seen, names) if existing else None
        if pairs and existing is not None:
            whole = tuple(existing.replace(piece, new, 1) for piece, news in pairs[:1]
                          for new in news)
            out.append((name, whole, ()))
        elif keyed_whole:
            out.append((name, (keyed_whole,), ()))
        elif lines and not name.lower().endswith(_DATA):  # (a JSON template: ``compose``)
            added = tuple(shapes.appended(existing or "", line) for line in lines)
            out.append((name, tuple((existing or "") + text for text in added), added))
    return out


def _quoted_key(task: str, name: str, text: str, seen: dict[str, str],
                names: list[str]) -> str | None:
    """The JSON object ``name`` with the key the task quotes (``json_keys``) set to the
    value read in its other files; None when there is no such key or value."""
    key = json_keys.quoted_key(task, name, text, names)
    value = copied_value(task, name, text, seen, names, key) if key else None
    return json_keys.with_key(text, key, value) if key and value else None


#: a file's name made of a placeholder and an ending: "(<code>.md)", "{name}.txt"
_NAMED_HOLE = re.compile(r"(?<![/\\\w])(?P<hole><[^<>\s][^<>]{0,38}>|\{[^{}\s][^{}]{0,38}\})"
                         r"(?P<ending>\.[A-Za-z][A-Za-z0-9]{0,7})(?![\w.])")


def with_named_files(task: str, named: Iterable[str], texts: dict[str, str]) -> tuple[str, ...]:
    """``named`` with the names ``named_files`` gives, and without a name of the same ending
    the task does not spell out (a guess beside the placeholder: "who.md")."""
    names = list(dict.fromkeys(named))
    made = named_files(task, names, texts)
    endings = {m.rpartition(".")[2] for m in made}
    return tuple(dict.fromkeys([*(n for n in names if n in task or n.rpartition(".")[2]
                                  not in endings), *made]))


def named_files(task: str, named: Iterable[str], texts: dict[str, str]) -> list[str]:
    """The names of new files a task gives as a placeholder and an ending ("a markdown file
    named after that code (<code>.md)"), with the value read in the files it names: a plain
    name (no folder, no space), one a placeholder."""
    names = list(named)
    out = []
    for found in _NAMED_HOLE.finditer(task):
        hole = found.group("hole")
        said = " ".join(w for w in re.findall(r"[\w'-]+", hole) if w.lower() not in _POINTING)
        read = [n for n in texts if n in task]
        known = [f for n in read for f in (*facts.file_facts(n, texts[n]),
                                           *derived.derived_facts(n, texts[n], task))]
        query = f"{task.replace(found.group(0), ' ')} {said}"
        # (else the text of a file of one line: "project_code.txt holds our project code")
        values = _labelled(known, said) or derived.ranked_of_kind(known, query, tuple(names)) or [
            t.strip() for n in read if (t := texts[n]).strip() and "\n" not in t.strip()]
        out += [v + found.group("ending") for v in values[:1]
                if re.fullmatch(r"[\w][\w.-]{0,80}", v) and ".." not in v]
    return out
