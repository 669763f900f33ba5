"""Steps 7-15 of the Battle Sequencer (score-ccg-2003-buu-saga-rulebook.txt p. 31-33):
Defense Shields, the damage of a successful attack and who takes it, Personality Captures
(p. 44) and the "If successful" effects."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.decisions import Option
from engine.score import damage, floating
from engine.score.cards import fold
from engine.score.effects import describe, effect_task
from engine.score.handlers import handler
from engine.score.pat import physical_attack_table
from engine.score.powers import Effect
from engine.score.state import JsonDict
from engine.score.using import triggered

if TYPE_CHECKING:
    from engine.score.game import ScoreGame


@handler("resolve_attack")
def resolve_attack(game: ScoreGame, args: JsonDict) -> None:
    state = game.state
    attack = state.attack
    if attack is None:
        return
    index = attack["player"]
    if args["stopped"]:
        game.emit("stop", f"{game.who(1 - index)} stops the attack.")
        state.attack = None
        game.then(*triggered(game, 1 - index, "stop_attack"))
        return
    if not args.get("shields_checked"):  # step 7: Defense Shields
        game.then(("defense_shields", {}))
        return
    stages, life = attack_damage(game, attack)  # steps 9-10
    game.emit("hit", f"The attack is successful: {stages} power stage(s) and {life} life "
              "card(s) of damage.")  # fmt: skip
    game.then(("take_damage", {"stages": stages, "life": life}))


@handler("take_damage")
def take_damage(game: ScoreGame, args: JsonDict) -> None:
    """Steps 12-14. Power stages of damage go to the personality in control of Combat, or
    to another the defender names: "Allies can always absorb power stages of damage
    directed to your Main Personality or other Allies", all of one attack's damage to one
    personality (p. 36); what is past 0 is life cards from the Life Deck."""
    attack = game.state.attack
    assert attack is not None
    index = attack["player"]
    defender = game.player(1 - index)
    stages, life = args["stages"], args["life"]
    target = args.get("choice")
    if (target is None or target == "deal") and stages and defender.allies:
        control = defender.control if game.in_control(1 - index) is not None else None
        first = f"take:{control if control is not None else 'mp'}"
        options = [Option("take:mp", f"{game.name(defender.mp_card)} takes them")] + [
            Option(f"take:{a.iid}", f"{game.name(a.iid)} takes them") for a in defender.allies]
        options.sort(key=lambda o: o.id != first)
        game.ask(1 - index, "absorb", f"Who takes {stages} power stage(s) of damage?",
                 options, "take_damage", **args)  # fmt: skip
        return
    if target is not None and target.startswith("capture:"):
        _personality_capture(game, index, target)
        stages, life, target = 0, 0, None  # the Ally deals no damage instead
    elif target is None and _may_capture_instead(game, attack, stages, life):
        options = [Option("deal", "Deal the damage")] + [
            Option(f"capture:{iid}", f"Capture {game.name(iid)} instead")
            for iid in defender.dragon_balls]  # fmt: skip
        game.ask(index, "personality_capture", "Capture a Dragon Ball instead of dealing the "
                 "damage?", options, "take_damage", **args)  # fmt: skip
        return
    if target == "deal":
        target = None
    taker = None if target in (None, "take:mp") else game.ally(1 - index, int(target[5:]))
    if taker is None:
        defender.stage, overflow = damage.power_stage_damage(defender.stage, stages)
    else:
        taker.stage, overflow = damage.power_stage_damage(taker.stage, stages)
    steps: list[tuple[str, JsonDict]] = []
    if overflow + life:  # step 13, then 14: a Dragon Ball on 5 or more life cards
        steps += [("life_damage", {"player": 1 - index, "remaining": overflow + life,
                                   "discarded": 0, "prevented": 0, "from_attack": True}),
                  ("capture", {"player": index})]  # fmt: skip
    steps.append(("if_successful", {"done": []}))
    game.then(*steps)


def shields(game: ScoreGame, index: int, kind: str) -> list[int]:
    """The Defense Shields of `index` against an attack of `kind` not yet activated this
    Combat: on his Drills and his Main Personality's current level (p. 48)."""
    player = game.player(index)
    sources = [player.mp_card, *player.drills]
    return [iid for iid in sources if kind in game.power(iid).shield
            and iid not in player.shields_used]  # fmt: skip


