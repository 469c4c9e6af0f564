"""Commands: plain functions whose JSON schema comes from their signature and docstring.

    @command
    def write_file(ctx: CommandContext, path: str, content: str) -> str:
        '''Write text to a file in the workspace, replacing it.

        Args:
            path: file path relative to the workspace
            content: the text to write
        '''

The first parameter, if annotated ``CommandContext``, is injected at call time and hidden from
the schema. Arguments are validated (pydantic) before the call; a validation error or an
exception raised by the command becomes an error ``CommandResult`` shown to the model, not a
crash. ``UserError`` subclasses (e.g. a workspace escape) are reported the same way: the model
can choose another path.
"""

from __future__ import annotations

import copy
import inspect
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, get_type_hints

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model, field_validator

from autonomo.errors import AutonomoError
from autonomo.tools.fstree import unsurrogated

if TYPE_CHECKING:
    from autonomo.tools.context import CommandContext

ResultStatus = Literal["success", "error", "interrupted"]


class CommandResult(BaseModel):
    """The outcome of running one command, as recorded in an episode and shown to the model."""

    status: ResultStatus = "success"
    output: str = ""
    #: set by ``finish``: the run ends after this result
    finished: bool = False
    #: arbitrary structured data for callers (not shown to the model)
    data: dict[str, Any] = Field(default_factory=dict)

    @field_validator("output")
    @classmethod
    def _utf8(cls, output: str) -> str:
        """(a refusal or an output naming a file whose name is not UTF-8 is recorded and
        shown with the byte escaped: ``fstree.unsurrogated``)"""
        return unsurrogated(output)

    @classmethod
    def ok(cls, output: str = "", **data: Any) -> CommandResult:
        return cls(status="success", output=output, data=data)

    @classmethod
    def error(cls, message: str) -> CommandResult:
        return cls(status="error", output=message)


class CommandError(AutonomoError):
    """Raised by a command to report a failure to the model in its own words."""


_ARG_LINE = re.compile(r"^\s*(\w+)\s*(?:\([^)]*\))?\s*:\s*(.+)$")


def _parse_docstring(doc: str | None) -> tuple[str, dict[str, str]]:
    """Split a Google-style docstring into its description and per-argument descriptions."""
    if not doc:
        return "", {}
    doc = inspect.cleandoc(doc)
    description_lines: list[str] = []
    arg_docs: dict[str, str] = {}
    in_args = False
    current: str | None = None
    for line in doc.splitlines():
        stripped = line.strip()
        if stripped in ("Args:", "Arguments:", "Parameters:"):
            in_args = True
            continue
        if in_args:
            if stripped in ("Returns:", "Raises:", "Yields:", "Examples:"):
                in_args = False
                continue
            match = _ARG_LINE.match(line)
            if match and line.startswith((" ", "\t")) and not line.startswith("        "):
                current = match.group(1)
                arg_docs[current] = match.group(2).strip()
            elif current and stripped:
                arg_docs[current] += " " + stripped
        elif not arg_docs:
            description_lines.append(line)
    description = " ".join(s.strip() for s in description_lines if s.strip())
    return description, arg_docs


