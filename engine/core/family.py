"""The contract every game family keeps (docs/games.md): what the bot, storage, replay,
judges, the AI and the CLI may rely on without knowing which game is played.

A family is a package of the engine (engine.panini, engine.score, ...) that never imports
another family; what they share lives in engine.core. Each family exposes one object that
satisfies `GameFamily`; its games satisfy `FamilyGame`. tests/test_families.py checks the
families statically (mypy) and by playing each playable one through this contract only."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from engine.core.decisions import Decision
from engine.core.events import Event, Outcome


class FamilyGame(Protocol):
    """One game in progress: one pending decision at a time, answered by option id."""

    events: list[Event]  # what the last answer (or the set-up) caused

    @property
    def pending(self) -> Decision | None: ...

    @property
    def over(self) -> bool: ...

    def apply(self, player: int, option_id: str, seq: int | None = None) -> Outcome:
        """Answer the pending decision; a rejected answer changes nothing."""
        ...

    def concede(self, player: int, reason: str = "concede") -> Outcome: ...

    def to_json(self) -> str:
        """The whole state: loading it carries on identically."""
        ...


class GameFamily(Protocol):
    """A game family: its rulesets, how its games start, load, are shown and checked."""

    @property
    def name(self) -> str: ...

    @property
    def rulesets(self) -> Mapping[str, str]:
        """Each ruleset's name and title ("panini-2016": "Panini DBZ TCG 2016 ...")."""
        ...

    def new_game(self, decks: Sequence[Any], seed: int, ruleset: str) -> FamilyGame:
        """A game set up from two decks of this family and a seed (the same seed and the
        same answers give the same game, byte for byte)."""
        ...

    def load_game(self, text: str) -> FamilyGame:
        """A game from its `to_json()` text."""
        ...

    def view(self, game: FamilyGame, viewer: int | None) -> dict[str, Any]:
        """What `viewer` may see (None: a spectator): never another player's hidden
        cards."""
        ...

    def violations(self, game: FamilyGame) -> list[str]:
        """Broken invariants of the game's state (empty when all hold)."""
        ...
