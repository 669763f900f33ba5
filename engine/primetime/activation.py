"""A model's activation ("PHASE 3 — ACTIVATION PHASE"): two actions chosen from the legal
ones (Move, Attack, Charge, Ki Assault, Power-Up or Recharge), the Focus Tax, and the
"MOVEMENT SYSTEM" (1st and 2nd Move values, at most two movement actions). Movement is
asked as a finite set of 1" grid points; any other legal point may be answered too."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from engine.core.decisions import JsonDict, Option
from engine.primetime import (
    affiliation,
    altitude,
    attacks,
    climb,
    command,
    corrupt,
    devoted,
    engagement,
    fusion,
    geometry,
    held,
    lasting,
    paths,
    play,
    reroll,
    saibamen,
    states,
    wish,
)
from engine.primetime.damage import last_standing
from engine.primetime.data import Technique
from engine.primetime.geometry import (
    MELEE,
    Base,
    Point2,
    edge_distance,
    grid_array,
    line_of_sight,
)
from engine.primetime.handlers import HANDLERS, POINT_CHECKS
from engine.primetime.options import answered_point, point_options
from engine.primetime.state import Activation
from engine.primetime.stats import stat, wears_weights

if TYPE_CHECKING:
    from engine.core.decisions import Decision
    from engine.primetime.game import PrimeTimeGame
    from engine.primetime.state import ModelState

# a moving attack's search: (mode, target uid, how near the target the move must end)
Search = tuple[str, int, float]
# PT-13: "A model cannot take the same action twice ..."; PT-44: Climb is a movement action
REPEATABLE = frozenset({"move", "climb"})
RECOVER = "recover"  # "Flying Collision" (PT-46)


@HANDLERS.register("activation_chosen")
def activation_chosen(game: PrimeTimeGame, args: JsonDict) -> None:
    state = game.state
    player = state.players[args["player"]]
    if args["choice"] == "pass":
        player.passed = True
        game.emit("pass", f"{game.who(args['player'])} passes.")
        state.turn = 1 - args["player"]
        game.then(("next_activation", {}))
        return
    if args["choice"] == "extra":  # the turn's WT action; the player activates next
        wish.extra_activation(game, args["player"])
        game.then(("next_activation", {"spent": args["player"]}))
        return
    kind, uid = args["choice"].split(":")
    if kind == "reenter":
        wish.ask_reentry(game, args["player"], int(uid))
        return
    m = game.model(int(uid))
    player.orders -= 1
    m.activations += 1
    tax = ""
    if m.activations == 2:  # "Focus Tax": a second activation costs 2 BK
        player.bk -= game.rules.focus_tax
        tax = f" (Focus Tax: {game.rules.focus_tax} BK)"
    actions = fusion.FUSED_ACTIONS if game.character(m).fusion else game.rules.actions
    state.active = Activation(model=m.uid, actions=actions + m.bonus_actions,
                              staggered=states.STAGGERED in m.states)  # fmt: skip
    m.bonus_actions = 0  # "Transferred actions add to ... their next activation"
    game.emit("activate", f"{game.who(m.owner)} activates {game.name(m)}{tax}.")
    lasting.activated(game, m)
    if not corrupt.compulsion(game, m):  # "At the start of each ... activations"
        game.then(("action", {}))


def move_value(game: PrimeTimeGame, m: ModelState, moves_taken: int) -> int:
    """ "the first uses the 1st Move value; the second uses the 2nd Move value"."""
    tier = game.tier(m)
    value = tier.move1 if moves_taken == 0 else tier.move2
    if moves_taken == 0:  # the Condition's change to the 1st Move (never below 1")
        value = max(1, value + game.condition().move1)
    value += 1 if m.unweighted else 0  # Weighted Clothing removed: "+1 MOV ... permanently"
    # "Exhausted | ... -2 MOV" (never below 1")
    return max(1, value - 2) if fusion.EXHAUSTED in m.states else value


def _reach(game: PrimeTimeGame, m: ModelState, mode: str) -> float:
    assert game.state.active is not None
    value = move_value(game, m, game.state.active.moves)
    if mode == climb.CLIMB:
        return climb.reach(value)
    # Ki Assault: "half current Move value ... rounded down"; a Move out of melee:
    # "Must use a half-speed move (MOV ÷ 2)" (PT-23)
    halved = mode == "ki_assault" or (mode == "move" and engagement.engaged(game, m))
    return value // 2 if halved else value


def destinations(game: PrimeTimeGame, m: ModelState, mode: str, args: JsonDict,
                 ends: Sequence[Point2] | None = None) -> list[Point2]:  # fmt: skip
    """Where a move of this mode may end: a legal move whose shortest path is within reach
    (PT-4, engine.primetime.paths); a Charge
    ends within 1" of its target ("Charge Restriction"); a Ki Assault where its target is
    in range and sight. Without `ends`, the 1" grid points (and, for a Charge or a Ki
    Assault, "up to": staying put)."""
    return _legal(game, m, mode, args, _candidates(game, m, mode, args, ends))


def can_move(game: PrimeTimeGame, m: ModelState, mode: str, args: JsonDict) -> bool:
    """Whether a move of this mode has any legal end: one reached in a clear straight
    line, else (paths round obstacles) the candidates nearest first, a few at a time,
    since one legal end is enough (the whole grid is searched only for the options)."""
    points = _candidates(game, m, mode, args, None)
    if not len(points):
        return False
    here = game.base(m).centre
    points = points[np.argsort(np.hypot(points[:, 0] - here[0], points[:, 1] - here[1]),
                               kind="stable")]  # fmt: skip
    for straight_only in (True, False):  # one clear straight line will do: no graph
        start = 0
        for size in _PROBES:
            if start >= len(points):
                break
            if _legal(game, m, mode, args, points[start:start + size], True, straight_only):
                return True
            start += size
    return False


_PROBES = (12, 48, 1_000_000)  # how many candidates each try of can_move tests


def _target(game: PrimeTimeGame, m: ModelState, mode: str,
            args: JsonDict) -> tuple[Base, float] | None:  # fmt: skip
    """A Charge's or a Ki Assault's target and how near to it the move must end."""
    if mode in ("move", climb.CLIMB):
        return None
    technique = attacks.techniques(game, m)[args["technique"]]
    return game.base(game.model(args["target"])), MELEE if mode == "charge" else technique.range


def _candidates(game: PrimeTimeGame, m: ModelState, mode: str, args: JsonDict,
                ends: Sequence[Point2] | None) -> np.ndarray:  # fmt: skip
    here = game.base(m)
    points = grid_array(here.centre, _reach(game, m, mode)) if ends is None \
        else np.asarray(ends, float).reshape(-1, 2)  # fmt: skip
    if ends is None and mode != "move":
        points = np.vstack([np.asarray([here.centre]), points])
    near = _target(game, m, mode, args)
    if near is not None:  # cheap distance first: few points are near the target
        points = geometry.near(points, here.radius, *near)
    return points


def _legal(game: PrimeTimeGame, m: ModelState, mode: str, args: JsonDict,
           points: np.ndarray, first: bool = False,
           straight_only: bool = False) -> list[Point2]:  # fmt: skip
    """The legal ends among `points`; with `first`, only the first found (any will do);
    `straight_only`: only those reached in one clear straight line."""
    if mode == climb.CLIMB:
        return climb.ends(game, m, _reach(game, m, mode), points)
    return _fitting(game, m, mode, args, _ends(game, m, mode, points, straight_only), first)


def _fitting(game: PrimeTimeGame, m: ModelState, mode: str, args: JsonDict,
             legal: list[Point2], first: bool) -> list[Point2]:  # fmt: skip
    """Of the ends a move reaches, those its mode allows: a Move goes somewhere, a Ki
    Assault ends in sight of its target."""
    if mode == "move":
        here = game.base(m)
        return [p for p in legal if p != here.centre]
    if mode == "charge":
        return legal
    return _in_sight(game, m, args, legal, first)


def _ends(game: PrimeTimeGame, m: ModelState, mode: str, points: np.ndarray,
          straight_only: bool = False) -> list[Point2]:  # fmt: skip
    """The points a move of this mode's reach may end at, along its shortest path around
    bases and standing terrain (PT-4, engine.primetime.paths); `straight_only`: those
    reached in one clear straight line."""
    return [step.to for step in paths.moves(game.base(m), points, _reach(game, m, mode),
                                            game.bases_except(m), game.state.terrain,
                                            straight_only)]  # fmt: skip


def route(game: PrimeTimeGame, m: ModelState, mode: str, point: Point2) -> paths.Route | None:
    """The path a Move, Charge or Ki Assault of the active model to `point` takes now, and
    its cost (PT-4): what the map previews and the log reports. None for a Climb (PT-44,
    straight) or a point no path within reach gets to."""
    if mode == climb.CLIMB:
        return None
    return paths.route(game.base(m), point, _reach(game, m, mode), game.bases_except(m),
                       game.state.terrain)  # fmt: skip


def paid(path: paths.Route | None) -> str:
    """What a move paid against MOV, for its log line: ' (5.4" of MOV, around obstacles)'."""
    if path is None:
        return ""
    return f' ({path.cost:.1f}" of MOV{"" if path.straight else ", around obstacles"})'


def _in_sight(game: PrimeTimeGame, m: ModelState, args: JsonDict, ends: Sequence[Point2],
              first: bool) -> list[Point2]:  # fmt: skip
    """The ends a Ki Assault's target is in sight from (with `first`: the first found)."""
    here, target = game.base(m), game.base(game.model(args["target"]))
    seen = (p for p in ends if line_of_sight(here.at(*p), target, game.state.terrain))
    if first:
        return list(itertools.islice(seen, 1))
    return list(seen)


