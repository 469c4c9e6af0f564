"""Allow / deny lists for shell commands that fail closed.

The sandbox is the security boundary; these lists narrow what an agent may *try*. So when a
list is set, anything the checker cannot see through is refused rather than guessed at:
unparsable input, command or process substitution, variables used as command names, shells
and other programs that run a command given as an argument (``bash -c``, ``eval``, ``env``,
``xargs``, ``sed``, ``git``, interpreters …), heredocs and herestrings (their bodies are
text the checker does not read), sub-shells and ``case`` blocks, and programs named by a path
outside the system folders (``./r`` may be a link to ``rm``). Programs are compared by
basename, so ``/bin/rm`` is ``rm``.

A program that can run others (``LAUNCHERS``) is refused unless the allow list names it
explicitly — and then the list no longer limits anything that program is told to run: an
allow list containing ``python3``, ``perl``, ``sed`` (its ``e`` command), ``find``
(``-exec``), ``git`` (aliases, hooks) or ``make`` allows any command at all. Only the sandbox
contains what such a command does.
"""

from __future__ import annotations

import os
import re
import shlex
from collections.abc import Iterable
from dataclasses import dataclass

#: shells and builtins that run text as code
SHELLS = frozenset(
    {"sh", "bash", "dash", "zsh", "ksh", "mksh", "csh", "tcsh", "fish", "busybox",
     "eval", "exec", "source", ".", "command", "builtin", "coproc",
     # builtins that change what a later command name means
     "export", "declare", "typeset", "readonly", "local", "alias", "hash", "set", "trap",
     "enable", "shopt"}
)
#: variables that change which program a name runs, or run code on their own
DANGEROUS_VARIABLES = frozenset(
    {"PATH", "IFS", "ENV", "BASH_ENV", "SHELLOPTS", "BASHOPTS", "PS4", "PROMPT_COMMAND",
     "CDPATH", "GLOBIGNORE", "PYTHONSTARTUP", "PYTHONPATH", "PERL5OPT", "NODE_OPTIONS"}
)
#: with an allow list, a program named by path must live in one of these
SYSTEM_BIN_DIRS = ("/bin/", "/usr/bin/", "/usr/local/bin/", "/sbin/", "/usr/sbin/")
#: programs that can run another program or arbitrary code (by an argument, a script, an
#: editor escape, a hook or a config file); allowed only when the allow list names them
LAUNCHERS = frozenset(
    {"env", "xargs", "nohup", "timeout", "nice", "ionice", "sudo", "su", "doas", "setsid",
     "stdbuf", "chroot", "unshare", "nsenter", "strace", "ltrace", "script", "watch", "time",
     "parallel", "flock", "chrt", "taskset", "prlimit", "runuser", "setpriv", "systemd-run",
     "find", "awk", "gawk", "mawk", "nawk", "perl", "ssh", "scp", "sed", "tar", "git", "make",
     "gmake", "less", "more", "most", "man", "vim", "vi", "view", "nvim", "ex", "ed", "emacs",
     "nano", "rsync", "zip", "python", "python2", "python3", "pypy", "pypy3", "node",
     "nodejs", "npm", "npx", "deno", "bun", "ruby", "irb", "php", "lua", "tclsh", "wish",
     "Rscript", "pip", "pip3", "pytest", "py.test", "tox", "nox", "gdb", "expect", "dpkg",
     "apt", "apt-get", "crontab", "at", "batch", "cmake", "ninja", "cargo", "go", "gcc", "cc",
     "socat", "nc", "ncat", "tmux", "screen"}
)
_VERSIONED_LAUNCHER = re.compile(r"^(python|pypy|perl|ruby|php|lua|node|pip)[0-9][0-9.]*$")
_OPERATORS = frozenset({";", "&&", "||", "|", "&", "|&", ";;", "\n"})
_REDIRECTS = frozenset({">", ">>", "<", "<<", "<<<", ">&", "<&", "&>", "&>>", ">|", "<>"})
#: reserved words after which a command name follows
_PREFIX_WORDS = frozenset({"if", "then", "else", "elif", "do", "while", "until", "!", "{"})
_END_WORDS = frozenset({"fi", "done", "}"})
_COMMENT = re.compile(r"(^|[\s;&|()<>])#")


class ShellPolicyError(ValueError):
    """The command is refused; the message says why."""


