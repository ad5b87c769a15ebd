"""Small charts drawn as inline SVG: the curves of a player's page.

A page per player, each with its rating, rank and rank-point curves, drawn with matplotlib cost a
second a chart on a busy machine (a league of a hundred players: minutes). These are a few
hundred bytes of SVG each, drawn in the time it takes to format the numbers, with their text in the
page's own font (which carries the page's Japanese glyphs, ``paifu.analysis.fonts``).
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from html import escape

W, H = 640, 230
LEFT, RIGHT, TOP, BOTTOM = 58, 12, 26, 34


@dataclass
class Series:
    """One line of a chart: points (x, y) in order, y None where the line breaks (a gap); ``marks``
    are drawn as dots with their hover text, ``crosses`` as crosses (where a gap's change led)."""

    label: str
    color: str
    points: list[tuple[float, float | None]] = field(default_factory=list)
    marks: list[tuple[float, float, str]] = field(default_factory=list)
    crosses: list[tuple[float, float]] = field(default_factory=list)
    step: bool = False  # a step line (a rank holds until the next record)


def _nice(low: float, high: float, n: int = 5) -> list[float]:
    """About ``n`` round tick values covering low..high (none for a range no float can step through)."""
    if not (math.isfinite(low) and math.isfinite(high)):
        return []
    if high <= low:
        high = low + 1
    raw = (high - low) / n
    if not raw > 0 or not math.isfinite(raw):  # 1e20 + 1 == 1e20
        return [low]
    mag = 10 ** math.floor(math.log10(raw))
    step = min((m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw), default=10 * mag)
    first = math.ceil(low / step) * step
    out: list[float] = []
    v = first
    while v <= high + 1e-9 and len(out) < 20:
        out.append(round(v, 10))
        v += step
    return out


def timestamp(when: dt.datetime) -> float:
    return when.replace(tzinfo=dt.timezone.utc).timestamp()


def _date_ticks(low: float, high: float) -> list[tuple[float, str]]:
    if not (math.isfinite(low) and math.isfinite(high)):
        return []
    span = max(high - low, 3600.0)
    step: float
    if span <= 2 * 86400:
        step, fmt = 3600 * max(1, round(span / 3600 / 6)), "%m-%d %H:00"
    elif span <= 120 * 86400:
        step, fmt = 86400 * max(1, round(span / 86400 / 6)), "%Y-%m-%d"
    else:
        step, fmt = 86400 * 30 * max(1, round(span / 86400 / 30 / 6)), "%Y-%m"
    first = math.ceil(low / step) * step
    out: list[tuple[float, str]] = []
    v = first
    while v <= high and len(out) < 12:
        out.append((v, dt.datetime.fromtimestamp(v, dt.timezone.utc).strftime(fmt)))
        v += step
    return out or [(low, dt.datetime.fromtimestamp(low, dt.timezone.utc).strftime(fmt))]


def chart(
    title: str,
    series: Sequence[Series],
    y_label: str = "",
    dates: bool = True,
    y_format: Callable[[float], str] | None = None,
    y_ticks: Sequence[float] | None = None,
) -> str:
    """An SVG line chart of ``series`` (x: POSIX seconds when ``dates``), with axes, ticks and a legend."""
    xs = [x for s in series for x, y in s.points if y is not None] + [
        x for s in series for x, _, _ in s.marks
    ]
    ys = [y for s in series for _, y in s.points if y is not None] + [
        y for s in series for _, y, _ in s.marks
    ]
    ys += [y for s in series for _, y in s.crosses]
    xs, ys = [x for x in xs if math.isfinite(x)], [y for y in ys if math.isfinite(y)]
    if not xs or not ys:
        return ""
    x0, x1 = min(xs), max(xs)
    if x1 == x0:
        x0, x1 = x0 - 1800, x1 + 1800
    y0, y1 = min(ys), max(ys)
    pad = (y1 - y0) * 0.08 or 1.0
    y0, y1 = y0 - pad, y1 + pad
    pw, ph = W - LEFT - RIGHT, H - TOP - BOTTOM

    def px(x: float) -> float:
        return LEFT + (x - x0) / (x1 - x0) * pw

    def py(y: float) -> float:
        return TOP + (y1 - y) / (y1 - y0) * ph

    fmt = y_format or (lambda v: f"{v:g}")
    out = [
        f"<svg class='chart' viewBox='0 0 {W} {H}' width='{W}' height='{H}' role='img' "
        f"aria-label='{escape(title)}' xmlns='http://www.w3.org/2000/svg'>",
        f"<text x='{LEFT}' y='16' font-size='13' font-weight='600'>{escape(title)}</text>",
        f"<rect x='{LEFT}' y='{TOP}' width='{pw}' height='{ph}' fill='#fff' stroke='#d9dde3'/>",
    ]
    for v in y_ticks if y_ticks is not None else _nice(y0, y1):
        if y0 <= v <= y1:
            y = py(v)
            out.append(f"<line x1='{LEFT}' x2='{LEFT + pw}' y1='{y:.1f}' y2='{y:.1f}' stroke='#eef1f5'/>")
            out.append(
                f"<text x='{LEFT - 4}' y='{y + 4:.1f}' font-size='10' text-anchor='end'>{escape(fmt(v))}</text>"
            )
    ticks = _date_ticks(x0, x1) if dates else [(v, f"{v:g}") for v in _nice(x0, x1)]
    for v, label in ticks:
        x = px(v)
        out.append(f"<line x1='{x:.1f}' x2='{x:.1f}' y1='{TOP + ph}' y2='{TOP + ph + 4}' stroke='#5b6575'/>")
        out.append(
            f"<text x='{x:.1f}' y='{TOP + ph + 16}' font-size='10' text-anchor='middle'>{escape(label)}</text>"
        )
    if y_label:
        out.append(
            f"<text x='12' y='{TOP + ph / 2:.1f}' font-size='10' text-anchor='middle' "
            f"transform='rotate(-90 12 {TOP + ph / 2:.1f})'>{escape(y_label)}</text>"
        )
    legend_x = LEFT + pw
    for i, s in enumerate(series):
        out.extend(_series(s, px, py))
        label_y = TOP + 12 + 13 * i
        out.append(
            f"<text x='{legend_x - 4}' y='{label_y}' font-size='10' text-anchor='end' fill='{s.color}'>"
            f"{escape(s.label)}</text>"
        )
    out.append("</svg>")
    return "".join(out)


def _series(s: Series, px: Callable[[float], float], py: Callable[[float], float]) -> list[str]:
    out = []
    run: list[str] = []
    last: tuple[float, float] | None = None

    def close() -> None:
        if len(run) > 1:
            out.append(
                f"<polyline fill='none' stroke='{s.color}' stroke-width='1.4' points='{' '.join(run)}'/>"
            )
        run.clear()

    for x, y in s.points:
        if y is None:
            close()
            last = None
            continue
        if s.step and last is not None:
            run.append(f"{px(x):.1f},{py(last[1]):.1f}")
        run.append(f"{px(x):.1f},{py(y):.1f}")
        last = (x, y)
    close()
    for x, y, text in s.marks:
        out.append(
            f"<circle cx='{px(x):.1f}' cy='{py(y):.1f}' r='2.6' fill='{s.color}'><title>{escape(text)}</title></circle>"
        )
    for x, y in s.crosses:
        cx, cy = px(x), py(y)
        out.append(
            f"<path d='M{cx - 4:.1f} {cy - 4:.1f}L{cx + 4:.1f} {cy + 4:.1f}M{cx - 4:.1f} {cy + 4:.1f}"
            f"L{cx + 4:.1f} {cy - 4:.1f}' stroke='#000' stroke-width='1.3'><title>a game the records do not "
            "hold came before the next one (gap)</title></path>"
        )
    return out


def bars(counts: Sequence[int], labels: Sequence[str], title: str) -> str:
    """Horizontal share bars (a player's placements) as HTML: each bar's width its share."""
    total = sum(counts) or 1
    rows = []
    colors = ["#2a9d8f", "#8ab17d", "#e9c46a", "#e76f51"]
    for i, (k, label) in enumerate(zip(counts, labels, strict=True)):
        share = k / total
        rows.append(
            f"<div class='bar'><span>{escape(label)}</span><i style='width:{100 * share:.1f}%;"
            f"background:{colors[i % 4]}'></i><b>{k} ({100 * share:.0f}%)</b></div>"
        )
    return f"<div class='bars'><h4>{escape(title)}</h4>{''.join(rows)}</div>"
