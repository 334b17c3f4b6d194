"""Progress while games run: a tqdm bar or lines of text."""

from __future__ import annotations

import importlib
import sys
import time
from collections.abc import Callable
from typing import Protocol, TextIO

from tilegames._core.extras import optional_imports

Progress = Callable[[int, int], None]
"""``progress(done, total)``: told the number of games finished so far, after each batch."""


class _Bar(Protocol):
    def update(self, n: float | None = 1) -> bool | None: ...

    def close(self) -> None: ...


class _TqdmProgress:
    """A tqdm bar on standard error, moved to the number of games done."""

    def __init__(self, total: int) -> None:
        with optional_imports("the progress bar", "progress", "tqdm"):
            tqdm = importlib.import_module("tqdm").tqdm  # else a plain counter: see _reporter

        self.bar: _Bar = tqdm(total=total, unit="game", file=sys.stderr, leave=False)
        self.done = 0
        self.total = total
        self.start = time.monotonic()

    def __call__(self, done: int, total: int) -> None:
        self.bar.update(done - self.done)
        self.done = done

    def close(self) -> None:
        self.bar.close()
        sys.stderr.write(_final_line(self.done, self.total, time.monotonic() - self.start) + "\n")
        sys.stderr.flush()


class _TextProgress:
    """Progress as lines of text: games done of total, games per second, time left.

    On a terminal the line is rewritten in place a few times a second; in a
    log (standard error not a terminal) a new line is written at most every
    ``every`` seconds, so that long runs show they are alive without
    flooding. :meth:`close` always writes the final line.
    """

    def __init__(
        self,
        stream: TextIO,
        *,
        clock: Callable[[], float] = time.monotonic,
        every: float | None = None,
    ) -> None:
        self.stream = stream
        self.clock = clock
        self.tty = bool(getattr(stream, "isatty", lambda: False)())
        self.every = every if every is not None else (0.2 if self.tty else 10.0)
        self.start = self.last = clock()
        self.done = 0
        self.total = 0

    def __call__(self, done: int, total: int) -> None:
        self.done, self.total = done, total
        now = self.clock()
        if done >= total or now - self.last < self.every:
            return
        self.last = now
        elapsed = now - self.start
        rate = done / elapsed if elapsed > 0 else 0.0
        line = f"{done}/{total} games, {_rate(rate)} games/s"
        if rate > 0:
            line += f", about {_duration((total - done) / rate)} left"
        self.write(line)

    def write(self, line: str) -> None:
        if self.tty:
            self.stream.write(f"\r{line}\x1b[K")
        else:
            self.stream.write(f"{line}\n")
        self.stream.flush()

    def close(self) -> None:
        self.write(_final_line(self.done, self.total, self.clock() - self.start))
        if self.tty:
            self.stream.write("\n")
            self.stream.flush()


def _final_line(done: int, total: int, elapsed: float) -> str:
    rate = done / elapsed if elapsed > 0 else 0.0
    return f"{done}/{total} games in {_duration(elapsed)}, {_rate(rate)} games/s"


def _rate(rate: float) -> str:
    return f"{rate:.3g}" if rate < 100 else f"{rate:,.0f}"


def _duration(seconds: float) -> str:
    if seconds < 60:
        return f"{seconds:.1f} s"
    minutes, rest = divmod(round(seconds), 60)
    if minutes < 60:
        return f"{minutes} min {rest:02d} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"


def _reporter(progress: bool | Progress | None, total: int) -> Progress:
    if callable(progress):
        return progress
    if progress is None:
        progress = sys.stderr.isatty()
    if not progress:
        return _silent
    if sys.stderr.isatty():  # a bar redrawn in place; in a log, a line now and then
        try:
            return _TqdmProgress(total)
        except ImportError:
            pass
    return _TextProgress(sys.stderr)


def _silent(done: int, total: int) -> None:
    """Report nothing."""


def _close(report: Progress) -> None:
    if isinstance(report, (_TqdmProgress, _TextProgress)):
        report.close()