@dataclass(frozen=True)
class ShellPolicy:
    """Allow and deny lists of program names (see the module notes). An allow list that
    contains an interpreter or other launcher (``python3``, ``perl``, ``sed``, ``find``,
    ``git``, ``make`` …) allows anything: that program can run any other."""

    allow: frozenset[str] = frozenset()
    deny: frozenset[str] = frozenset()

    @classmethod
    def from_lists(cls, allow: Iterable[str] = (), deny: Iterable[str] = ()) -> ShellPolicy:
        return cls(
            frozenset(os.path.basename(a) for a in allow),
            frozenset(os.path.basename(d) for d in deny),
        )

    @property
    def active(self) -> bool:
        return bool(self.allow or self.deny)

    def check(self, command: str) -> list[str]:
        """The program names ``command`` runs; raises ``ShellPolicyError`` when refused."""
        if not command.strip():
            raise ShellPolicyError("The command is empty.")
        if not self.active:
            return []
        if any(ord(c) < 32 and c not in "\t\n" for c in command):
            raise ShellPolicyError("Refused: the command contains control characters.")
        for marker, what in (("`", "backticks"), ("$(", "command substitution"),
                             ("<(", "process substitution"), (">(", "process substitution")):
            if marker in command:
                raise ShellPolicyError(
                    f"Refused: {what} ({marker!r}) is not allowed when a shell allow/deny list "
                    "is set. Run each program directly."
                )
        if _COMMENT.search(command):
            raise ShellPolicyError(
                "Refused: '#' comments are not allowed when a shell allow/deny list is set."
            )
        named = _programs(command)
        for path in named:
            if os.path.basename(path) in self.deny:
                raise ShellPolicyError(
                    f"Refused: {os.path.basename(path)!r} is on the shell deny list."
                )
            if "/" in path and not os.path.normpath(path).startswith(SYSTEM_BIN_DIRS):
                raise ShellPolicyError(
                    f"Refused: {path!r} is not a system program; with a shell allow/deny list "
                    "only programs from the system folders may be named by path (a file in "
                    "the workspace could be any program under another name)."
                )
        programs = [os.path.basename(p) for p in named]
        for program in programs:
            if program in SHELLS:
                raise ShellPolicyError(
                    f"Refused: {program!r} can run text as a command or change what a command "
                    "name means, which would get around the shell allow/deny list. Run the "
                    "programs directly."
                )
            if _is_launcher(program) and program not in self.allow:
                raise ShellPolicyError(
                    f"Refused: {program!r} can start other programs, which would get around the "
                    "shell allow/deny list."
                )
            if self.allow and program not in self.allow:
                allowed = ", ".join(sorted(self.allow))
                raise ShellPolicyError(
                    f"Refused: {program!r} is not on the shell allow list ({allowed})."
                )
        return programs


def _is_launcher(program: str) -> bool:
    return program in LAUNCHERS or _VERSIONED_LAUNCHER.match(program) is not None


def _tokens(command: str) -> list[str]:
    lexer = shlex.shlex(command, posix=True, punctuation_chars=";&|<>()\n")
    lexer.whitespace = " \t\r"
    lexer.whitespace_split = True
    lexer.commenters = ""
    try:
        return list(lexer)
    except ValueError as exc:  # unbalanced quotes, a trailing escape
        raise ShellPolicyError(f"Refused: the command cannot be parsed ({exc}).") from exc


def _programs(command: str) -> list[str]:
    """The command word of every simple command in ``command``."""
    programs: list[str] = []
    expect_command = True
    skip_next = False
    in_for = False
    for token in _tokens(command):
        if skip_next:  # the target of a redirection
            skip_next = False
            continue
        if token in ("(", ")"):
            raise ShellPolicyError(
                "Refused: sub-shells and function definitions are not allowed when a shell "
                "allow/deny list is set."
            )
        if token in _OPERATORS or all(c in ";&|" for c in token):
            expect_command = True
            in_for = False
            continue
        if token.startswith("<<"):
            raise ShellPolicyError(
                "Refused: heredocs and herestrings ('<<', '<<<') are not allowed when a shell "
                "allow/deny list is set: their text is not checked. Write the text to a file "
                "with write_file and pass the file instead."
            )
        if token in _REDIRECTS or (token and all(c in "<>&" for c in token)):
            skip_next = True
            continue
        if token.isdigit() and not expect_command:
            continue
        if not expect_command or in_for:
            continue
        if token in _PREFIX_WORDS:
            continue
        if token in _END_WORDS:
            expect_command = False
            continue
        if token in ("for", "select"):
            in_for = True  # the words up to the next separator are a variable and a list
            continue
        if token in ("case", "function", "coproc"):
            raise ShellPolicyError(
                f"Refused: {token!r} blocks are not allowed when a shell allow/deny list is set."
            )
        if "=" in token and not token.startswith("=") and token.split("=", 1)[0].isidentifier():
            name = token.split("=", 1)[0]
            if name in DANGEROUS_VARIABLES or name.startswith(("LD_", "BASH_FUNC")):
                raise ShellPolicyError(
                    f"Refused: setting {name} is not allowed when a shell allow/deny list is set."
                )
            continue  # VAR=value before the command
        if "$" in token or any(c in token for c in "*?[{"):
            raise ShellPolicyError(
                f"Refused: the program name {token!r} is computed at run time; name the "
                "program literally."
            )
        programs.append(token)
        expect_command = False
    if not programs:
        raise ShellPolicyError("Refused: no program to run was found in the command.")
    return programs