@handler("defense_shields")
def defense_shields(game: ScoreGame, args: JsonDict) -> None:
    """Step 7 (p. 48-49): a Defense Shield of the attack's kind activates by itself when
    the attack is not stopped, and the attack is unsuccessful; the defender picks which of
    several. A Focused or unstoppable attack sets them all off and is successful. A shield
    activates once per Combat (docs/rulings.md 337)."""
    attack = game.state.attack
    assert attack is not None
    index = 1 - attack["player"]
    stopping = floating.stopper(game, index, attack)
    if stopping is not None:  # p. 28: "floating effects (p. 48) may still stop attacks"
        game.emit("float", f"The floating effect of {game.name(stopping)} stops the attack.")
        game.then(("resolve_attack", {"stopped": True}))
        return
    ready = shields(game, index, attack["kind"])
    passed = {"stopped": False, "shields_checked": True}
    if not ready:
        game.then(("resolve_attack", passed))
        return
    if attack["focused"] or attack["unstoppable"]:
        game.player(index).shields_used.extend(ready)
        names = ", ".join(game.name(iid) for iid in ready)
        game.emit("shield", f"The attack gets past every Defense Shield ({names}).")
        game.then(("resolve_attack", passed))
        return
    if len(ready) == 1:
        game.then(("shield_activated", {"choice": f"shield:{ready[0]}"}))
        return
    options = [Option(f"shield:{iid}", f"Activate the Defense Shield of {game.name(iid)}")
               for iid in ready]  # fmt: skip
    game.ask(index, "shield", "Which Defense Shield activates?", options, "shield_activated")


@handler("shield_activated")
def shield_activated(game: ScoreGame, args: JsonDict) -> None:
    attack = game.state.attack
    assert attack is not None
    index = 1 - attack["player"]
    iid = int(args["choice"].split(":")[1])
    game.player(index).shields_used.append(iid)
    game.emit("shield", f"The Defense Shield of {game.name(iid)} stops the attack.")
    game.state.attack = None


def attack_damage(game: ScoreGame, attack: JsonDict) -> tuple[int, int]:
    """Steps 9-10: (power stages, life cards) of damage. Base damage: stated on the card,
    else the PAT (physical) or 4 life cards (energy); then the card's "+", Empower, and the
    damage bonuses of the attacker's Drills and of the Battleground or Location (p. 38,
    p. 41: a "+" applies even to an attack of the other kind of damage)."""
    index = attack["player"]
    made = attack["damage"]
    stages = life = 0
    if made is not None and not made[2]:
        amount, unit = made[0], made[1]
        stages, life = (amount, 0) if unit == "stages" else (0, amount)
    elif attack["kind"] == "physical":
        stages = physical_attack_table().base_damage(game.control_rating(index),
                                                     game.control_rating(1 - index))
    else:
        life = game.rules.energy_damage
    if made is not None and made[2]:
        stages, life = (stages + made[0], life) if made[1] == "stages" else (stages, life + made[0])
    card = attack["card"]
    power = game.power(card) if card is not None else None
    if attack["empowered"] and power is not None and power.empower:
        life += power.empower
    for bonus_stages, bonus_life in _bonuses(game, index, attack["kind"], attack["style"]):
        stages, life = stages + bonus_stages, life + bonus_life
    return stages, life


