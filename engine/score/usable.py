"""What a player may use, and against what (score-ccg-2003-buu-saga-rulebook.txt p. 25-27,
p. 38, p. 50-52): "____ only" cards, costs that can be paid, attacks and stops."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.score.cards import Card, CardType, fold
from engine.score.fusion import fused_names
from engine.score.personalities import rule_of
from engine.score.powers import Attack, Power
from engine.score.state import JsonDict

if TYPE_CHECKING:
    from engine.score.game import ScoreGame


HAND_COMBAT = {CardType.PHYSICAL_COMBAT, CardType.ENERGY_COMBAT, CardType.COMBAT}


# p. 52 "Saiyan Heritage Rule" and "Namekian Heritage Rule"
HERITAGE = {
    "saiyan": frozenset(fold(n) for n in (
        "Broly", "Cell", "Cell Jr", "Future Gohan", "Gohan", "Goku", "Goten", "Gotenks",
        "Kid Trunks", "Majin Vegeta", "Mighty Mask", "Nappa", "Paragus", "Raditz", "Trunks",
        "Vegeta")),
    "namekian": frozenset(fold(n) for n in (
        "Cell", "Cell Jr", "Dende", "Lord Slug", "Nail", "Piccolo")),
}  # fmt: skip


def only_problem(game: ScoreGame, index: int, card: Card) -> str | None:
    """p. 52 "'___ only' Effects": only the personality or group named may use the card."""
    only = card.only
    if only is None:
        return None
    player = game.player(index)
    mp = game.card(player.mp_card).personality or ""
    # p. 53 a fused MP uses both personalities' cards; p. 50 Mighty Mask, Goten's too
    names = fused_names(game, index) | rule_of(mp).only_cards_of
    if names & {fold(name) for name in only.personalities}:
        return None
    if only.alignment is not None and player.alignment == only.alignment:
        return None
    if only.heritage is not None and fold(mp) in HERITAGE[only.heritage]:
        return None
    return f"{card.title} is not for {mp}"


def stage_cost(game: ScoreGame, attack: Attack) -> int:
    """p. 38: an energy attack costs 2 power stages unless the card says otherwise."""
    if attack.stage_cost is not None:
        return attack.stage_cost
    return game.rules.energy_cost if attack.kind == "energy" else 0


def payable(game: ScoreGame, index: int, power: Power) -> bool:
    """p. 38: "If a personality cannot pay the power stages, he cannot perform an energy
    attack"; a life-card cost may not empty the Life Deck."""
    if power.attack is None:
        return True
    player = game.player(index)
    ally = game.in_control(index)  # "The attacking personality" pays (p. 38)
    stage = player.stage if ally is None else ally.stage
    return stage >= stage_cost(game, power.attack) and (
        len(player.life) > power.attack.life_cost)  # fmt: skip


def attacks_or_acts(power: Power) -> bool:
    """p. 25: in Attacker Attacks a card performs an attack, or does something that is
    neither an attack nor a stop ("cards that cannot perform or stop attacks")."""
    return power.attack is not None or (not power.stops and power.usable)


def stops(power: Power, attack: JsonDict) -> bool:
    """Whether `power` is a stop the defender may play against `attack` (p. 27 phase (e));
    against a Focused attack, a card that stops both kinds only "tries" (p. 50)."""
    return attack["kind"] in power.stops


def really_stops(power: Power, attack: JsonDict) -> bool:
    """p. 50-52: an unstoppable attack is never stopped; a Focused one only by a card that
    stops just its kind."""
    if attack["unstoppable"] or attack["kind"] not in power.stops:
        return False
    return not (attack["focused"] and len(power.stops) > 1)
