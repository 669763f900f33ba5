"""Choices printed on a player's Mastery or Main Personality about how the game begins
(engine/panini/cardtext/limits.py reads them; docs/rulings.md 228):

- "(You may begin the game on Level 2.)": the MP begins on that level, at the stages the
  ruleset sets for the start (2016 GAMEPLAY: "your Main Personality set on Level 1 at five
  Power Stages above zero", the card changing the level only);
- "(You may begin the game with Goku's Spirit Bomb attached.)": a card of that title is
  taken from the player's Life Deck and attached to the MP, without using its Power (it is
  not played); the Life Deck is shuffled after the search.

Asked of each player in turn, the first player first, after the Life Decks are shuffled
and before the first turn (task `opening`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import rng
from engine.core.decisions import Option
from engine.panini import attaching
from engine.panini.cards import BeginGame, fold_name
from engine.panini.game import MAIN_PERSONALITY, handler
from engine.panini.state import AttachedCard, JsonDict

if TYPE_CHECKING:
    from engine.panini.game import Game


def _notes(game: Game, player: int) -> list[tuple[int, BeginGame]]:
    state = game.player(player)
    cards = [state.mastery, *state.mp]
    return [(iid, note) for iid in cards if (note := game.card(iid).begin_game) is not None]


def _choices(game: Game, player: int) -> list[tuple[int, str]]:
    """(card, "level" / "attached") for each choice the player's cards offer."""
    found: list[tuple[int, str]] = []
    for iid, note in _notes(game, player):
        if note.level is not None:
            found.append((iid, "level"))
        if note.attached is not None:
            found.append((iid, "attached"))
    return found


def has_choices(game: Game) -> bool:
    """Do the players' cards offer set-up choices (engine.panini.export starts there)?"""
    return any(_choices(game, player) for player in (0, 1))


def _title_in_life_deck(game: Game, player: int, title: str) -> int | None:
    """The topmost card of that title that attaches to its player's MP."""
    for iid in reversed(game.player(player).life):  # top first
        card = game.card(iid)
        if fold_name(card.title) == fold_name(title) and attaching.attaches_to_mp(card, "self"):
            return iid
    return None


@handler("opening")
def opening_task(game: Game, args: JsonDict) -> None:
    """Offer the next set-up choice; `done`: how many were already offered."""
    order = [game.state.first_player, 1 - game.state.first_player]
    pending = [(player, iid, what) for player in order for iid, what in _choices(game, player)]
    done = args.get("done", 0)
    if done >= len(pending):
        return
    player, iid, what = pending[done]
    note = game.card(iid).begin_game
    assert note is not None
    game.then(("opening", {"done": done + 1}))
    if what == "level":
        yes = f"Begin the game on Level {note.level}"
    else:
        yes = f"Begin the game with {note.attached} attached"
    options = [Option("yes", yes), Option("no", "Begin the game as usual")]
    prompt = f"{game.name(iid)}: {yes.lower()}?"
    game.ask(player, "opening", prompt, options, "opening_choice", card=iid, what=what)


@handler("opening_choice")
def opening_choice(game: Game, args: JsonDict) -> None:
    choice, iid, what = args.get("choice"), args["card"], args["what"]
    player = game.state.owners[iid]
    note = game.card(iid).begin_game
    assert note is not None
    if choice != "yes":
        return
    state = game.player(player)
    if what == "level" and note.level is not None:
        state.level = note.level
        game.emit("opening", f"{game.who(player)} begins the game on Level {note.level}.")
        return
    title = note.attached or ""
    found = _title_in_life_deck(game, player, title)
    if found is not None:
        state.life.remove(found)
        state.attached.append(AttachedCard(found, MAIN_PERSONALITY))
        game.emit(
            "opening",
            f"{game.who(player)} begins the game with {game.name(found)} attached.",
            card=game.name(found),
        )
    else:
        game.emit("opening", f"{game.who(player)} has no {title} in their Life Deck.")
    game.state.rng = rng.shuffle(game.state.rng, state.life)  # searched: shuffled