def _bonuses(game: ScoreGame, index: int, kind: str, style: str) -> list[tuple[int, int]]:
    player = game.player(index)
    sources = [(iid, True) for iid in player.drills]
    for owner in (0, 1):  # each player's Mastery adds to its own player's attacks
        mastery = game.player(owner).mastery
        if mastery is not None:
            sources.append((mastery, owner == index))
    if game.state.battleground is not None:
        ground = game.state.battleground
        sources.append((ground, game.state.owners[ground] == index))
    found = []
    lasting = [(iid, mine, game.power(iid).damage_bonuses) for iid, mine in sources]
    lasting += [(iid, True, effect.bonuses) for iid, effect in floating.in_force(game, index)]
    for _iid, mine, bonuses in lasting:
        for bonus in bonuses:
            if bonus.whose == "yours" and not mine:
                continue
            if bonus.kind is not None and bonus.kind != kind:
                continue
            if bonus.style is not None and bonus.style != style:
                continue
            amount = bonus.bonus.amount
            found.append((amount, 0) if bonus.bonus.unit == "stages" else (0, amount))
    return found


# p. 44 "Personality Captures": the Allies who may capture instead of dealing damage
CAPTURING_ALLIES = frozenset(fold(name) for name in (
    "Bulma", "Chi-Chi", "Frieza", "Garlic Jr.", "Guldo", "Krillin", "Master Roshi",
    "Saibaimen", "Videl", "Tien", "Yamcha"))  # fmt: skip


def _may_capture_instead(game: ScoreGame, attack: JsonDict, stages: int, life: int) -> bool:
    """Step 11, p. 44: an Ally of the list performing a successful attack that deals 1 or
    more life cards of damage may capture a Dragon Ball in play instead."""
    ally = attack["by_ally"]
    if ally is None or not game.player(1 - attack["player"]).dragon_balls:
        return False
    if fold(game.card(ally).personality or "") not in CAPTURING_ALLIES:
        return False
    defending = game.in_control(1 - attack["player"])
    stage = game.player(1 - attack["player"]).stage if defending is None else defending.stage
    return life > 0 or stages > stage  # past 0, power stages are life cards


def _personality_capture(game: ScoreGame, index: int, choice: str) -> None:
    iid = int(choice.split(":")[1])
    floating.cancel(game, 1 - index, iid)  # p. 43 "Dragon Ball Floating Effects"
    game.player(1 - index).dragon_balls.remove(iid)
    game.player(index).dragon_balls.append(iid)
    game.emit("capture", f"{game.who(index)} captures {game.name(iid)} instead of dealing "
              "damage.")  # fmt: skip
    game.then(("captured_power", {"player": index, "card": iid}))


@handler("if_successful")
def if_successful(game: ScoreGame, args: JsonDict) -> None:
    """Step 15: the attacker's "If successful" effects, in the order he picks."""
    attack = game.state.attack
    if attack is None or game.over:
        return
    card = attack["card"]
    effects: tuple[Effect, ...] = () if card is None else game.power(card).if_successful
    left = [i for i, e in enumerate(effects) if i not in args["done"]
            and not (attack["empowered"] and e.after_empower)]  # fmt: skip
    if not left:
        game.state.attack = None
        return
    if len(left) == 1:
        game.then(effect_task(effects[left[0]], attack["player"]),
                  ("if_successful", {"done": [*args["done"], left[0]]}))  # fmt: skip
        return
    options = [Option(f"effect:{i}", _sentence_case(describe(effects[i]))) for i in left]
    game.ask(attack["player"], "order", "Which \"If successful\" effect first?", options,
             "if_successful_chosen", done=args["done"])  # fmt: skip


def _sentence_case(text: str) -> str:
    return text[:1].upper() + text[1:]


@handler("if_successful_chosen")
def if_successful_chosen(game: ScoreGame, args: JsonDict) -> None:
    attack = game.state.attack
    assert attack is not None
    chosen = int(args["choice"].split(":")[1])
    effect = game.power(attack["card"]).if_successful[chosen]
    game.then(effect_task(effect, attack["player"]),
              ("if_successful", {"done": [*args["done"], chosen]}))  # fmt: skip
