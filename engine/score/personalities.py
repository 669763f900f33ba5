"""Rules Specific to Personalities (score-ccg-2003-buu-saga-rulebook.txt p. 50): the Ginyu
Force and Mighty Mask, as data the referee reads.

- "If you ever play the Ginyu Force as a Main Personality you are considered to have 4
  Allies in play for the purpose of game effects. However, these Allies cannot have
  damage redirected to them" (they are no Allies in play, only counted), "when the Ginyu
  Force is played as an Ally it only counts as 1 personality", and with a Ginyu Force MP
  "no one can have Captain Ginyu, Jeice, or Burter, Recoome and Guldo as Allies". "Even
  though the Ginyu Force has a purple background, they are a villain."
- "Mighty Mask is similar to the Ginyu Force except there is only 1 Ally for game
  effects", and "can ... use ... Goten only cards and Kid Trunks only cards" (his Saiyan
  Tokui-Waza and Saiyan Heritage are in engine.score.tokui_waza and engine.score.usable;
  "Mighty Mask cannot fuse into Gotenks" holds as no Fusion card fuses him)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.score.cards import fold

if TYPE_CHECKING:
    from engine.score.game import ScoreGame


@dataclass(frozen=True, slots=True)
class PersonalityRule:
    allies_for_effects: int = 0  # as the MP: Allies counted for game effects
    barred_allies: frozenset[str] = frozenset()  # as an MP in play: nobody's Allies (folded)
    only_cards_of: frozenset[str] = frozenset()  # "___ only" cards it may use too (folded)
    alignment: str | None = None  # whatever its background


def _folded(*names: str) -> frozenset[str]:
    return frozenset(fold(name) for name in names)


# "Captain Ginyu" is printed "Ginyu" on some cards (the sandbox's): both are barred
RULES = {
    fold("Ginyu Force"): PersonalityRule(
        allies_for_effects=4, alignment="villain",
        barred_allies=_folded("Captain Ginyu", "Ginyu", "Jeice", "Burter", "Recoome", "Guldo")),
    fold("Mighty Mask"): PersonalityRule(allies_for_effects=1,
                                         only_cards_of=_folded("Goten", "Kid Trunks")),
}  # fmt: skip
NO_RULE = PersonalityRule()


def rule_of(personality: str) -> PersonalityRule:
    return RULES.get(fold(personality), NO_RULE)


def alignment_of(personality: str, printed: str | None) -> str:
    """The alignment a personality plays as: its rule's, else the printed one."""
    return rule_of(personality).alignment or printed or "hero"


def allies_for_effects(game: ScoreGame, index: int) -> int:
    """The Allies a player has in play for game effects ("+1 for each Ally you have in
    play"): his Allies, plus those his MP counts as (p. 50)."""
    player = game.player(index)
    mp = game.card(player.mp_card).personality or ""
    return len(player.allies) + rule_of(mp).allies_for_effects


def barred_ally(ally: str, main_personalities: list[str]) -> str | None:
    """The MP in play whose rule bars `ally` from being anyone's Ally, or None."""
    return next((mp for mp in main_personalities if fold(ally) in rule_of(mp).barred_allies),
                None)  # fmt: skip