def _attack_options(game: PrimeTimeGame, m: ModelState, taken: list[str]) -> list[Option]:
    """Stationary attacks, Charges and Ki Assaults, one option per technique and target."""
    # (id, label, the moving attack's search or None)
    options: list[tuple[str, str, Search | None]] = []
    moves_left = game.state.active is not None and game.state.active.moves < game.rules.move_cap \
        and climb.may_walk(game, m) and held.may_move(m) and not saibamen.held(game, m)  # fmt: skip
    here = game.base(m)
    # the moving attacks worth a search, by (mode, target, distance to end within): the
    # same search for every technique of that mode and distance at that target
    wanted: dict[Search, JsonDict] = {}
    reaches: dict[str, float] = {}
    for index, technique in enumerate(attacks.techniques(game, m)):
        if not attacks.affordable(game, m, technique):
            continue
        for target in game.enemies(m):
            label = f"{technique.name} at {game.name(target)}"
            if "attack" not in taken and attacks.can_target(game, m, technique, target):
                options.append((f"attack:{index}:{target.uid}", label, None))
            mode = _moving_attack(technique)
            if mode is None or mode in taken or not moves_left:
                continue
            distance = MELEE if mode == "charge" else technique.range
            if mode not in reaches:
                reaches[mode] = _reach(game, m, mode)
            if edge_distance(here, game.base(target)) > reaches[mode] + distance + 1e-9:
                continue  # out of reach whatever the path: skip the search
            key = (mode, target.uid, distance)
            wanted.setdefault(key, {"target": target.uid, "technique": index})
            verb = "Charge" if mode == "charge" else "Ki Assault"
            options.append((f"{mode}:{index}:{target.uid}", f"{verb}: {label}", key))
    found = _reachable(game, m, wanted)
    return [Option(id_, label) for id_, label, key in options if key is None or key in found]


