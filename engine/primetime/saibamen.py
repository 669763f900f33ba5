"""Saibamen ("SAIBAMEN — SPECIAL UNIT RULES"): tokens a model with Saibamen Deploy (a
profile field, PT-55) places for 1 action, which then act on their own at the start of
every Activation Phase (Pursuit Mode), burst on contact or grab, can be shot (RFX 8), and
never count as models (OC, Order Pool, Affiliation threshold: they are not in the model
list at all). Rulings PT-55 to PT-57."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from engine.core.decisions import JsonDict, Option
from engine.primetime import attacks, damage, keywords, paths, reroll
from engine.primetime.attacks import PIERCED, Roll
from engine.primetime.damage import harm, last_standing
from engine.primetime.geometry import (
    EPS,
    THROW_STEP,
    TOKEN_RADIUS,
    Base,
    Point2,
    cover,
    edge_distance,
    free,
    grid_array,
    line_of_sight,
    near,
    throw,
)
from engine.primetime.handlers import HANDLERS, POINT_CHECKS
from engine.primetime.options import answered_point, point_options
from engine.primetime.state import Token
from engine.primetime.stats import stat

if TYPE_CHECKING:
    from engine.primetime.data import Technique
    from engine.primetime.game import PrimeTimeGame
    from engine.primetime.state import ModelState

DEPLOY, SHOOT, BREAK = "saibamen", "shoot", "break_free"  # action option ids
PLACE = "saibaman_at"  # the decision placing one token
RADIUS = TOKEN_RADIUS  # PT-55: the only token size the rules print (32 mm)
RFX = 8  # "Targeting: any model may target a Saibaman with a ranged attack. RFX 8."
PURSUIT = 8.0  # "Enemy within 8": Move full MOV (6")"; else "Move 4""
FULL_MOVE, CLOSING_MOVE = 6.0, 4.0
BURST, SPLASH, SPLASH_RANGE = 2, 1, 2.0  # "takes 2 DMG ... All models within 2" take 1 DMG"
BREAK_FREE, BREAK_FREE_SAIYAN = 14, 18  # "D20 + IMP ≥ 14. (Saiyan targets: ≥ 18 ...)"
CONTACT = 2 * THROW_STEP  # a pursuit walks its path in steps this fine (PT-56)
EXPENDABLE_RESOURCES = "Expendable Resources"  # the passive's name (Nappa's profile)


def base(t: Token) -> Base:
    return Base(t.x, t.y, RADIUS, 0)  # Saibamen stay on the ground (PT-56)


def bases(game: PrimeTimeGame) -> list[Base]:
    return [base(t) for t in game.state.tokens]


def token(game: PrimeTimeGame, tid: int) -> Token | None:
    return next((t for t in game.state.tokens if t.id == tid), None)


def held(game: PrimeTimeGame, m: ModelState) -> bool:
    """ "Grabbed model cannot move or change altitude"."""
    return game.state.held(m.uid)


# -- Saibamen Deploy ---------------------------------------------------------------------


def _room(game: PrimeTimeGame, m: ModelState) -> int:
    """PT-55: Capacity is how many of the model's Saibamen may be on the table at once."""
    deploy = game.character(m).saibamen
    if deploy is None:
        return 0
    return deploy.capacity - sum(t.deployer == m.uid for t in game.state.tokens)


def _spots(game: PrimeTimeGame, m: ModelState) -> list[Point2]:
    """ "valid positions within the specified range": 1" grid points where a token's base
    fits (board, bases, standing terrain) within range of the deployer, edge to edge."""
    deploy = game.character(m).saibamen
    assert deploy is not None
    here = game.base(m)
    points = grid_array(here.centre, deploy.within + here.radius + RADIUS)
    points = near(points, RADIUS, here, deploy.within)
    fits = free(points, RADIUS, game.table_bases(), game.state.terrain)
    return [(float(x), float(y)) for x, y in fits]


def deploy_options(game: PrimeTimeGame, m: ModelState, taken: list[str]) -> list[Option]:
    deploy = game.character(m).saibamen
    room = _room(game, m)
    if deploy is None or DEPLOY in taken or room <= 0 or not _spots(game, m):
        return []
    return [Option(DEPLOY, f"Saibamen Deploy (up to {room} within {deploy.within:g}\")")]


