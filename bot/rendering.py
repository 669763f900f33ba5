"""Where images are drawn: off the event loop, in worker processes (one per core by
default), because Pillow's drawing and the renderers' Python hold the GIL and threads
would share one core. Threads remain the fallback where processes cannot start, and the
choice where they are not wanted (RENDER_PROCESSES=0: tests start and stop many bots).

Renderer arguments travel by pickle, so callers pass small inputs (views, labels, the few
cards a hand shows), never a whole card pool. Each worker loads the built-in pool and the
fonts once, and keeps its layer caches for as long as it lives."""

from __future__ import annotations

import asyncio
import functools
import hashlib
import logging
import multiprocessing
import os
import pickle
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

log = logging.getLogger(__name__)

THREADS = 2  # the fallback: images still leave the event loop
KEPT = 3072  # images remembered by slot (a match's board, a seat's hand): 25-55 KB each
WATCHDOG = 1.0  # seconds between a worker's looks at whether the bot is still there


def default_processes() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (
        os.cpu_count() or 1)


def _worker_start(bot: int) -> None:
    """A worker's first job, before any render asks: leave when the bot is gone (a killed
    bot leaves no worker behind), then load the built-in cards (the board colours cards by
    them) and the fonts."""
    threading.Thread(target=_exit_with, args=(bot,), name="render-watchdog", daemon=True
                     ).start()
    from renderers import _draw

    _draw.sandbox_card("")
    _draw.font("regular", 20)


def _exit_with(bot: int) -> None:
    while os.getppid() == bot:
        time.sleep(WATCHDOG)
    os._exit(0)


class RenderPool:
    """Runs renderers (pure functions returning image bytes) away from the event loop."""

    def __init__(self, processes: int | None = None) -> None:
        self.processes = default_processes() if processes is None else processes
        self._executor: Executor | None = None
        self._threads: ThreadPoolExecutor | None = None
        self._kept: OrderedDict[Hashable, tuple[bytes, bytes]] = OrderedDict()

    @property
    def uses_processes(self) -> bool:
        return isinstance(self._executor, ProcessPoolExecutor)

    async def render(self, draw: Callable[..., bytes], *args: Any) -> bytes:
        loop = asyncio.get_running_loop()
        job = functools.partial(draw, *args)
        executor = self._start()
        try:
            return await loop.run_in_executor(executor, job)
        except (BrokenProcessPool, OSError):
            if executor is self._threads:
                raise
            # A worker could not start or died (killed, out of memory): threads from now on.
            log.exception("the render processes broke; drawing on threads from now on")
            self._executor = self._fallback()
            executor.shutdown(wait=False, cancel_futures=True)
            return await loop.run_in_executor(self._executor, job)

    async def render_kept(self, slot: Hashable, draw: Callable[..., bytes], *args: Any
                          ) -> bytes:
        """Like render, but the same inputs as last time for `slot` (a seat's hand) give
        the image drawn then, without drawing it again (a refresh that changed nothing in
        it: a hand while the other player decides, a board scheduled twice)."""
        digest = hashlib.blake2b(
            pickle.dumps((draw.__module__, draw.__qualname__, args), protocol=5),
            digest_size=16).digest()
        kept = self._kept.get(slot)
        if kept is not None and kept[0] == digest:
            self._kept.move_to_end(slot)
            return kept[1]
        image = await self.render(draw, *args)
        self._kept[slot] = (digest, image)
        self._kept.move_to_end(slot)
        while len(self._kept) > KEPT:
            self._kept.popitem(last=False)
        return image

    def worker_cpu_seconds(self) -> float | None:
        """The CPU time the live render processes have used, where /proc tells it (None
        before they start, on threads, or elsewhere): what the images cost, for the
        benchmarks and sizing."""
        if not isinstance(self._executor, ProcessPoolExecutor):
            return None
        processes = getattr(self._executor, "_processes", None) or {}
        total = 0.0
        try:
            for pid in list(processes):
                with open(f"/proc/{pid}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
                total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, ValueError, IndexError):
            return None
        return total

    def forget(self, slot: Hashable) -> None:
        self._kept.pop(slot, None)

    def close(self) -> None:
        for executor in (self._executor, self._threads):
            if executor is not None:
                executor.shutdown(wait=True, cancel_futures=True)
        self._executor = self._threads = None
        self._kept.clear()

    def _start(self) -> Executor:
        if self._executor is None:  # at first use: a bot that never draws starts nothing
            self._executor = self._processes() if self.processes > 0 else self._fallback()
        return self._executor

    def _processes(self) -> Executor:
        try:  # processes start at the first job: a failure to start shows in render
            # Spawn, not fork: the bot has threads (the database's, the executor's) that a
            # forked child would inherit in whatever state they were; and the workers stay
            # the bot's children, so they can tell when it is gone.
            context = multiprocessing.get_context("spawn")
            return ProcessPoolExecutor(self.processes, mp_context=context,
                                       initializer=_worker_start, initargs=(os.getpid(),))
        except (OSError, ValueError, NotImplementedError, ImportError):
            log.exception("render processes are unavailable; drawing on threads")
            return self._fallback()

    def _fallback(self) -> ThreadPoolExecutor:
        if self._threads is None:
            self._threads = ThreadPoolExecutor(THREADS, thread_name_prefix="render")
        return self._threads