def _reachable(game: PrimeTimeGame, m: ModelState,
               wanted: dict[Search, JsonDict]) -> set[Search]:  # fmt: skip
    """Which of the wanted Charges and Ki Assaults have a legal end: the candidate ends of
    every one of a mode are tested in one search (the same reach), then split again."""
    found = set()
    for mode in ("charge", "ki_assault"):
        keys = [key for key in wanted if key[0] == mode]
        if not keys:
            continue
        blocks = [_candidates(game, m, mode, wanted[key], None) for key in keys]
        # the ends reached straight first; the paths round obstacles only for the rest
        for straight_only in (True, False):
            left = [(key, block) for key, block in zip(keys, blocks, strict=True)
                    if key not in found and len(block)]  # fmt: skip
            if not left:
                break
            legal = set(_ends(game, m, mode, np.vstack([b for _, b in left]), straight_only))
            for key, block in left:
                ends = [p for p in map(tuple, block.tolist()) if p in legal]
                if mode == "ki_assault":
                    ends = _in_sight(game, m, wanted[key], ends, first=True)
                if ends:
                    found.add(key)
    return found


def _moving_attack(technique: Technique) -> str | None:
    """Charge needs a melee technique; Ki Assault "Cannot use Beam attacks"."""
    if technique.kind == "melee":
        return "charge"
    return "ki_assault" if technique.kind == "ranged" else None