def ask_place(game: PrimeTimeGame, m: ModelState, placed: int) -> None:
    """One token at a time, "up to their full Capacity": after the first, "done" stops."""
    spots = _spots(game, m) if _room(game, m) > 0 else []
    if not spots:
        game.then(("action", {}))
        return
    options = point_options(spots)
    if placed:
        options.insert(0, Option("done", "place no more Saibamen"))
    game.ask(m.owner, PLACE, f"{game.name(m)}: where does Saibaman {placed + 1} go "
             f"({_room(game, m)} left)?", options, "saibaman_placed", model=m.uid,
             placed=placed)  # fmt: skip


def _check_place(game: PrimeTimeGame, args: JsonDict, point: Point2) -> str | None:
    m = game.model(args["model"])
    deploy = game.character(m).saibamen
    assert deploy is not None
    spot = base(Token(id=-1, owner=m.owner, deployer=m.uid, x=point[0], y=point[1]))
    if edge_distance(spot, game.base(m)) > deploy.within + EPS:
        return f'a Saibaman is placed within {deploy.within:g}" of {game.name(m)}'
    if not len(free(np.asarray([point], float), RADIUS, game.table_bases(), game.state.terrain)):
        return "there is no room for a Saibaman there (board, bases, terrain)"
    return None


POINT_CHECKS[PLACE] = _check_place


@HANDLERS.register("saibaman_placed")
def placed(game: PrimeTimeGame, args: JsonDict) -> None:
    m = game.model(args["model"])
    if args["choice"] == "done":
        game.then(("action", {}))
        return
    x, y = answered_point(args)
    state = game.state
    state.tokens.append(Token(id=state.next_token, owner=m.owner, deployer=m.uid, x=x, y=y))
    state.next_token += 1
    game.emit("saibaman", f'{game.name(m)} deploys a Saibaman at ({x:g}", {y:g}").')
    ask_place(game, m, args["placed"] + 1)


# -- Autonomous Activation ---------------------------------------------------------------


@HANDLERS.register("saibamen")
def autonomous(game: PrimeTimeGame, args: JsonDict) -> None:
    """ "At the start of each Activation Phase ... resolve all Saibamen tokens in any order
    the deploying player chooses" (the player with the initiative resolves theirs first)."""
    player, done = args["player"], args.get("done", [])
    waiting = [t for t in game.state.tokens if t.owner == player and t.id not in done]
    if len(waiting) == 1:
        _next(game, player, done, waiting[0].id)
    elif waiting:
        options = [Option(f"token:{t.id}", f'the Saibaman at ({t.x:g}", {t.y:g}")')
                   for t in waiting]  # fmt: skip
        game.ask(player, "saibaman_next", "Which Saibaman acts next?", options,
                 "saibaman_chosen", player=player, done=done)  # fmt: skip


@HANDLERS.register("saibaman_chosen")
def chosen(game: PrimeTimeGame, args: JsonDict) -> None:
    _next(game, args["player"], args["done"], int(args["choice"].split(":")[1]))


def _next(game: PrimeTimeGame, player: int, done: list[int], tid: int) -> None:
    game.then(("saibaman_acts", {"token": tid}),
              ("saibamen", {"player": player, "done": [*done, tid]}))  # fmt: skip


@HANDLERS.register("saibaman_acts")
def acts(game: PrimeTimeGame, args: JsonDict) -> None:
    """A grab still held bursts ("Begins the next Activation Phase still in Grab State");
    otherwise Pursuit Mode: 6" toward the nearest enemy within 8", else 4" toward it, along
    the shortest path to base contact round bases and standing terrain (PT-56, PT-4)."""
    t = token(game, args["token"])
    if t is None or game.state.winner is not None:
        return
    holding = _holding(game, t)
    if holding is not None:
        burst(game, t, holding)
        return
    t.grabbing = None
    foes = _foes(game, t)
    if not foes:
        return
    here = base(t)
    target = min(foes, key=lambda m: (edge_distance(here, game.base(m)), m.uid))
    gap = edge_distance(here, game.base(target))
    reach = FULL_MOVE if gap <= PURSUIT + EPS else CLOSING_MOVE
    if gap > CONTACT:
        goal = game.base(target)
        # every base is in its way, as in a model's move (PT-64)
        others = game.table_bases([t.id])
        to = paths.toward(here, goal, reach, others, game.state.terrain, CONTACT)
        if to is None:  # no way to contact on the board: straight until stopped, as before
            away = (2 * t.x - goal.x, 2 * t.y - goal.y)  # walked like a throw, toward it
            to = throw(here, away, min(reach, gap), others, game.state.terrain).to
        t.x, t.y = to
        game.emit("saibaman", f'A Saibaman runs at {game.name(target)}: to ({t.x:g}", '
                  f'{t.y:g}").')  # fmt: skip
    touching = [m for m in _foes(game, t) if edge_distance(base(t), game.base(m)) <= CONTACT]
    if touching:
        contact = min(touching, key=lambda m: (m.uid != target.uid, m.uid))
        game.ask(t.owner, "saibaman_contact", f"A Saibaman reaches {game.name(contact)}: "
                 "detonate or grab?", [Option("burst", "Acid Burst now"),
                 Option("grab", f"grab {game.name(contact)}")], "saibaman_contacted",
                 token=t.id, model=contact.uid)  # fmt: skip