@dataclass
class Command:
    """A callable the agent can choose, with the schema of its arguments."""

    name: str
    description: str
    function: Callable[..., Any]
    params_model: type[BaseModel]
    takes_context: bool
    #: lower-cased names of categories, e.g. "files", "shell", "web"
    category: str = "general"
    #: False: the command exists but is not offered (e.g. shell when shell is not allowed)
    enabled: bool | Callable[[Any], bool] = True
    #: one example call for the prompt, as an arguments dict
    example: dict[str, Any] | None = None
    aliases: tuple[str, ...] = ()
    _schema: dict[str, Any] | None = field(default=None, repr=False, compare=False)

    def parameters_schema(self) -> dict[str, Any]:
        """JSON schema of the arguments (object with properties / required); a fresh copy."""
        if self._schema is None:
            schema = self.params_model.model_json_schema()
            schema.pop("title", None)
            for prop in schema.get("properties", {}).values():
                prop.pop("title", None)
            self._schema = schema
        return copy.deepcopy(self._schema)

    def is_enabled(self, settings: Any) -> bool:
        return self.enabled(settings) if callable(self.enabled) else bool(self.enabled)

    def validate(self, arguments: dict[str, Any]) -> BaseModel:
        """Validate arguments; raises ``CommandError`` with a message the model can act on."""
        try:
            return self.params_model.model_validate(arguments or {})
        except ValidationError as exc:
            problems = "; ".join(
                f"{'.'.join(str(p) for p in e['loc']) or 'arguments'}: {e['msg']}"
                for e in exc.errors()
            )
            raise CommandError(
                f"Invalid arguments for {self.name}: {problems}. "
                f"Expected: {self.signature()}"
            ) from exc

    def signature(self) -> str:
        schema = self.parameters_schema()
        props = schema.get("properties", {})
        required = set(schema.get("required", []))
        parts = []
        for name, prop in props.items():
            kind = _type_name(prop)
            parts.append(f'"{name}": <{kind}>' if name in required else f'"{name}"?: <{kind}>')
        return f"{self.name}({', '.join(parts)})"

    def invoke(self, arguments: dict[str, Any], ctx: CommandContext | None) -> CommandResult:
        """Validate and run; every failure becomes an error result."""
        try:
            params = self.validate(arguments)
            kwargs = params.model_dump()
            value = self.function(ctx, **kwargs) if self.takes_context else self.function(**kwargs)
        except (CommandError, AutonomoError) as exc:
            return CommandResult.error(str(exc))
        except Exception as exc:  # a command's own bug: report to the model, keep the run alive
            return CommandResult.error(f"{self.name} failed: {type(exc).__name__}: {exc}")
        if isinstance(value, CommandResult):
            return value
        return CommandResult.ok("" if value is None else str(value))


def _type_name(prop: dict[str, Any]) -> str:
    """``string``, ``array``, ``string?`` (nullable) … for a property schema."""
    if "type" in prop:
        return str(prop["type"])
    options = [_type_name(p) for p in prop.get("anyOf", []) if p.get("type") != "null"]
    if not options:
        return "any"
    nullable = any(p.get("type") == "null" for p in prop.get("anyOf", []))
    return "|".join(options) + ("?" if nullable and len(options) == 1 else "")


def _is_context_param(param: inspect.Parameter, hints: dict[str, Any]) -> bool:
    hint = hints.get(param.name)
    hint_name = getattr(hint, "__name__", str(hint))
    return param.name == "ctx" or "CommandContext" in str(hint_name)


def make_command(
    function: Callable[..., Any],
    *,
    name: str | None = None,
    description: str | None = None,
    category: str = "general",
    enabled: bool | Callable[[Any], bool] = True,
    example: dict[str, Any] | None = None,
    aliases: Iterable[str] = (),
) -> Command:
    """Build a ``Command`` from a function's signature, type hints and docstring."""
    doc_description, arg_docs = _parse_docstring(function.__doc__)
    signature = inspect.signature(function)
    try:
        hints = get_type_hints(function, include_extras=True)  # keeps Annotated marks
    except NameError:
        hints = {}
    fields: dict[str, Any] = {}
    takes_context = False
    for index, param in enumerate(signature.parameters.values()):
        if index == 0 and _is_context_param(param, hints):
            takes_context = True
            continue
        annotation = hints.get(param.name, Any)
        default = ... if param.default is inspect.Parameter.empty else param.default
        fields[param.name] = (
            annotation,
            Field(default, description=arg_docs.get(param.name)),
        )
    params_model = create_model(
        f"{function.__name__}_args",
        __config__=ConfigDict(extra="forbid"),
        **fields,
    )
    return Command(
        name=name or function.__name__,
        description=description or doc_description,
        function=function,
        params_model=params_model,
        takes_context=takes_context,
        category=category,
        enabled=enabled,
        example=example,
        aliases=tuple(aliases),
    )


