"""Babidi's Corrupt ("CORRUPT — BABIDI'S CORRUPTION MECHANIC", "Majin (state)"): a special
action (1 action, 2 SK, 6", line of sight) rolling D20 + SPR against the target's SPR + 10;
a Majin model takes a Compulsion Check at the start of its activations when a friendly
model is within 6", and on a failure attacks the nearest one; Babidi may release it (a
free action); Babidi KO'd frees them all but the Majin Brand (PT-53). The switch is the
profile's passive named "Corrupt" (data, as "Threshold Regeneration")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.decisions import JsonDict, Option
from engine.primetime import attacks, held, reroll
from engine.primetime.dice import roll
from engine.primetime.geometry import edge_distance, line_of_sight
from engine.primetime.handlers import HANDLERS
from engine.primetime.stats import stat

if TYPE_CHECKING:
    from engine.primetime.game import PrimeTimeGame
    from engine.primetime.state import ModelState

CORRUPT = "Corrupt"  # the passive's name
RANGE = 6.0  # "Range: 6". Must have LoS."
COST = 2  # "1 action, 2 SK"
SPR_MARGIN = 10  # "D20 + SPR vs target's SPR + 10"
COMPULSION = 15  # "D20 + FOC ≥ 15"
FREED = 25  # "Critical Success (25+): Majin state removed permanently"
NEAR = 6.0  # "check if any friendly model is within 6""


def corrupts(game: PrimeTimeGame, m: ModelState) -> bool:
    return any(p.name == CORRUPT for p in game.character(m).passives)


def options(game: PrimeTimeGame, m: ModelState, taken: list[str]) -> list[Option]:
    """Corrupt at each enemy in range and sight (a Majin one too: "no added benefit",
    but allowed), not one a Critical Compulsion Check freed; Release of each Majin model
    this Babidi holds, a free action (PT-35)."""
    if not corrupts(game, m):
        return []
    found = []
    here = game.base(m)
    if "corrupt" not in taken and m.sk >= COST and held.may_spend_sk(m):
        for e in game.enemies(m):
            there = game.base(e)
            if not e.pure and edge_distance(here, there) <= RANGE + 1e-9 \
                    and line_of_sight(here, there, game.state.terrain):  # fmt: skip
                found.append(Option(f"corrupt:{e.uid}", f"Corrupt {game.name(e)} ({COST} SK)"))
    active = game.state.active
    if active is not None and active.free < game.rules.free_cap:
        found += [Option(f"release:{o.uid}", f"release {game.name(o)} (free action)")
                  for o in game.state.models if o.majin == m.uid and not o.brand]  # fmt: skip
    return found


def corrupt(game: PrimeTimeGame, m: ModelState, target: ModelState) -> None:
    """Pay 2 SK and roll; meeting the target's SPR + 10 succeeds (as PT-1)."""
    m.sk -= COST
    rolled = roll(game, m, "spr")
    need = stat(game, target, "spr") + SPR_MARGIN
    text = f"{game.name(m)} tries to Corrupt {game.name(target)}: {rolled.text} " \
        f"against SPR + 10 = {need}"  # fmt: skip
    if rolled.total < need:
        game.emit("corrupt", text + ": no effect.")
        return
    target.majin = m.uid
    game.emit("corrupt", text + f": {game.name(target)} is Majin.")


def brand(game: PrimeTimeGame, babidi: ModelState, target: ModelState) -> None:
    """ "Majin Brand (Command Ability)": a Majin state that is never rolled against, not
    released, not broken by a Critical Success, and kept when Babidi is KO'd (PT-53)."""
    target.majin, target.brand = babidi.uid, True
    game.emit("corrupt", f"{game.name(babidi)} brands {game.name(target)}: Majin for the "
              "rest of the game.")  # fmt: skip


def release(game: PrimeTimeGame, m: ModelState, target: ModelState) -> None:
    """ "Babidi's Release": a free action, no cost, no roll."""
    assert game.state.active is not None
    game.state.active.free += 1
    target.majin = None
    game.emit("release", f"{game.name(m)} releases {game.name(target)} from the Majin state.")


