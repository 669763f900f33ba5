"""Fusion (score-ccg-2003-buu-saga-rulebook.txt "New Rules since World Games Saga",
"Fusion", p. 53): 2 fusible personalities in play at the same personality level fuse, by a
card that allows it, into that level's Fusion Personality card from the Sensei Deck; it
defuses when 5 cards are under the Warrior Sword (one each of its player's turns).

- With the Main Personality, the Fusion Personality card becomes the MP; of 2 Allies, it
  is 1 Ally (`FusionInPlay` in engine.score.state).
- "The 2 personalities that are fused are still in play and the regular Ally rules still
  apply", and "Fused personalities can use the '___ only' cards of the 2 fused
  personalities": `names_in_play` and `fused_names`.
- One fusion at a time per player: the Warrior Sword counts one (docs/rulings.md 361)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core import rng
from engine.core.decisions import Option
from engine.score.cards import fold
from engine.score.handlers import handler
from engine.score.state import AllyInPlay, FusionInPlay, JsonDict

if TYPE_CHECKING:
    from engine.score.game import ScoreGame

DEFUSE_AT = 5  # "When your Warrior Sword has 5 or more cards under it"
MP = -1  # a pair's member that is the Main Personality, not an Ally


@dataclass(frozen=True, slots=True)
class Pair:
    """A fusion its player may make: the Fusion Personality card in his Sensei Deck and
    the 2 personalities in play it fuses (an Ally card, or MP)."""

    card: int
    first: int
    second: int


def pairs(game: ScoreGame, index: int) -> list[Pair]:
    """p. 53: "2 fusible personality cards in play at the same personality level" and the
    same level Fusion Personality card for those 2 personalities in the Sensei Deck."""
    player = game.player(index)
    if player.fusion is not None:
        return []
    mp = game.card(player.mp_card)
    present = [(MP, fold(mp.personality or ""), player.level)] + [
        (a.iid, fold(game.card(a.iid).personality or ""), game.card(a.iid).level)
        for a in player.allies]  # fmt: skip
    found: list[Pair] = []
    for iid in dict.fromkeys(player.sensei_deck):
        card = game.card(iid)
        if not card.fusion or len(card.fuses) != 2:
            continue
        first, second = (fold(name) for name in card.fuses)
        for a, a_name, a_level in present:
            for b, b_name, b_level in present:
                if (a_name, b_name) == (first, second) and a != b and (
                        a_level == b_level == card.level):  # fmt: skip
                    found.append(Pair(iid, a, b))
    return found


@handler("fuse")
def fuse(game: ScoreGame, args: JsonDict) -> None:
    """A card "that allows them to fuse": "you may" fuse, so not fusing is offered. The
    first choice names the Fusion card alone (`fuse:N`, a card of the hidden Sensei Deck:
    only its player sees the option); the personalities, if several pairs could fuse
    into it, are a second choice."""
    index = args["player"]
    found = pairs(game, index)
    choice = args.get("choice")
    if choice is None:
        if not found:
            game.emit("fusion", f"{game.who(index)} has no 2 personalities that may fuse.")
            return
        options = [Option("no", "Do not fuse")] + [
            Option(f"fuse:{card}", f"Fuse into {game.name(card)}")
            for card in dict.fromkeys(p.card for p in found)]  # fmt: skip
        game.ask(index, "fuse", "Fuse 2 of your personalities?", options, "fuse", player=index)
        return
    if choice == "no":
        return
    kind, _, value = choice.partition(":")
    if kind == "pair":
        _fuse(game, index, found[int(value)])
        return
    card = int(value)
    mine = [(i, p) for i, p in enumerate(found) if p.card == card]
    if len(mine) == 1:
        _fuse(game, index, mine[0][1])
        return
    options = [Option(f"pair:{i}", f"Fuse {_member(game, index, p.first)} and "
                      f"{_member(game, index, p.second)}") for i, p in mine]  # fmt: skip
    game.ask(index, "fuse", "Which 2 personalities fuse?", options, "fuse", player=index)


def _member(game: ScoreGame, index: int, member: int) -> str:
    return game.name(game.player(index).mp_card if member == MP else member)


def _fuse(game: ScoreGame, index: int, pair: Pair) -> None:
    """Remove the 2 from play, place the Fusion Personality card at its highest power
    stage, and set the Warrior Sword to 0."""
    player = game.player(index)
    names = " and ".join(_member(game, index, m) for m in (pair.first, pair.second))
    player.sensei_deck.remove(pair.card)
    members = (pair.first, pair.second)
    aside = [a for a in player.allies if a.iid in members]  # with any overlaid levels
    was_in_control = player.control in members
    player.allies = [a for a in player.allies if a.iid not in members]
    top = len(game.card(pair.card).power_stages)
    player.fusion = FusionInPlay(pair.card, with_mp=MP in members, aside=aside)
    if MP in members:
        player.stage = top
    else:
        player.allies.append(AllyInPlay(pair.card, top))
    if was_in_control:  # the fused character goes on in control of Combat
        player.control = None if MP in members else pair.card
    player.anger = 0
    game.emit("fusion", f"{game.who(index)}: {names} fuse into {game.name(pair.card)}.")


def sword_turn(game: ScoreGame, index: int) -> None:
    """p. 53: "At the beginning of each of your turns place the top card of your Life
    Deck under your Warrior Sword"; at 5 the characters "immediately defuse"."""
    player = game.player(index)
    fusion = player.fusion
    if fusion is None or not player.life:
        return
    fusion.sword.append(player.life.pop())
    game.emit("fusion", f"{game.who(index)} puts a card under the Warrior Sword "
              f"({len(fusion.sword)} of {DEFUSE_AT}).")  # fmt: skip
    game.check_survival(index)
    if len(fusion.sword) >= DEFUSE_AT and not game.over:
        defuse(game, index)