@HANDLERS.register("action")
def ask_action(game: PrimeTimeGame, args: JsonDict) -> None:
    active = game.state.active
    assert active is not None
    m = game.model(active.model)
    if active.actions <= 0 or m.status != "active":
        game.then(("end_activation", {}))
        return
    if states.must_recover(m):  # "Flying Collision": nothing else before it (PT-46)
        options = [Option(RECOVER, "recover altitude (1 action)"),
                   Option("end", "end the activation")]
        game.ask(m.owner, "action", f"{game.name(m)} was knocked back in the air: recover "
                 f"its altitude first ({active.actions} left).", options, "action_chosen")
        return
    options = []
    # "Movement Cap": Climb counts too; a held model cannot move (PT-49, "Grabbed")
    if active.moves < game.rules.move_cap and held.may_move(m) and not saibamen.held(game, m):
        if climb.may_walk(game, m) and can_move(game, m, "move", {}):
            options.append(Option("move", f'Move (up to {_reach(game, m, "move"):g}")'))
        if climb.ground_bound(game, m) and can_move(game, m, climb.CLIMB, {}):
            options.append(Option(climb.CLIMB,
                                  f'Climb (up to {_reach(game, m, climb.CLIMB):g}")'))
    options += _attack_options(game, m, active.taken)
    options += saibamen.shoot_options(game, m, active.taken)
    options += saibamen.deploy_options(game, m, active.taken)
    options += saibamen.break_options(game, m, active.taken)
    options += play.options(game, m)
    options += affiliation.options(game, m)
    options += command.options(game, m)
    options += corrupt.options(game, m, active.taken)
    options += lasting.options(game, m, active.taken)
    if active.fresh and wears_weights(game, m) and active.free < game.rules.free_cap:
        # "Remove: free action at start of activation only"
        options.append(Option("unweight", "take off the Weighted Clothing (free action)"))
    options += devoted.options(game, m, active.actions)
    options += devoted.support_options(game, m)
    boost = "recharge" if game.character(m).race == "Android" else "power_up"
    if boost not in active.taken:
        options.append(Option(boost, "Recharge" if boost == "recharge" else "Power-Up"))
    options.append(Option("end", "end the activation"))
    game.ask(m.owner, "action", f"{game.name(m)}: choose an action ({active.actions} left, "
             f"{game.state.players[m.owner].bk} BK).", options, "action_chosen")  # fmt: skip


