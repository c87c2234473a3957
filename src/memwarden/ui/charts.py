"""Geometry for the pages' small SVG charts (the templates draw them, autoescaped).

No JavaScript: each chart is computed here into plain shapes (x, y, width, colour, label)
and rendered by ``templates/_charts.html``; every shape carries a ``<title>`` so the value is
readable on hover and by screen readers, and each chart has a text alternative next to it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Sequence

from ..models import MemoryItem, Receipt, SearchHit

COLOURS = {"admitted": "#1a7f37", "duplicate": "#9a6700", "rejected": "#cf222e", "superseded": "#0969da",
           "episode": "#6e7781"}


@dataclass
class Shape:
    kind: str  # "circle" | "rect" | "line" | "text"
    x: float
    y: float
    w: float = 0
    h: float = 0
    colour: str = "#000"
    label: str = ""
    title: str = ""
    dash: bool = False
    anchor: str = "start"  # text-anchor for "text"


@dataclass
class Chart:
    width: int
    height: int
    title: str
    shapes: list[Shape] = field(default_factory=list)


def admission_chart(rows: Sequence[Any], width: int = 720, height: int = 180) -> Chart:
    """Each turn along x; each scored decision a dot at its p(admit), coloured by outcome;
    the policy threshold dashed. A turn with nothing scored is a grey tick at the bottom."""
    left, right, top, bottom = 40, 10, 10, 24
    n = max(1, len(rows))
    plot_w, plot_h = width - left - right, height - top - bottom
    ch = Chart(width, height, "admission decisions along the conversation")
    ch.shapes.append(Shape("line", left, top, w=0, h=plot_h, colour="#57606a"))
    ch.shapes.append(Shape("line", left, top + plot_h, w=plot_w, h=0, colour="#57606a"))
    for v in (0.0, 0.5, 1.0):
        ch.shapes.append(Shape("text", left - 6, top + plot_h * (1 - v) + 4, label=f"{v:.1f}", colour="#57606a", anchor="end"))
    threshold = None
    for i, row in enumerate(rows):
        x = left + plot_w * (i + 0.5) / n
        scored = row.scored
        if not scored:
            ch.shapes.append(Shape("rect", x - 2, top + plot_h - 6, w=4, h=6, colour=COLOURS["episode"],
                                   title=f"turn {i + 1}: kept as an episode, nothing scored"))
        for r in scored:
            threshold = r.threshold if r.threshold is not None else threshold
            y = top + plot_h * (1 - max(0.0, min(1.0, float(r.score or 0))))
            ch.shapes.append(Shape("circle", x, y, w=5, colour=COLOURS.get(r.event, "#000"),
                                   title=f"turn {i + 1}: {r.event}, p(admit) {r.score:.2f}: {r.text[:80]}"))
        if n <= 40 or i % max(1, n // 20) == 0:
            ch.shapes.append(Shape("text", x, height - 6, label=str(i + 1), colour="#57606a", anchor="middle"))
    if threshold is not None:
        y = top + plot_h * (1 - threshold)
        ch.shapes.append(Shape("line", left, y, w=plot_w, h=0, colour="#8250df", dash=True,
                               title=f"threshold {threshold:.3f}"))
    return ch


def call_chart_legend() -> list[tuple[str, str]]:
    return [(k, v) for k, v in COLOURS.items()]


def reliability_chart(hits: Sequence[SearchHit], width: int = 820) -> Chart | None:
    """One row per hit: confidence C and its parts S (source), T (time) on 0..1, and K
    (consensus) on -1..1 drawn from the middle (left and red: the neighbours contradict it)."""
    rows = [h for h in hits if h.reliability is not None]
    if not rows:
        return None
    row_h, left, bar_w, gap = 22, 170, 120, 42
    parts = ("C", "S", "T", "K")
    ch = Chart(width, row_h * (len(rows) + 1) + 8, "reliability parts of each hit")
    names = ("C confidence", "S source", "T time", "K consensus (-1..1)")
    for j, name in enumerate(names):
        ch.shapes.append(Shape("text", left + j * (bar_w + gap) + bar_w / 2, 14, label=name, colour="#57606a", anchor="middle"))
    for i, h in enumerate(rows):
        rel = h.reliability
        assert rel is not None
        y = row_h * (i + 1) + 4
        ch.shapes.append(Shape("text", 4, y + 12, label=f"{i + 1}. {h.memory[:24]}", colour="#24292f"))
        values = (rel.confidence, rel.source.value, rel.temporal.value, rel.consensus.value)
        for j, (p, v) in enumerate(zip(parts, values)):
            x = left + j * (bar_w + gap)
            ch.shapes.append(Shape("rect", x, y, w=bar_w, h=14, colour="#eaeef2"))
            if p == "K":
                mid, half = x + bar_w / 2, max(-1.0, min(1.0, v)) * bar_w / 2
                ch.shapes.append(Shape("rect", min(mid, mid + half), y, w=abs(half), h=14,
                                       colour="#1a7f37" if v >= 0 else "#cf222e", title=f"K = {v:.3f}"))
                ch.shapes.append(Shape("line", mid, y - 2, w=0, h=18, colour="#57606a"))
            else:
                ch.shapes.append(Shape("rect", x, y, w=max(0.0, min(1.0, v)) * bar_w, h=14, colour="#0969da",
                                       title=f"{p} = {v:.3f}"))
            ch.shapes.append(Shape("text", x + bar_w + 4, y + 11, label=f"{v:.2f}", colour="#24292f"))
    return ch


def timeline_chart(claims: Sequence[MemoryItem], now: datetime, width: int = 720) -> Chart:
    """A slot's values over time: one bar per claim from valid_from to valid_to (or now)."""
    starts = [c.valid_from or c.occurred_at or c.created_at for c in claims]
    ends = [c.valid_to or now for c in claims]
    t0, t1 = min(starts), max(max(ends), max(starts))
    span = (t1 - t0).total_seconds() or 1.0
    left, right, row_h = 10, 10, 24
    plot_w = width - left - right
    ch = Chart(width, row_h * len(claims) + 22, "values of the slot over time")
    for i, (c, s, e) in enumerate(zip(claims, starts, ends)):
        x = left + plot_w * (s - t0).total_seconds() / span
        x2 = left + plot_w * (e - t0).total_seconds() / span
        y = i * row_h + 4
        value = (c.claim.value if c.claim and c.claim.value else c.memory)[:40]
        colour = "#0969da" if c.status == "active" else "#8c959f"
        ch.shapes.append(Shape("rect", x, y, w=max(3.0, x2 - x), h=16, colour=colour,
                               title=f"{value}: {s:%Y-%m-%d} to {'now' if c.valid_to is None else f'{e:%Y-%m-%d}'} ({c.status})"))
        ch.shapes.append(Shape("text", min(x + 4, width - 150), y + 12, label=value, colour="#fff" if x2 - x > 120 else "#24292f"))
    ch.shapes.append(Shape("text", left, ch.height - 4, label=f"{t0:%Y-%m-%d}", colour="#57606a"))
    ch.shapes.append(Shape("text", width - right - 70, ch.height - 4, label=f"{t1:%Y-%m-%d}", colour="#57606a", anchor="start"))
    return ch


def event_counts(receipts: Sequence[Receipt]) -> dict[str, int]:
    out: dict[str, int] = {}
    for r in receipts:
        out[r.event] = out.get(r.event, 0) + 1
    return out
