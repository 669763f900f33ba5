"""Model states ("Model States") and being Thrown ("THROWN / KNOCKBACK RESOLUTION").
Staggered: only Brace as a Z-Reaction, a flyer saves or falls; it lasts until the end of
the model's next activation, and Cleanup clears it (engine.primetime.lasting.cleanup).
The flyer's save and a collision's Reflex Save may be re-rolled by the active player, and
a throw or a Staggered waits behind such a decision (PT-66, engine.primetime.reroll)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.decisions import JsonDict
from engine.primetime import climb, reroll
from engine.primetime.altitude import NAMES
from engine.primetime.damage import harm
from engine.primetime.dice import roll
from engine.primetime.geometry import Point2, degrade, throw
from engine.primetime.handlers import HANDLERS

if TYPE_CHECKING:
    from engine.primetime.game import PrimeTimeGame
    from engine.primetime.state import ModelState

STAGGERED = "staggered"
# "Flying Collision": a knocked-back airborne model owes 1 action to recover (PT-46)
RECOVERING = "recovering altitude"
FLYING_SAVE = 14  # "Staggered while flying: Roll D20 + FOC ≥ 14 save"
REFLEX_SAVE = 14  # "Hit model: rolls D20 + RFX ≥ 14 (Reflex Save)"
COLLISION_DAMAGE = 1  # "Takes 1 DMG (automatic, no save)"
IMPACT_THROW = 4.0  # "Impactful: On Critical Success: target Thrown 4""


def stagger(game: PrimeTimeGame, m: ModelState) -> None:
    if reroll.later(game, "then_stagger", model=m.uid):
        return
    if m.status != "active" or STAGGERED in m.states:
        return
    m.states.append(STAGGERED)
    game.emit("staggered", f"{game.name(m)} is Staggered.")
    if m.level > 0 and not _flying_save(game, m) and not reroll.offer_save(
            game, m, f"{game.name(m)}'s save against falling", "flying_save_rerolled"):
        fall(game, m)


def _flying_save(game: PrimeTimeGame, m: ModelState) -> bool:
    """ "Staggered while flying: Roll D20 + FOC ≥ 14 save"."""
    rolled = roll(game, m, "foc")
    kept = rolled.total >= FLYING_SAVE
    game.emit("save", f"{game.name(m)} {'keeps its altitude' if kept else 'fails its save'}: "
              f"{rolled.text} (needs {FLYING_SAVE}).")  # fmt: skip
    return kept


@HANDLERS.register("then_stagger")
def stagger_step(game: PrimeTimeGame, args: JsonDict) -> None:
    stagger(game, game.model(args["model"]))


@HANDLERS.register("flying_save_rerolled")
def flying_save_rerolled(game: PrimeTimeGame, args: JsonDict) -> None:
    """The new roll stands ("Must accept the new result", PT-66)."""
    m = game.model(args["model"])
    if reroll.answered(game, args) and _flying_save(game, m):
        return
    if m.status == "active" and m.level > 0:
        fall(game, m)


def fall(game: PrimeTimeGame, m: ModelState) -> None:
    """A fall to the Ground: "Take 1 DMG per level fallen (L1 → 1 DMG; L2 → 2 DMG).
    Undeniable." (no RES)."""
    fallen = m.level
    game.emit("fall", f"{game.name(m)} falls from {NAMES[m.level]}: {fallen} damage.")
    m.level = 0
    harm(game, m, fallen)


def must_recover(m: ModelState) -> bool:
    """ "it must spend 1 action recovering altitude before it can act normally (move,
    attack, Power-Up, etc.) that activation"; a model since fallen to the Ground has no
    altitude to recover (PT-46)."""
    if RECOVERING in m.states and m.level == 0:
        m.states.remove(RECOVERING)
    return RECOVERING in m.states


def recover(game: PrimeTimeGame, m: ModelState) -> None:
    m.states.remove(RECOVERING)
    game.emit("recover", f"{game.name(m)} recovers its altitude ({NAMES[m.level]}).")