def command(
    function: Callable[..., Any] | None = None, **options: Any
) -> Any:
    """Decorator: turn a function into a ``Command`` (usable bare or with options)."""
    if function is not None:
        return make_command(function, **options)
    return lambda fn: make_command(fn, **options)


#: the name users of other frameworks look for; the same decorator
tool = command

#: what an agent's ``tools=`` list holds: a ``Command``, a plain typed function with a
#: docstring (it becomes a command), or the name of a registered command
ToolLike = Command | Callable[..., Any] | str


def as_command(item: Command | Callable[..., Any]) -> Command:
    """``item`` as a ``Command``: a plain function gets its schema from its signature."""
    if isinstance(item, Command):
        return item
    if callable(item):
        return make_command(item)
    raise TypeError(f"A tool must be a function, a Command or a command name, not {item!r}.")


def split_tools(tools: Iterable[ToolLike]) -> tuple[list[str], list[Command]]:
    """Names of registered commands, and the commands made from functions / ``Command``s."""
    names: list[str] = []
    made: list[Command] = []
    for item in tools:
        if isinstance(item, str):
            names.append(item)
        else:
            made.append(as_command(item))
            names.append(made[-1].name)
    return names, made


@dataclass
class CommandRegistry:
    """The commands an agent can use, by name."""

    commands: dict[str, Command] = field(default_factory=dict)

    def register(self, cmd: Command | Callable[..., Any]) -> None:
        """Add a command (a plain typed function with a docstring becomes one)."""
        cmd = as_command(cmd)
        if cmd.name in self.commands:
            raise ValueError(f"A command named {cmd.name!r} is already registered.")
        self.commands[cmd.name] = cmd

    def get(self, name: str) -> Command | None:
        if name in self.commands:
            return self.commands[name]
        for cmd in self.commands.values():
            if name in cmd.aliases:
                return cmd
        return None

    def __contains__(self, name: str) -> bool:
        return self.get(name) is not None

    def __iter__(self):
        return iter(self.commands.values())

    def __len__(self) -> int:
        return len(self.commands)

    def names(self) -> list[str]:
        return list(self.commands)

    def select(
        self,
        *,
        settings: Any = None,
        include: Iterable[str] | None = None,
        exclude: Iterable[str] = (),
    ) -> CommandRegistry:
        """A registry with only the enabled commands, filtered by name."""
        wanted = set(include) if include is not None else None
        excluded = set(exclude)
        chosen = CommandRegistry()
        for cmd in self.commands.values():
            if wanted is not None and cmd.name not in wanted:
                continue
            if cmd.name in excluded or not cmd.is_enabled(settings):
                continue
            chosen.register(cmd)
        return chosen

    def extended(self, commands: Iterable[Command]) -> CommandRegistry:
        """This registry plus ``commands``; a given command replaces one of the same name."""
        extra = list(commands)
        if not extra:
            return self
        merged = dict(self.commands)
        merged.update((cmd.name, cmd) for cmd in extra)
        return CommandRegistry(merged)

    def without(self, names: Iterable[str]) -> CommandRegistry:
        """This registry less the named commands (itself when there are none to drop)."""
        dropped = set(names)
        if not dropped & set(self.commands):
            return self
        return CommandRegistry({n: c for n, c in self.commands.items() if n not in dropped})

    def execute(
        self, name: str, arguments: dict[str, Any], ctx: CommandContext | None
    ) -> CommandResult:
        cmd = self.get(name)
        if cmd is None:
            return CommandResult.error(
                f"Unknown command {name!r}. Available commands: {', '.join(self.names())}."
            )
        return cmd.invoke(arguments, ctx)