def defuse(game: ScoreGame, index: int) -> None:
    """The Fusion Personality card is removed from the game, the 2 reenter play at their
    highest power stages, and the cards under the Warrior Sword are shuffled into the Life
    Deck."""
    player = game.player(index)
    fusion = player.fusion
    assert fusion is not None
    player.fusion = None
    player.removed.append(fusion.card)
    if fusion.with_mp:
        player.stage = game.top_stage(player)
    else:
        player.allies = [a for a in player.allies if a.iid != fusion.card]
    if player.control == fusion.card:
        player.control = None
    for ally in fusion.aside:  # "reenter play at their highest power stages"
        ally.stage, ally.power_used = len(game.card(ally.iid).power_stages), False
        player.allies.append(ally)
    player.life.extend(fusion.sword)
    game.state.rng = rng.shuffle(game.state.rng, player.life)
    game.emit("fusion", f"{game.name(fusion.card)} defuses and is removed from the game.")


def fused_names(game: ScoreGame, index: int) -> set[str]:
    """The personalities (folded) a player's MP is, fused ones included: "Fused
    personalities can use the '___ only' cards of the 2 fused personalities"."""
    player = game.player(index)
    names = {fold(game.card(player.mp_card).personality or "")}
    if player.fusion is not None and player.fusion.with_mp:
        names |= {fold(name) for name in game.card(player.fusion.card).fuses}
    return names


def names_in_play(game: ScoreGame, index: int) -> tuple[list[str], list[int]]:
    """A player's Main Personalities (a fused MP's 2 personalities too) and his Ally cards
    in play, the ones set aside for a fusion included ("still in play")."""
    player = game.player(index)
    mps = [game.card(player.mp_card).personality or ""]
    allies = [a.iid for a in player.allies]
    if player.fusion is not None:
        if player.fusion.with_mp:
            mps += [game.card(player.mp[player.level - 1]).personality or ""]
        allies += [a.iid for a in player.fusion.aside]
    return mps, allies