@HANDLERS.register("saibaman_contacted")
def contacted(game: PrimeTimeGame, args: JsonDict) -> None:
    t, m = token(game, args["token"]), game.model(args["model"])
    if t is None:
        return
    if args["choice"] == "burst":
        burst(game, t, m)
        return
    t.grabbing = m.uid  # "it enters Grab State instead"
    game.emit("grab", f"A Saibaman grabs {game.name(m)}: it cannot move until it breaks free.")


def _foes(game: PrimeTimeGame, t: Token) -> list[ModelState]:
    """ "Autonomous tokens ... may only target enemy models" (not Dazed: invulnerable)."""
    return [m for m in game.state.models if m.owner != t.owner and m.status == "active"]


def _holding(game: PrimeTimeGame, t: Token) -> ModelState | None:
    if t.grabbing is None:
        return None
    m = game.model(t.grabbing)
    return m if m.on_table else None


# -- Acid Burst and destruction ----------------------------------------------------------


def destroyed(game: PrimeTimeGame, t: Token, how: str) -> None:
    """Off the table; "Expendable Resources (Nappa passive): When a Saibaman is destroyed →
    Nappa's team gains +1 BK" (PT-57: any removal, even with Nappa off the table)."""
    game.state.tokens.remove(t)
    game.emit("saibaman", f'The Saibaman at ({t.x:g}", {t.y:g}") {how}.')
    deployer = game.character(game.model(t.deployer))
    if any(p.name == EXPENDABLE_RESOURCES for p in deployer.passives):
        player = game.state.players[t.owner]
        player.bk = min(game.rules.bk_cap, player.bk + 1)
        game.emit("bk", f"{game.who(t.owner)} gains 1 BK ({EXPENDABLE_RESOURCES}).")


def burst(game: PrimeTimeGame, t: Token, contact: ModelState | None) -> None:
    """ "Acid Burst ... Contacted model takes 2 DMG, no save. All models within 2" take 1 DMG
    automatically (no save). Remove the Saibaman token." Not an attack (no Z-Reaction);
    "no save" is no roll, RES still applies, as for Collateral (PT-19, PT-56)."""
    where = base(t)
    destroyed(game, t, "detonates: Acid Burst")
    hits = [(m, BURST if m is contact else SPLASH) for m in game.state.models
            if m.status == "active" and (m is contact or edge_distance(
                where, game.base(m)) <= SPLASH_RANGE + EPS)]  # fmt: skip
    for m, amount in hits:
        if game.state.winner is not None or m.status != "active":
            continue
        dealt = max(0, amount - stat(game, m, "res"))
        game.emit("damage", f"{game.name(m)} takes {dealt} damage from the Acid Burst "
                  f"({amount} - RES).", damage=dealt)  # fmt: skip
        harm(game, m, dealt)


def _damaged(game: PrimeTimeGame, m: ModelState) -> None:
    """ "Acid Burst triggers if the grabbed model takes damage from any other source": at
    the end of the step that dealt it (PT-56)."""
    for t in game.state.tokens:
        if t.grabbing == m.uid and game.state.winner is None:
            game.then(("acid_burst", {"token": t.id}))


damage.ON_DAMAGE.append(_damaged)


@HANDLERS.register("acid_burst")
def grab_burst(game: PrimeTimeGame, args: JsonDict) -> None:
    t = token(game, args["token"])
    if t is not None and game.state.winner is None:
        burst(game, t, _holding(game, t))


# -- Shooting a Saibaman, breaking free --------------------------------------------------


