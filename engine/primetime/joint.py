"""Joint Attack ("Joint Attack | Passive pair synergy that fires when conditions are met.
Both models must be non-Dazed and in roster, and neither may be Staggered or Bound. See
CardPoolReference for full card text."). We do not have that reference: a pair's Joint
Attack is data (data/primetime/table/joint-attacks.yaml, docs/primetime-data.md; a
server's own in its imported sets, PT-67), in the game's pool and checked with it; it
fires after a hit (PT-58)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from engine.core.decisions import JsonDict
from engine.primetime import reroll
from engine.primetime.damage import harm
from engine.primetime.data import DATA_DIR, DataError, Technique, load_list
from engine.primetime.geometry import EPS, edge_distance
from engine.primetime.handlers import HANDLERS
from engine.primetime.held import BOUND
from engine.primetime.joint_data import JointAttack, pair_problem
from engine.primetime.pool import Pool, sample_pool
from engine.primetime.states import STAGGERED, stagger
from engine.primetime.stats import stat

if TYPE_CHECKING:
    from engine.primetime.game import PrimeTimeGame
    from engine.primetime.state import ModelState

SAMPLE = DATA_DIR / "table" / "joint-attacks.yaml"


def load(path: Path, pool: Pool) -> dict[str, JointAttack]:
    """The file's Joint Attacks, each pair of known characters that both carry the Joint
    Attack keyword; ids unique. Errors name the file, the entry and the field."""
    found: dict[str, JointAttack] = {}
    for joint in load_list(path, JointAttack):
        where = f"{path.name}: entry {joint.id}"
        if joint.id in found:
            raise DataError(f"{where}: two entries with this id")
        problem = pair_problem(joint, pool.characters)
        if problem is not None:
            raise DataError(f"{where}: {problem}")
        found[joint.id] = joint
    return found


def joint_attacks() -> dict[str, JointAttack]:
    """The sample's (a game reads its own pool's: a server may import more, PT-67)."""
    return sample_pool().joints


def _able(m: ModelState) -> bool:
    """ "non-Dazed and in roster, and neither may be Staggered or Bound" (PT-58)."""
    return m.status == "active" and STAGGERED not in m.states and BOUND not in m.states


def after_hit(game: PrimeTimeGame, attacker: ModelState, technique: Technique,
              target: ModelState) -> None:  # fmt: skip
    """Fire every Joint Attack of the attacker's pair whose conditions hold, once a round;
    behind a save's re-roll decision (the hit's state) it waits its turn (PT-66)."""
    if not reroll.later(game, "then_joint", attacker=attacker.uid, target=target.uid,
                        ranged=technique.ranged):  # fmt: skip
        _after_hit(game, attacker, technique.ranged, target)


@HANDLERS.register("then_joint")
def joint_step(game: PrimeTimeGame, args: JsonDict) -> None:
    _after_hit(game, game.model(args["attacker"]), args["ranged"], game.model(args["target"]))


def _after_hit(game: PrimeTimeGame, attacker: ModelState, ranged: bool,
               target: ModelState) -> None:  # fmt: skip
    if target.owner == attacker.owner or not _able(attacker) or game.state.winner is not None:
        return
    player = game.state.players[attacker.owner]
    for joint in game.pool.joints.values():
        if attacker.character not in joint.pair or joint.id in player.joints:
            continue
        wanted = joint.trigger.attack
        if wanted != "any" and (wanted == "ranged") != ranged:
            continue
        other = joint.pair[1 - joint.pair.index(attacker.character)]
        partner = next((m for m in game.state.models if m.owner == attacker.owner
                        and m.character == other and _able(m)), None)  # fmt: skip
        if partner is None or not target.on_table or edge_distance(
                game.base(partner), game.base(target)) > joint.trigger.within + EPS:
            continue
        player.joints.append(joint.id)
        _fire(game, joint, attacker, partner, target)


def _fire(game: PrimeTimeGame, joint: JointAttack, attacker: ModelState,
          partner: ModelState, target: ModelState) -> None:  # fmt: skip
    game.emit("joint", f"Joint Attack: {joint.name} ({game.name(attacker)} and "
              f"{game.name(partner)}): {joint.text}")  # fmt: skip
    effect = joint.effect
    if effect.bk:
        player = game.state.players[attacker.owner]
        player.bk = min(game.rules.bk_cap, player.bk + effect.bk)
    if effect.damage and target.status == "active":
        dealt = max(0, effect.damage - stat(game, target, "res"))
        game.emit("damage", f"{game.name(target)} takes {dealt} damage ({joint.name}: "
                  f"{effect.damage} - RES).", damage=dealt)  # fmt: skip
        harm(game, target, dealt)
    if effect.stagger and game.state.winner is None:
        stagger(game, target)
