"""Affiliation bonuses: BK generation "+ affiliation bonuses" (Layer 1) and the
"Affiliation WT Action | 1 WT | During your activation | Use your affiliation's Layer 2
ability (printed on your Affiliation Reference Card)". The reference cards are data
(data/primetime/table/affiliations.yaml, docs/primetime-data.md); both layers apply only
while the roster meets the "51%+ Affiliation threshold" (PT-47)."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.core.decisions import JsonDict, Option
from engine.primetime import play
from engine.primetime.data import DATA_DIR, DeckCard, StatName, load_list
from engine.primetime.handlers import HANDLERS
from engine.primetime.stats import CAP, modify

if TYPE_CHECKING:
    from engine.primetime.game import PrimeTimeGame
    from engine.primetime.state import ModelState

COST = 1  # WT
ACTION = "affiliation"  # the option id
THRESHOLD = 51  # percent: "the 51%+ Affiliation threshold"
# "Does not count toward or against the 51%+ Affiliation threshold"
UNCOUNTED_KEYWORDS = ("Unaffiliated", "Open Ally")
# KO'd: "Does not count for ... Affiliation threshold"; a Fused model counts, not its
# components ("Fused model uses their own printed affiliation"); PT-47
UNCOUNTED_STATUS = ("ko", "removed", "fused", "unformed")


class StatBonus(BaseModel):
    """A Layer 1 stat bonus: "All stat modifications from external sources (cards,
    affiliation bonuses, ...) are capped at +3 / -3 per stat per model" (PT-59)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    stat: StatName
    value: int = Field(ge=-CAP, le=CAP)

    @model_validator(mode="after")
    def _nonzero(self) -> StatBonus:
        if self.value == 0:
            raise ValueError("a stat bonus is not 0")
        return self


class AffiliationCard(BaseModel):
    """An Affiliation Reference Card: Layer 1, the BK its roster generates each Power
    Phase and the stat bonuses of its models; Layer 2, the ability its WT Action uses (a
    deck-card effect, played free)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    affiliation: str
    name: str
    bk: int = Field(default=0, ge=0)
    stats: list[StatBonus] = []
    ability: DeckCard
    # "Z-Fighter WT Action: A Z-Fighter Legacy Card may be played at 0 SK cost by spending
    # the Z-Fighters WT Action": the WT Action may play such a card instead (PT-70)
    legacy_at_no_sk: bool = False

    @model_validator(mode="after")
    def _once_each(self) -> AffiliationCard:
        named = [bonus.stat for bonus in self.stats]
        if len(set(named)) != len(named):
            raise ValueError("stats: one bonus per stat (same-named effects do not stack)")
        return self

    @model_validator(mode="after")
    def _ability(self) -> AffiliationCard:
        a = self.ability
        if a.kind != "affiliation" or a.affiliation != self.affiliation:
            raise ValueError("the ability is an affiliation card of this affiliation")
        if a.effect is None or a.effect.technique is not None or a.timing == "z-reaction":
            raise ValueError("the ability has an effect, and no attack or Z-Reaction")
        return self


@cache
def reference_cards() -> dict[str, AffiliationCard]:
    path = DATA_DIR / "table" / "affiliations.yaml"
    return {card.affiliation: card for card in load_list(path, AffiliationCard)}


def active_card(game: PrimeTimeGame, player: int) -> AffiliationCard | None:
    """The player's reference card, if its roster meets the threshold now (PT-47)."""
    affiliation = game.state.players[player].affiliation
    card = reference_cards().get(affiliation)
    if card is None:
        return None
    counted = [m for m in game.state.models if m.owner == player
               and m.status not in UNCOUNTED_STATUS
               and not any(game.character(m).keyword(k) for k in UNCOUNTED_KEYWORDS)]  # fmt: skip
    loyal = [m for m in counted if affiliation in game.character(m).affiliations]
    return card if counted and 100 * len(loyal) >= THRESHOLD * len(counted) else None


