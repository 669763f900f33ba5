"""The Ascension Phase ("PHASE 2 — ASCENSION PHASE", "SK Tax by Tier"): ascended models pay
their tier's SK Tax or descend one tier; then each player may ascend models one tier each
(1 SK, which Saiyan Accelerant bypasses, PT-15); a tier with more HP restores the
difference ("HP Upshift"). Humans never ascend ("No Ascension")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.decisions import JsonDict, Option
from engine.primetime import held
from engine.primetime.geometry import Base, base_radius, on_board, overlaps
from engine.primetime.handlers import HANDLERS

if TYPE_CHECKING:
    from engine.primetime.game import PrimeTimeGame
    from engine.primetime.state import ModelState

ASCENSION_SK = 1  # "Cost: 1 SK upfront per Ascension"


@HANDLERS.register("sk_tax")
def sk_tax(game: PrimeTimeGame, args: JsonDict) -> None:
    """ "Each ascending model pays their tier's SK Tax (T1: 1, T2: 2, T3: 3). Cannot pay →
    descend one Tier." """
    for m in game.state.models:
        if not m.on_table or m.tier == 0:
            continue
        if m.sk >= m.tier and held.may_spend_sk(m):  # Petrified: "cannot spend SK" (PT-50)
            m.sk -= m.tier
            game.emit("sk_tax", f"{game.name(m)} pays {m.tier} SK to stay {game.tier(m).name}.")
            continue
        m.tier -= 1
        m.hp = min(m.hp, game.tier(m).hp)
        game.emit("descend", f"{game.name(m)} cannot pay the SK Tax and descends to "
                  f"{game.tier(m).name}.")  # fmt: skip


def cost(game: PrimeTimeGame, m: ModelState) -> int:
    return 0 if game.character(m).keyword("Saiyan") else ASCENSION_SK


def can_ascend(game: PrimeTimeGame, m: ModelState) -> bool:
    """A fighting model with a tier above, the SK to pay, not Human, whose next tier's
    base fits where it stands (PT-16)."""
    if m.status != "active":
        return False
    if m.sk < cost(game, m) or (cost(game, m) and not held.may_spend_sk(m)):
        return False
    return fits(game, m)


def fits(game: PrimeTimeGame, m: ModelState) -> bool:
    """A tier above, not Human, and room for its base where the model stands (PT-16)."""
    character = game.character(m)
    if m.tier + 1 >= len(character.tiers) or character.race == "Human":
        return False
    here = game.base(m)
    bigger = Base(here.x, here.y, base_radius(character.tiers[m.tier + 1].base), here.level)
    return on_board(bigger) and not any(overlaps(bigger, b) for b in game.bases_except(m))


@HANDLERS.register("ascension")
def ask_ascension(game: PrimeTimeGame, args: JsonDict) -> None:
    """ "Declare voluntary Ascensions (one tier per model per Ascension Phase)"."""
    player: int = args["player"]
    ready = [m for m in game.state.models if m.owner == player and m.uid not in args["done"]
             and can_ascend(game, m)]  # fmt: skip
    if not ready:
        return
    options = [Option(f"ascend:{m.uid}", f"{game.name(m)} to "
                      f"{game.character(m).tiers[m.tier + 1].name} ({cost(game, m)} SK)")
               for m in ready]  # fmt: skip
    options.append(Option("done", "no more Ascensions"))
    game.ask(player, "ascension", "Ascension Phase: ascend a model?", options, "ascended",
             **args)  # fmt: skip


def rise(game: PrimeTimeGame, m: ModelState) -> None:
    """One tier up: "HP Upshift" to a higher maximum; a lower one (Kid Buu) caps the HP
    (PT-25)."""
    before = game.tier(m).hp
    m.tier += 1
    m.hp = min(game.tier(m).hp, m.hp + max(0, game.tier(m).hp - before))
    game.emit("ascend", f"{game.name(m)} ascends to {game.tier(m).name} ({m.hp} HP).")


@HANDLERS.register("ascended")
def ascended(game: PrimeTimeGame, args: JsonDict) -> None:
    if args["choice"] == "done":
        return
    m = game.model(int(args["choice"].split(":")[1]))
    m.sk -= cost(game, m)
    rise(game, m)
    game.then(("ascension", {"player": args["player"], "done": [*args["done"], m.uid]}))
