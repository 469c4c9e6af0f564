"""Reports of benchmark runs: summaries, a comparison of two runs, and a self-contained HTML
page (inline CSS and SVG charts, no scripts, no outside resources)."""

from __future__ import annotations

import html
import json
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import jinja2

from autonomo.bench.challenge import DIFFICULTIES
from autonomo.bench.execute import ChallengeResult


@dataclass
class Rate:
    passed: int = 0
    failed: int = 0
    skipped: int = 0

    @property
    def total(self) -> int:
        return self.passed + self.failed + self.skipped

    @property
    def rate(self) -> float:
        return self.passed / self.total if self.total else 0.0

    def add(self, status: str) -> None:
        if status == "pass":
            self.passed += 1
        elif status == "skip":
            self.skipped += 1
        else:
            self.failed += 1


@dataclass
class Summary:
    overall: Rate = field(default_factory=Rate)
    by_category: dict[str, Rate] = field(default_factory=dict)
    by_difficulty: dict[str, Rate] = field(default_factory=dict)
    wall_s: float = 0.0
    tokens: int = 0
    cached_tokens: int = 0
    cost: float = 0.0


def summarize(results: Iterable[ChallengeResult]) -> Summary:
    """Pass rates (a skipped challenge counts as not passed) and totals."""
    summary = Summary()
    cats: dict[str, Rate] = defaultdict(Rate)
    diffs: dict[str, Rate] = defaultdict(Rate)
    for r in results:
        summary.overall.add(r.status)
        for category in r.categories or [r.category]:
            cats[category].add(r.status)
        diffs[r.difficulty or "?"].add(r.status)
        summary.wall_s += r.wall_s
        summary.tokens += r.prompt_tokens + r.completion_tokens
        summary.cached_tokens += r.cached_tokens
        summary.cost += r.cost
    summary.by_category = dict(sorted(cats.items()))
    order = {d: i for i, d in enumerate(DIFFICULTIES)}
    summary.by_difficulty = dict(sorted(diffs.items(), key=lambda kv: order.get(kv[0], 99)))
    return summary


@dataclass
class Change:
    challenge: str
    before: str
    after: str
    wall_delta: float
    tokens_delta: int


def compare(old: list[ChallengeResult], new: list[ChallengeResult]
            ) -> tuple[list[Change], list[Change]]:
    """(better, worse): challenges whose pass count rose or fell between two runs."""

    def per_challenge(results: list[ChallengeResult]) -> dict[str, list[ChallengeResult]]:
        grouped: dict[str, list[ChallengeResult]] = defaultdict(list)
        for r in results:
            grouped[r.challenge].append(r)
        return grouped

    before, after = per_challenge(old), per_challenge(new)
    better, worse = [], []
    for name in sorted(set(before) & set(after)):
        a, b = before[name], after[name]
        passes_a = sum(r.status == "pass" for r in a) / len(a)
        passes_b = sum(r.status == "pass" for r in b) / len(b)
        change = Change(name, _statuses(a), _statuses(b),
                        _mean(r.wall_s for r in b) - _mean(r.wall_s for r in a),
                        round(_mean(_tokens(r) for r in b) - _mean(_tokens(r) for r in a)))
        if passes_b > passes_a:
            better.append(change)
        elif passes_b < passes_a:
            worse.append(change)
    return better, worse


def _tokens(r: ChallengeResult) -> int:
    return r.prompt_tokens + r.completion_tokens


def _mean(values: Iterable[float]) -> float:
    items = list(values)
    return sum(items) / len(items) if items else 0.0


def _statuses(results: list[ChallengeResult]) -> str:
    return "/".join(r.status for r in sorted(results, key=lambda r: r.attempt))


def bar_chart(items: list[tuple[str, float]], *, unit: str = "", maximum: float | None = None,
              width: int = 560) -> str:
    """A horizontal bar chart as inline SVG."""
    top = maximum or max((v for _, v in items), default=1.0) or 1.0
    row, label_w, bar_w = 22, 170, width - 250
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" '
             f'height="{row * len(items) + 8}" role="img">']
    for i, (label, value) in enumerate(items):
        y = 4 + i * row
        length = max(0.0, value / top * bar_w)
        shown = f"{value * 100:.0f}%" if unit == "%" else f"{value:.3g}{unit}"
        parts.append(
            f'<text x="{label_w - 6}" y="{y + 15}" text-anchor="end">{html.escape(label)}</text>'
            f'<rect x="{label_w}" y="{y + 3}" width="{length:.1f}" height="{row - 6}" '
            f'class="bar"/><text x="{label_w + length + 6:.1f}" y="{y + 15}">{shown}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _template() -> jinja2.Template:
    text = resources.files("autonomo.bench").joinpath("report.html.j2").read_text("utf-8")
    env = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined)
    return env.from_string(text)


def export_trajectories(results: list[ChallengeResult], data_dir: Path, folder: Path
                        ) -> dict[str, str]:
    """Each result's trajectory (agent state, steps, model calls) as a JSON file in
    ``folder``; returns trajectory id -> link relative to the folder's parent."""
    from autonomo.agent.state import AgentStore
    from autonomo.errors import UserError

    links: dict[str, str] = {}
    ids = [r.trajectory_id for r in results if r.trajectory_id]
    if not ids:
        return links
    store = AgentStore(data_dir)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for agent_id in ids:
            try:
                state = store.load(agent_id)
            except UserError:
                continue
            data = {"agent": state.model_dump(), "calls": store.calls(agent_id)}
            (folder / f"{agent_id}.json").write_text(json.dumps(data, indent=1, default=str))
            links[agent_id] = f"{folder.name}/{agent_id}.json"
    finally:
        store.close()
    return links


def render_html(run: dict[str, Any], results: list[ChallengeResult], *,
                other: tuple[dict[str, Any], list[ChallengeResult]] | None = None,
                links: dict[str, str] | None = None) -> str:
    summary = summarize(results)
    charts = {
        "category": bar_chart([(k, v.rate) for k, v in summary.by_category.items()],
                              unit="%", maximum=1.0),
        "difficulty": bar_chart([(k, v.rate) for k, v in summary.by_difficulty.items()],
                                unit="%", maximum=1.0),
        "time": bar_chart([(f"{r.challenge}#{r.attempt}", r.wall_s) for r in results
                           if r.status != "skip"], unit=" s"),
    }
    comparison = None
    if other is not None:
        better, worse = compare(other[1], results)
        comparison = {"run": other[0], "summary": summarize(other[1]),
                      "better": better, "worse": worse}
    return _template().render(run=run, results=results, summary=summary, charts=charts,
                              links=links or {}, comparison=comparison)


def write_report(path: Path, run: dict[str, Any], results: list[ChallengeResult], *,
                 data_dir: Path,
                 other: tuple[dict[str, Any], list[ChallengeResult]] | None = None) -> Path:
    """Write the HTML report to ``path`` (trajectories beside it); return the path."""
    path.parent.mkdir(parents=True, exist_ok=True)
    links = export_trajectories(results, data_dir, path.parent / f"{path.stem}-trajectories")
    path.write_text(render_html(run, results, other=other, links=links), encoding="utf-8")
    return path