@HANDLERS.register("action_chosen")
def action_chosen(game: PrimeTimeGame, args: JsonDict) -> None:
    active = game.state.active
    assert active is not None
    m = game.model(active.model)
    choice: str = args["choice"]
    if choice == "end":
        game.then(("end_activation", {}))
        return
    kind, *rest = choice.split(":")
    active.fresh = False
    if kind == "unweight":
        active.free += 1
        m.unweighted = True
        game.emit("unweight", f"{game.name(m)} takes off its Weighted Clothing: +1 MOV and "
                  "+1 RFX for good, no more +1 FOC and IMP.")  # fmt: skip
        game.then(("action", {}))
        return
    if kind == play.PLAY:  # counts its own action, or free action (PT-29)
        play.play(game, m, int(rest[0]))
        return
    if kind == affiliation.ACTION:  # WT, not an action slot (PT-47)
        affiliation.use(game, m)
        return
    if kind == command.COMMAND:  # free, not an action slot (PT-48)
        command.use(game, m, rest[0])
        return
    if kind == "release":  # a free action
        corrupt.release(game, m, game.model(int(rest[0])))
        game.then(("action", {}))
        return
    if kind == lasting.EAT:  # a free action
        lasting.eat(game, m, game.model(int(rest[0])))
        game.then(("action", {}))
        return
    active.actions -= 1
    if kind not in REPEATABLE:
        active.taken.append(kind)
    if kind == "devote":
        devoted.devote(game, m, int(rest[0]))
        return
    if kind == RECOVER:
        states.recover(game, m)
    elif kind == "support":
        devoted.support(game, m, game.model(int(rest[0])))
    elif kind in ("power_up", "recharge"):
        power_up(game, m) if kind == "power_up" else recharge(game, m)
    elif kind == lasting.BREAK:
        lasting.break_free(game, m, rest[0])
    elif kind == "corrupt":
        corrupt.corrupt(game, m, game.model(int(rest[0])))
    elif kind == saibamen.SHOOT:
        saibamen.shoot(game, m, int(rest[0]), int(rest[1]))
    elif kind == saibamen.BREAK:
        saibamen.break_free(game, m)
    elif kind == saibamen.DEPLOY:
        saibamen.ask_place(game, m, 0)
        return
    elif kind == "attack":
        strike = {"attacker": m.uid, "technique": int(rest[0]), "target": int(rest[1])}
        game.then(("attack", strike), ("action", {}))
        return
    else:  # Move, Charge, Ki Assault: each counts toward the "Movement Cap"
        moving: JsonDict = {"mode": kind}
        if rest:
            moving |= {"technique": int(rest[0]), "target": int(rest[1])}
        if kind == "move" and altitude.can_change(game, m):
            altitude.ask_level(game, m, moving)
            return
        ask_destination(game, m, moving)
        return
    game.then(("action", {}))


@HANDLERS.register("ask_destination")
def destination_task(game: PrimeTimeGame, args: JsonDict) -> None:
    active = game.state.active
    assert active is not None
    ask_destination(game, game.model(active.model), args)


def ask_destination(game: PrimeTimeGame, m: ModelState, moving: JsonDict) -> None:
    points = destinations(game, m, moving["mode"], moving)
    if not points:  # PT-17: an altitude change that leaves no way to go is the move
        game.state.active.moves += 1  # type: ignore[union-attr]
        game.then(("action", {}))
        return
    game.ask(m.owner, "destination", f"{game.name(m)}: where to?",
             point_options(points), "moved", **moving)  # fmt: skip


def _check_destination(game: PrimeTimeGame, args: JsonDict, point: Point2) -> str | None:
    active = game.state.active
    assert active is not None
    m = game.model(active.model)
    if destinations(game, m, args["mode"], args, [point]):
        return None
    if args["mode"] != climb.CLIMB:  # the path's reason first: too far (around), no room
        problem = paths.refusal(game.base(m), point, _reach(game, m, args["mode"]),
                                game.bases_except(m), game.state.terrain)  # fmt: skip
        if problem is not None:
            return f"not a legal end for this move: {problem}"
    return "not a legal end for this move (reach, bases, terrain, board, or target)"


POINT_CHECKS["destination"] = _check_destination


