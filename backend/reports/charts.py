"""Balance charts: the daily balance per asset type over the last N days, read from movements, drawn
as a 1200×800 PNG with Spanish labels that reads on a phone.

`balance_series` reads the data (`backend.store.charts`, inside `tenant_transaction`); `render_balance_png`
draws it with matplotlib's object API (`Figure`, never pyplot), imported lazily; it is CPU-bound and blocking, so the
route runs it in a worker thread.
"""

from __future__ import annotations

import io
import threading
from dataclasses import dataclass
from datetime import date, timedelta

import asyncpg
from babel.dates import format_date

from backend.core import spanish
from backend.reports.digest import date_in_year
from backend.store import charts as store

WIDTH_PX, HEIGHT_PX, DPI = 1200, 800, 100
BASE_FONT_PT = 14  # 14 pt at 100 dpi = 19 px: the smallest text on the chart (ticks)
# Matplotlib is not thread-safe (shared font objects): worker threads draw one chart at a time.
_RENDER_LOCK = threading.Lock()
_COLORS = ("#1f5fa8", "#d9822b", "#2e8b57", "#8e44ad", "#c0392b", "#7f8c8d")


@dataclass(frozen=True)
class Series:
    """One asset type: `values[i]` is the balance at the end of day `days[i]` (company local date)."""

    asset_code: str
    asset_name: str
    asset_plural_name: str
    values: tuple[int, ...]


@dataclass(frozen=True)
class BalanceChart:
    """What the PNG shows: `title`, the `days` (oldest first, the last one is today) and one series per
    asset type (ordered by code)."""

    title: str
    days: tuple[date, ...]
    series: tuple[Series, ...]


async def balance_series(
    conn: asyncpg.Connection,
    company_id: int,
    *,
    title: str,
    today: date,
    days: int,
    client_id: int | None = None,
    asset_type_id: int | None = None,
    statement_timeout_s: float = 5.0,
) -> BalanceChart:
    """Daily end-of-day balances for `days` days ending `today` (inclusive), of one client or the whole
    company, of every asset type (or one). Movements before the window give the starting balance;
    movements after `today` are left out. Asset types without any movement in scope are omitted."""
    start = today - timedelta(days=days - 1)
    window = tuple(start + timedelta(days=i) for i in range(days))
    rows = await store.daily_deltas(
        conn,
        company_id=company_id,
        start=start,
        end=today,
        client_id=client_id,
        asset_type_id=asset_type_id,
        statement_timeout_s=statement_timeout_s,
    )
    by_type: dict[str, tuple[str, str, dict[date, int]]] = {}
    for r in rows:
        by_type.setdefault(r.asset.code, (r.asset.name, r.asset.plural, {}))[2][r.day] = r.delta
    series = []
    for code, (name, plural, deltas) in by_type.items():
        running = deltas.get(start - timedelta(days=1), 0)
        values = []
        for day in window:
            running += deltas.get(day, 0)
            values.append(running)
        series.append(Series(code, name, plural, tuple(values)))
    return BalanceChart(title, window, tuple(series))


def _spanish_tick(day: date) -> str:
    return format_date(day, "d MMM", locale=spanish.LOCALE).replace(".", "")


def render_balance_png(chart: BalanceChart) -> bytes:
    """The chart as PNG bytes, WIDTH_PX × HEIGHT_PX; every text at least BASE_FONT_PT (≥ 14 px).
    Blocking (≈ 0.4 s warm, ≈ 1.5 s with the first import); one render at a time per process."""
    with _RENDER_LOCK:
        return _render(chart)


def _render(chart: BalanceChart) -> bytes:
    from matplotlib.figure import Figure  # lazy: matplotlib costs ~0.3 s to import
    from matplotlib.layout_engine import ConstrainedLayoutEngine
    from matplotlib.ticker import FuncFormatter, MaxNLocator

    # Padding in inches: the last date label stays inside.
    layout = ConstrainedLayoutEngine(w_pad=0.15, h_pad=0.1)
    fig = Figure(figsize=(WIDTH_PX / DPI, HEIGHT_PX / DPI), dpi=DPI, layout=layout)
    ax = fig.add_subplot()
    x = list(range(len(chart.days)))
    for n, s in enumerate(chart.series):
        color = _COLORS[n % len(_COLORS)]
        label = f"{s.asset_plural_name.capitalize()}: {spanish.number(s.values[-1])} hoy"
        ax.plot(x, s.values, color=color, linewidth=3, label=label)
    if not chart.series:
        ax.text(
            0.5, 0.5, "Sin movimientos en este periodo", transform=ax.transAxes, ha="center", fontsize=BASE_FONT_PT + 4
        )
    if any(min(s.values) < 0 for s in chart.series):
        ax.axhline(0, color="#444444", linewidth=1.5)
    first, last = chart.days[0], chart.days[-1]
    fig.suptitle(chart.title, fontsize=BASE_FONT_PT + 10, fontweight="bold")
    ax.set_title(
        f"Saldo diario del {date_in_year(first, last)} al {date_in_year(last, last)}", fontsize=BASE_FONT_PT + 4
    )
    ax.set_ylabel("Saldo (unidades)", fontsize=BASE_FONT_PT + 2)
    step = max(1, round(len(x) / 6))
    ax.set_xticks(list(range(len(x) - 1, -1, -step))[::-1])  # ticks end on today
    ax.xaxis.set_major_formatter(
        FuncFormatter(lambda v, _pos: _spanish_tick(chart.days[int(v)]) if 0 <= int(v) < len(chart.days) else "")
    )
    ax.yaxis.set_major_locator(MaxNLocator(nbins=8, integer=True))
    ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _pos: spanish.number(int(round(v)))))
    ax.tick_params(labelsize=BASE_FONT_PT)
    ax.set_xlim(0, max(1, len(x) - 1))
    ax.grid(True, color="#dddddd")
    ax.spines[["top", "right"]].set_visible(False)
    if chart.series:
        fig.legend(
            fontsize=BASE_FONT_PT + 2, loc="outside lower center", frameon=False, ncols=min(3, len(chart.series))
        )
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=DPI)
    return buffer.getvalue()
