"""Test plumbing: run async tests without a pytest plugin, run a discord.py bot against the fake."""

from __future__ import annotations

import asyncio
import contextlib
import functools
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, TypeVar, overload

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
