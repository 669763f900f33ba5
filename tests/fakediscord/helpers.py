"""Test plumbing: run async tests without a pytest plugin, run a discord.py bot against the
fake, make discord.py's retry sleeps instant."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import types
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar, overload

if TYPE_CHECKING:
    from .server import FakeDiscord

F = TypeVar("F", bound=Callable[..., Awaitable[None]])


@overload
def async_test(fn: Callable[..., Awaitable[None]], /) -> Callable[..., None]: ...


@overload
def async_test(
    *, timeout: float = 20.0
) -> Callable[[Callable[..., Awaitable[None]]], Callable[..., None]]: ...


def async_test(
    fn: Callable[..., Awaitable[None]] | None = None, /, *, timeout: float = 20.0
) -> Any:
    """Run an ``async def`` test in a fresh event loop (fixtures still injected)."""

    def decorate(func: Callable[..., Awaitable[None]]) -> Callable[..., None]:
        @functools.wraps(func)
        def wrapper(*args: Any, **kwargs: Any) -> None:
            async def main() -> None:
                await asyncio.wait_for(func(*args, **kwargs), timeout)

            asyncio.run(main())

        return wrapper

    if fn is not None:
        return decorate(fn)
    return decorate


@contextlib.asynccontextmanager
async def running_bot(bot: Any, token: str, *, timeout: float = 5.0) -> AsyncIterator[Any]:
    """Start ``bot`` (a discord.Client) with ``token``, wait for on_ready, close it afterwards."""
    task = asyncio.create_task(bot.start(token))
    ready = asyncio.create_task(bot.wait_until_ready())
    try:
        done, _ = await asyncio.wait(
            {task, ready}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED
        )
        if task in done:
            task.result()
            raise RuntimeError("the bot stopped before it was ready")
        if ready not in done:
            raise TimeoutError("the bot did not become ready")
        yield bot
    finally:
        ready.cancel()
        await bot.close()
        if task.done():
            if not task.cancelled():
                task.exception()  # already raised above; mark it retrieved
        else:
            await asyncio.wait_for(task, timeout)


@dataclass
class DiscordSleeps:
    """What discord.py slept for inside ``instant_retries``: its backoffs after a 5xx
    (``1 + 2 * tries`` seconds) and its rate-limit waits longer than 0 s (a 429's
    retry_after, a spent bucket's reset_after, a webhook's delay)."""

    backoffs: list[int] = field(default_factory=list)
    waits: list[float] = field(default_factory=list)


class _DiscordAsyncio(types.ModuleType):
    """Stands for ``asyncio`` inside discord.py's HTTP modules; only ``sleep`` differs."""

    def __init__(self, sleeps: DiscordSleeps, fake: FakeDiscord | None) -> None:
        super().__init__("asyncio")
        self._sleeps = sleeps
        self._fake = fake

    def __getattr__(self, name: str) -> Any:
        return getattr(asyncio, name)

    def sleep(self, delay: float, result: Any = None) -> Coroutine[Any, Any, Any]:
        # discord.py's backoffs are ints (1 + tries * 2); its rate-limit waits are floats
        # read from headers or JSON.
        if isinstance(delay, int):
            self._sleeps.backoffs.append(delay)
            return asyncio.sleep(0, result)
        if delay <= 0:  # discord.py "waits" 0 s on a bucket it knows nothing of
            return asyncio.sleep(0, result)
        self._sleeps.waits.append(delay)
        if self._fake is None:
            return asyncio.sleep(delay, result)
        self._fake.advance(delay)
        return asyncio.sleep(0, result)


@contextlib.contextmanager
def instant_retries(fake: FakeDiscord | None = None) -> Iterator[DiscordSleeps]:
    """Make discord.py's retry backoffs after a 5xx instant (a test can exhaust its five
    tries at once), recording every sleep. Its rate-limit waits still take their time,
    unless ``fake`` is given: then each moves the fake's clock on by its length instead of
    sleeping, so buckets, global windows and interaction deadlines see the time pass while
    the test does not wait (waits running side by side each add theirs). Only the
    ``asyncio`` name inside discord.http and discord.webhook.async_ (interaction callbacks
    and followups) is replaced."""
    import discord.http
    import discord.webhook.async_

    sleeps = DiscordSleeps()
    proxy = _DiscordAsyncio(sleeps, fake)
    modules: list[Any] = [discord.http, discord.webhook.async_]
    saved = [module.asyncio for module in modules]
    for module in modules:
        module.asyncio = proxy
    try:
        yield sleeps
    finally:
        for module, original in zip(modules, saved, strict=True):
            module.asyncio = original


# Tasks discord.py starts to handle an event or an interaction (its invoker for commands and
# autocomplete, component and modal dispatch, and event listeners).
HANDLER_TASKS = ("CommandTree-invoker", "discord-ui-view-dispatch-", "discord-ui-dynamic-item-",
                 "discord-ui-modal-dispatch-", "discord.py: ")


class HandlerWatch:
    """Knows when an in-process discord.py client has received an interaction and finished
    all it started for it: install it as ``fake.bot_idle`` (FakeDiscord waits for this
    instead of a quiet period, so a test goes on exactly when the bot is done).

    ``more_work`` awaits the bot's own background work (e.g. message refreshes), which may
    start further handlers; the watch repeats until nothing is left."""

    def __init__(self, client: Any, more_work: Callable[[], Awaitable[None]] | None = None):
        self.seen: set[int] = set()
        self._arrived = asyncio.Event()
        self._more_work = more_work
        parsers = client._connection.parsers
        original = parsers["INTERACTION_CREATE"]

        def parse(data: dict[str, Any]) -> None:
            # Runs as the gateway event is read: the handler tasks exist right after.
            original(data)
            self.seen.add(int(data["id"]))
            self._arrived.set()

        parsers["INTERACTION_CREATE"] = parse

    @staticmethod
    def _handlers() -> list[asyncio.Task[Any]]:
        current = asyncio.current_task()
        return [task for task in asyncio.all_tasks()
                if task is not current and not task.done()
                and task.get_name().startswith(HANDLER_TASKS)]

    async def __call__(self, interaction_id: int) -> None:
        while interaction_id not in self.seen:
            self._arrived.clear()
            await self._arrived.wait()
        while True:
            handlers = self._handlers()
            if handlers:
                await asyncio.wait(handlers)
            if self._more_work is not None:
                await self._more_work()
            if not self._handlers():
                return