def shoot_options(game: PrimeTimeGame, m: ModelState, taken: list[str]) -> list[Option]:
    """ "any model may target a Saibaman with a ranged attack": an enemy token (PT-56), in
    range and sight, with an affordable ranged technique (not a Beam, PT-56)."""
    if "attack" in taken or not game.state.tokens:
        return []
    here = game.base(m)
    options = []
    for index, technique in enumerate(attacks.techniques(game, m)):
        if technique.kind != "ranged" or not attacks.affordable(game, m, technique):
            continue
        for t in game.state.tokens:
            there = base(t)
            if t.owner != m.owner and edge_distance(here, there) <= technique.range + EPS \
                    and line_of_sight(here, there, game.state.terrain):  # fmt: skip
                options.append(Option(f"{SHOOT}:{index}:{t.id}", f"{technique.name} at the "
                                      f'Saibaman at ({t.x:g}", {t.y:g}")'))  # fmt: skip
    return options


def shoot(game: PrimeTimeGame, m: ModelState, index: int, tid: int) -> None:
    """ "On hit: Remove the Saibaman immediately. On Critical Success: Saibaman detonates";
    a miss is a failed attack roll its player may re-roll (PT-42, PT-66)."""
    t = token(game, tid)
    assert t is not None and game.state.active is not None
    game.state.active.taken.append("attack")  # it is the activation's Attack
    technique = attacks.techniques(game, m)[index]
    attacks.pay(game, m, technique)  # its BK, or 2 SK by Breakthrough (PT-73)
    roll = _shot(game, m, technique, t, game.d20())
    if not roll.hit and reroll.can_reroll(game, m):
        reroll.ask(game, m, "The shot at the Saibaman", "shot_rerolled", model=m.uid,
                   technique=index, token=tid, die=roll.die)  # fmt: skip
        return
    _shot_down(game, t, roll)


def _shot(game: PrimeTimeGame, m: ModelState, technique: Technique, t: Token,
          die: int) -> Roll:  # fmt: skip
    here, there = game.base(m), base(t)
    shelter = cover(here, there, game.state.terrain)
    if keywords.value(technique, "Piercing") is not None:
        shelter = PIERCED.get(shelter, shelter)
    dive = 2 if m.level > 0 else 0  # "Attacking a target at a lower altitude level"
    roll = Roll(die, "FOC", stat(game, m, "foc"), RFX, game.rules.critical_margin,
                (("dive", dive), ("cover", shelter), ("last standing", last_standing(game, m))))
    game.emit("attack", f"{game.name(m)}: {technique.name} at a Saibaman: {roll.text()}.",
              die=roll.die, total=roll.total)  # fmt: skip
    return roll


def _shot_down(game: PrimeTimeGame, t: Token, roll: Roll) -> None:
    if roll.critical:
        burst(game, t, _holding(game, t))
    elif roll.hit:
        destroyed(game, t, "is shot down")


@HANDLERS.register("shot_rerolled")
def shot_rerolled(game: PrimeTimeGame, args: JsonDict) -> None:
    """The new roll stands ("Must accept the new result")."""
    m, t = game.model(args["model"]), token(game, args["token"])
    if args["choice"] != "reroll" or t is None:
        return
    reroll.spend(game, m)
    technique = attacks.techniques(game, m)[args["technique"]]
    _shot_down(game, t, _shot(game, m, technique, t, game.d20()))


def break_options(game: PrimeTimeGame, m: ModelState, taken: list[str]) -> list[Option]:
    if BREAK in taken or not held(game, m):
        return []
    return [Option(BREAK, f"break free of the grab (1 action, D20 + IMP {_needs(game, m)}+)")]


def _needs(game: PrimeTimeGame, m: ModelState) -> int:
    """ "Saiyan targets: ≥ 18 — their tail is exposed" (the race or the keyword)."""
    character = game.character(m)
    saiyan = character.race == "Saiyan" or character.keyword("Saiyan")
    return BREAK_FREE_SAIYAN if saiyan else BREAK_FREE


def break_free(game: PrimeTimeGame, m: ModelState) -> None:
    die, imp, extra = game.d20(), stat(game, m, "imp"), last_standing(game, m)
    total, needs = die + imp + extra, _needs(game, m)
    freed = total >= needs
    game.emit("break_free", f"{game.name(m)} tries to break free: d20 {die} {imp:+d} IMP"
              + (f" {extra:+d} last standing" if extra else "")
              + f" = {total} against {needs}: {'free' if freed else 'still held'}.")  # fmt: skip
    if freed:
        for t in game.state.tokens:
            if t.grabbing == m.uid:
                t.grabbing = None