def bk_bonus(game: PrimeTimeGame, player: int) -> int:
    """Layer 1: "Generate BK (... + affiliation bonuses ...)"."""
    card = active_card(game, player)
    return card.bk if card is not None else 0


def grant_stats(game: PrimeTimeGame, player: int) -> None:
    """Layer 1 stat bonuses, read with the threshold in the Power Phase and kept until
    Cleanup, for every model of the roster carrying the affiliation (PT-59); under the
    card's name, so they count toward the +/-3 cap (engine.primetime.stats)."""
    card = active_card(game, player)
    if card is None or not card.stats:
        return
    for m in game.state.models:
        if m.owner == player and card.affiliation in game.character(m).affiliations:
            for bonus in card.stats:
                modify(m, card.name, bonus.stat, bonus.value)


def options(game: PrimeTimeGame, m: ModelState) -> list[Option]:
    """The Affiliation WT Action: 1 WT, the activation's one WT Action, no action slot."""
    active = game.state.active
    card = active_card(game, m.owner)
    if card is None or active is None or active.wt_used \
            or game.state.players[m.owner].wt < COST:  # fmt: skip
        return []
    uses = _uses(game, m, card)
    if not uses:
        return []
    what = card.ability.name if uses == [ABILITY] else f"{card.ability.name} or a Legacy card"
    return [Option(ACTION, f"Affiliation WT Action: {what} ({COST} WT)")]


ABILITY = "ability"  # the Layer 2 ability; "legacy:<hand index>", a Legacy card at 0 SK
LEGACY = "legacy"


def _uses(game: PrimeTimeGame, m: ModelState, card: AffiliationCard) -> list[str]:
    found = [ABILITY] if play.ability_usable(game, m, card.ability) else []
    if card.legacy_at_no_sk:
        found += [f"{LEGACY}:{index}"
                  for index in play.legacy_at_no_sk(game, m, card.affiliation)]  # fmt: skip
    return found


def use(game: PrimeTimeGame, m: ModelState) -> None:
    """With a Legacy card to play at 0 SK (PT-70), the player chooses what the WT Action
    does; otherwise it uses the Layer 2 ability."""
    card = active_card(game, m.owner)
    assert card is not None
    uses = _uses(game, m, card)
    if uses == [ABILITY]:
        _spend(game, m, ABILITY)
        return
    hand = game.state.players[m.owner].hand
    labels = {ABILITY: f"{card.ability.name}: {card.ability.text}"}
    options = [Option(u, labels.get(u) or f"play {game.pool.cards[hand[int(u.split(':')[1])]].name}"
                      " at 0 SK") for u in uses]  # fmt: skip
    game.ask(m.owner, "wt_action", f"{card.name}: what does the WT Action do?", options,
             "wt_action_chosen", model=m.uid)  # fmt: skip


@HANDLERS.register("wt_action_chosen")
def wt_action_chosen(game: PrimeTimeGame, args: JsonDict) -> None:
    _spend(game, game.model(args["model"]), args["choice"])


def _spend(game: PrimeTimeGame, m: ModelState, use: str) -> None:
    card = active_card(game, m.owner)
    active = game.state.active
    assert card is not None and active is not None
    game.state.players[m.owner].wt -= COST
    active.wt_used = True
    if use != ABILITY:  # "played at 0 SK cost by spending the Z-Fighters WT Action"
        index = int(use.split(":")[1])
        name = game.pool.cards[game.state.players[m.owner].hand[index]].name
        game.emit("wt", f"{game.who(m.owner)} spends {COST} WT: {name} is played at 0 SK "
                  f"({card.name}).")  # fmt: skip
        play.play(game, m, index, sk_free=True)
        return
    ability = card.ability
    game.emit("wt", f"{game.who(m.owner)} spends {COST} WT: {ability.name} "
              f"({card.name}): {ability.text}")  # fmt: skip
    play.use_ability(game, m, ability)