@HANDLERS.register("moved")
def moved(game: PrimeTimeGame, args: JsonDict) -> None:
    active = game.state.active
    assert active is not None
    m = game.model(active.model)
    path = route(game, m, args["mode"], answered_point(args))  # measured before it counts
    active.moves += 1
    if args["mode"] == "move" and engagement.offer(game, m, args, paid(path)):
        return  # the free strike first, then the move (engagement.free_struck)
    if args["mode"] == climb.CLIMB:
        climb.climbed(game, m, answered_point(args))
        game.then(("action", {}))
        return
    game.put(m, answered_point(args))
    game.emit("move", f'{game.name(m)} moves to ({m.x:g}", {m.y:g}"){paid(path)}.')
    if args["mode"] == "move":
        game.then(("action", {}))
        return
    strike = {"attacker": m.uid, "technique": args["technique"], "target": args["target"]}
    game.then(("attack", strike), ("action", {}))


@HANDLERS.register("end_activation")
def end_activation(game: PrimeTimeGame, args: JsonDict) -> None:
    active = game.state.active
    assert active is not None
    m = game.model(active.model)
    owner = m.owner
    if active.staggered and states.STAGGERED in m.states:
        # "Until end of their next activation"
        m.states.remove(states.STAGGERED)
    game.state.active = None
    game.state.turn = 1 - owner
    game.then(("next_activation", {}))


def power_up(game: PrimeTimeGame, m: ModelState) -> None:
    """ "Power-Up": a failed roll (under 15) may be re-rolled (PT-42)."""
    die = game.d20()
    lowest = game.rules.power_up[-2][0]
    if die + stat(game, m, "spr") + last_standing(game, m) < lowest \
            and reroll.can_reroll(game, m):  # fmt: skip
        game.emit("power_up", f"{game.name(m)} powers up: d20 {die}.")
        reroll.ask(game, m, "The Power-Up", "power_rerolled", die=die)
        return
    powered(game, m, die)


@HANDLERS.register("power_rerolled")
def power_rerolled(game: PrimeTimeGame, args: JsonDict) -> None:
    assert game.state.active is not None
    m = game.model(game.state.active.model)
    if args["choice"] == "reroll":
        reroll.spend(game, m)
        powered(game, m, game.d20())
    else:
        powered(game, m, args["die"])


def powered(game: PrimeTimeGame, m: ModelState, die: int) -> None:
    """ "Power-Up": +1 BK always; D20 + SPR 15+: 2 BK and 1 SK; 25+: 4 BK and 2 SK."""
    spr = stat(game, m, "spr")
    total = die + spr + last_standing(game, m)
    bk, sk = next((bk, sk) for at, bk, sk in game.rules.power_up if total >= at)
    player = game.state.players[m.owner]
    player.bk = min(game.rules.bk_cap, player.bk + bk)
    m.sk = min(game.character(m).sk_cap, m.sk + sk)
    game.emit("power_up", f"{game.name(m)} powers up: d20 {die} + SPR {spr} = {total}: +{bk} BK"
              + (f", +{sk} SK" if sk else "") + ".")  # fmt: skip


def recharge(game: PrimeTimeGame, m: ModelState) -> None:
    """ "Android Recharge": D20 + FOC 15+ gives 3 BK, else 1 BK; no SK."""
    die = game.d20()
    foc = stat(game, m, "foc")
    total = die + foc + last_standing(game, m)
    bk = next(bk for at, bk in game.rules.recharge if total >= at)
    player = game.state.players[m.owner]
    player.bk = min(game.rules.bk_cap, player.bk + bk)
    game.emit("recharge", f"{game.name(m)} recharges: d20 {die} + FOC {foc} = {total}: +{bk} BK.")


def point_problem(game: PrimeTimeGame, decision: Decision, point: Point2) -> str | None:
    """Why a point answered to a decision is illegal (None: legal)."""
    check = POINT_CHECKS.get(decision.kind)
    if check is None:
        return "this decision is answered with one of its options, not with a point"
    return check(game, decision.resume.args, point)
