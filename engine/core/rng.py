"""A seeded PRNG whose whole state is one integer, so it lives inside the game state and
serialises to JSON. SplitMix64: small, fast, and well distributed for shuffling."""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

_MASK = (1 << 64) - 1
T = TypeVar("T")


def next_u64(state: int) -> tuple[int, int]:
    """Return (new_state, output)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def below(state: int, bound: int) -> tuple[int, int]:
    """A uniform integer in [0, bound) by rejection sampling (no modulo bias)."""
    if bound <= 0:
        raise ValueError("bound must be positive")
    limit = _MASK - (_MASK % bound)
    while True:
        state, value = next_u64(state)
        if value < limit:
            return state, value % bound


def shuffle(state: int, items: MutableSequence[T]) -> int:
    """Fisher-Yates in place; returns the new RNG state."""
    for i in range(len(items) - 1, 0, -1):
        state, j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state