def thrown(game: PrimeTimeGame, m: ModelState, away_from: Point2, distance: float) -> None:
    """Move the model straight away from `away_from`; a collision with a model costs the
    thrown 1 DMG and the hit model a Reflex Save; with terrain 1 DMG and the piece degrades;
    the board edge Staggers ("Board Edge")."""
    if reroll.later(game, "then_thrown", model=m.uid, away_from=list(away_from),
                    distance=distance):  # fmt: skip
        return
    others = [o for o in game.state.models if o.on_table and o.uid != m.uid]
    # a Saibaman token stops it too (after the models: PT-56)
    path = throw(game.base(m), away_from, distance, game.bases_except(m), game.state.terrain)
    m.x, m.y = path.to
    game.emit("thrown", f'{game.name(m)} is thrown to ({m.x:g}", {m.y:g}").')
    if climb.ground_bound(game, m):
        _off_its_piece(game, m)
    elif m.level > 0 and RECOVERING not in m.states:
        m.states.append(RECOVERING)
    if path.stopped_by == "edge":
        stagger(game, m)
    elif path.stopped_by == "model" and path.index is not None and path.index >= len(others):
        game.emit("collision", f"{game.name(m)} crashes into a Saibaman.")
        harm(game, m, COLLISION_DAMAGE)
    elif path.stopped_by == "model" and path.index is not None:
        hit = others[path.index]
        game.emit("collision", f"{game.name(m)} crashes into {game.name(hit)}.")
        harm(game, m, COLLISION_DAMAGE)
        if not _reflex_save(game, hit) and hit.status == "active" and not reroll.offer_save(
                game, hit, f"{game.name(hit)}'s Reflex Save", "reflex_save_rerolled"):
            harm(game, hit, COLLISION_DAMAGE)
    elif path.stopped_by == "terrain" and path.index is not None:
        piece = game.state.terrain[path.index]
        game.state.terrain[path.index] = degrade(piece)
        game.emit("collision", f"{game.name(m)} crashes into the {piece.name}: "
                  f"{game.state.terrain[path.index].state}.")  # fmt: skip
        harm(game, m, COLLISION_DAMAGE)


def _off_its_piece(game: PrimeTimeGame, m: ModelState) -> None:
    """PT-44: a climber has no flight to keep ("Ground-bound models cannot go airborne
    except via Climb", "no mid-air stops"): thrown off the piece it stood on, it falls to
    what is under it, a lower piece's top or the Ground ("Take 1 DMG per level fallen");
    it has no altitude to recover."""
    if m.level == 0:
        return
    assert m.x is not None and m.y is not None
    piece = climb.piece_under((m.x, m.y), game.base_radius(m), game.state.terrain)
    under = 0 if piece is None else min(m.level, climb.top_level(piece) or 0)
    if under == m.level:
        return
    fallen = m.level - under
    game.emit("fall", f"{game.name(m)} is thrown off its piece and falls from "
              f"{NAMES[m.level]} to {NAMES[under]}: {fallen} damage.")  # fmt: skip
    m.level = under
    harm(game, m, fallen)


def _reflex_save(game: PrimeTimeGame, hit: ModelState) -> bool:
    """ "Hit model: rolls D20 + RFX ≥ 14 (Reflex Save). On failure: takes 1 DMG"."""
    rolled = roll(game, hit, "rfx")
    game.emit("save", f"{game.name(hit)}'s reflex save: {rolled.text} "
              f"(needs {REFLEX_SAVE}).")  # fmt: skip
    return rolled.total >= REFLEX_SAVE


@HANDLERS.register("then_thrown")
def thrown_step(game: PrimeTimeGame, args: JsonDict) -> None:
    m = game.model(args["model"])
    if m.status == "active":
        x, y = args["away_from"]
        thrown(game, m, (x, y), args["distance"])


@HANDLERS.register("reflex_save_rerolled")
def reflex_save_rerolled(game: PrimeTimeGame, args: JsonDict) -> None:
    """The new roll stands ("Must accept the new result", PT-66)."""
    hit = game.model(args["model"])
    if reroll.answered(game, args) and _reflex_save(game, hit):
        return
    if hit.status == "active":
        harm(game, hit, COLLISION_DAMAGE)
