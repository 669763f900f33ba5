"""Breaking Engagement ("Breaking Engagement"): a model that moves away from an enemy
within melee range (1") moves at half speed, and before the move resolves that enemy's
player may strike it once with a melee technique, free (0 BK) (PT-23)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.decisions import JsonDict, Option
from engine.primetime import attacks, held
from engine.primetime.geometry import MELEE, Point2, edge_distance
from engine.primetime.handlers import HANDLERS
from engine.primetime.options import answered_point

if TYPE_CHECKING:
    from engine.primetime.game import PrimeTimeGame
    from engine.primetime.state import ModelState


def engaged(game: PrimeTimeGame, m: ModelState) -> list[ModelState]:
    """The enemies within melee range of the model."""
    here = game.base(m)
    return [e for e in game.enemies(m) if edge_distance(here, game.base(e)) <= MELEE + 1e-9]


def strikes(game: PrimeTimeGame, m: ModelState, to: Point2) -> list[Option]:
    """The free melee strikes the enemies that `m` leaves may make."""
    after = game.base(m).at(*to)
    options = []
    for enemy in engaged(game, m):
        if not held.may_act(enemy):  # a Confection "cannot act"
            continue
        if edge_distance(after, game.base(enemy)) <= MELEE + 1e-9:
            continue  # still in its reach: not moving away from it
        for index, technique in enumerate(attacks.techniques(game, enemy)):
            if technique.kind == "melee":
                options.append(Option(f"strike:{enemy.uid}:{index}", f"{game.name(enemy)}: "
                                      f"{technique.name} (free)"))
    return options


def offer(game: PrimeTimeGame, m: ModelState, args: JsonDict, paid: str = "") -> bool:
    """Ask for the free strike before a Move away resolves; False if none is possible.
    `paid` is what the move's log line says it cost (engine.primetime.activation.paid)."""
    options = strikes(game, m, answered_point(args))
    if not options:
        return False
    game.ask(1 - m.owner, "free_strike", f"{game.name(m)} breaks away: a free melee strike?",
             [Option("none", "let it go"), *options], "free_struck", model=m.uid,
             to=args["choice"], paid=paid)  # fmt: skip
    return True


@HANDLERS.register("free_struck")
def free_struck(game: PrimeTimeGame, args: JsonDict) -> None:
    m = game.model(args["model"])
    if args["choice"] != "none":
        _, enemy, index = args["choice"].split(":")
        striker = game.model(int(enemy))
        technique = attacks.techniques(game, striker)[int(index)]
        game.emit("free_strike", f"{game.name(striker)} strikes {game.name(m)} as it breaks "
                  f"away ({technique.name}, free).")  # fmt: skip
        attacks.resolve(game, striker, technique, m)
    if m.status == "active" and game.state.winner is None:
        game.put(m, answered_point({"choice": args["to"]}))
        # a decision stored before the cost was kept says none
        game.emit("move", f'{game.name(m)} moves to ({m.x:g}", {m.y:g}"){args.get("paid", "")}.')
    game.then(("action", {}))