def compulsion(game: PrimeTimeGame, m: ModelState) -> bool:
    """At the start of a Majin model's activation with a friendly model within 6": the
    Compulsion Check. On a failure its first action is the compelled attack (queued
    here; True). A Critical Success frees it for good."""
    if m.majin is None or m.brand or not _friends_near(game, m):
        return False  # "The branded model never rolls"
    rolled = roll(game, m, "foc")
    text = f"{game.name(m)}'s Compulsion Check: {rolled.text}"
    if rolled.total < COMPULSION and reroll.can_reroll(game, m):  # a save (PT-54)
        game.emit("compulsion", text + ": failed.")
        reroll.ask(game, m, "The Compulsion Check", "compulsion_rerolled", total=rolled.total,
                   text=text)  # fmt: skip
        return True
    return _checked(game, m, rolled.total, text)


@HANDLERS.register("compulsion_rerolled")
def compulsion_rerolled(game: PrimeTimeGame, args: JsonDict) -> None:
    """The Tactical Re-roll answered: the new roll stands ("Must accept the new result")."""
    assert game.state.active is not None
    m = game.model(game.state.active.model)
    total, text = args["total"], args["text"]
    if args["choice"] == "reroll":
        reroll.spend(game, m)
        rolled = roll(game, m, "foc")
        total, text = rolled.total, f"{game.name(m)}'s re-rolled Compulsion Check: {rolled.text}"
    if not _checked(game, m, total, text):
        game.then(("action", {}))


def _checked(game: PrimeTimeGame, m: ModelState, total: int, text: str) -> bool:
    """The check's result: freed, resisting, or compelled (its attack queued: True)."""
    if total >= FREED:
        m.majin, m.pure = None, True
        game.emit("compulsion", text + ": the Majin state is broken for good.")
        return False
    if total >= COMPULSION:
        game.emit("compulsion", text + ": it resists this activation.")
        return False
    victim, index = _compelled(game, m)
    active = game.state.active
    assert active is not None
    active.actions -= 1  # "Counts as their first action."
    active.taken.append("attack")
    if victim is None:  # PT-35: nothing it can reach: the action is lost
        game.emit("compulsion", text + ": compelled, but no friendly model is in its reach.")
        return False
    game.emit("compulsion", text + f": compelled to attack {game.name(victim)}.")
    strike = {"attacker": m.uid, "technique": index, "target": victim.uid}
    game.then(("attack", strike), ("compelled_done", {"attacker": m.uid, "babidi": m.majin}),
              ("action", {}))  # fmt: skip
    return True


def _friends_near(game: PrimeTimeGame, m: ModelState) -> list[ModelState]:
    """Its own side's fighting models within 6", nearest first (then by uid)."""
    here = game.base(m)
    near = [(edge_distance(here, game.base(o)), o.uid, o) for o in game.state.models
            if o.owner == m.owner and o.uid != m.uid and o.status == "active"]  # fmt: skip
    return [o for d, _, o in sorted(near, key=lambda t: t[:2]) if d <= NEAR + 1e-9]


def _compelled(game: PrimeTimeGame, m: ModelState) -> tuple[ModelState | None, int]:
    """ "their best affordable attack (highest BK cost they can pay) against the nearest
    friendly model within 6"": the nearest, and the costliest technique that reaches it
    (ties: the first listed)."""
    victim = _friends_near(game, m)[0]
    usable = [(t.bk, -i, i) for i, t in enumerate(attacks.techniques(game, m))
              if attacks.affordable(game, m, t) and attacks.can_target(game, m, t, victim)]
    if not usable:
        return None, -1
    return victim, max(usable)[2]


@HANDLERS.register("compelled_done")
def compelled_done(game: PrimeTimeGame, args: JsonDict) -> None:
    """ "When that model completes an attack against a friendly model: Babidi's team
    gains +1 BK." (Babidi may be gone by then: the BK goes to his player.)"""
    attacker = game.model(args["attacker"])
    babidi = args["babidi"]
    player = game.state.players[game.model(babidi).owner]
    player.bk = min(game.rules.bk_cap, player.bk + 1)
    game.emit("bk", f"{game.who(game.model(babidi).owner)} gains 1 BK: "
              f"{game.name(attacker)} attacked its own side (Majin).")  # fmt: skip
