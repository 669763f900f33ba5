"""The Score family's referee on the engine's task machine (engine.core.machine): the game
object and the turn's steps (score-ccg-2003-buu-saga-rulebook.txt p. 23; the OCG's 5
steps): drawing, powering up, declaring Combat, the Combat Step's start (p. 24), the
defender's draw, discarding to one card and rejuvenating. Page numbers are the Score
rulebook's.

The rest of the referee is split by job, each module registering its tasks:
engine.score.beginning (set-up decisions, p. 21-22), placing (the Non-Combat Step),
prepare ("When entering Combat"), battle (phases (d) and (e)), control (Allies taking
over Combat), using (using a card or power), hits (steps 7-15 of the Battle Sequencer),
life_cards (life-card damage, Endurance, Life Card Capture), effects (what card effects
do), fusion (p. 53), needed ("Use when needed", p. 51) and floating (p. 48); the Ginyu
Force and Mighty Mask are data in engine.score.personalities (p. 50). Card powers are
read by engine.score.cardtext; docs/games.md lists what is not refereed yet."""

from __future__ import annotations

import re
from collections.abc import Sequence

from engine.core.decisions import Option
from engine.core.events import Event
from engine.core.machine import TaskMachine
from engine.score import (
    allies,
    battle,
    beginning,
    floating,
    fusion,
    hits,
    levels,
    life_cards,
    needed,
    personalities,
    prepare,
    using,
)
from engine.score import control as control_tasks
from engine.score import effects as effect_tasks
from engine.score import placing as placing_tasks
from engine.score.cards import Card, CardPool, CardType
from engine.score.cardtext import compile_power
from engine.score.deckcheck import ScoreDeck
from engine.score.handlers import HANDLERS, handler
from engine.score.pat import PowerRating
from engine.score.placing import dragon_ball_victory, placing_problem_of
from engine.score.powers import Power
from engine.score.rulesets import RULESETS, ScoreRuleset
from engine.score.state import AllyInPlay, JsonDict, ScorePlayer, ScoreState

# the modules whose tasks make up the rest of the referee (each registers its handlers)
REFEREE_MODULES = (battle, beginning, control_tasks, effect_tasks, fusion, hits, life_cards,
                   needed, placing_tasks, prepare, using)  # fmt: skip


class ScoreGame(TaskMachine):
    handlers = HANDLERS
    state: ScoreState

    def __init__(self, state: ScoreState, pool: CardPool) -> None:
        self.state = state
        self.pool = pool
        self.rules: ScoreRuleset = RULESETS[state.ruleset]
        self._cards: list[Card] = [self._find(name) for name in state.cards]
        self.events: list[Event] = []

    def _find(self, name: str) -> Card:
        card = self.pool.find(name)
        if card is None:
            raise ValueError(f"unknown card {name!r}")
        return card

    # --- set-up (p. 21-22) ---------------------------------------------------------------
    @classmethod
    def new(cls, decks: Sequence[ScoreDeck], seed: int, ruleset: str, pool: CardPool) -> ScoreGame:
        if len(decks) != 2:
            raise ValueError("a game has two decks")
        rules = RULESETS[ruleset]
        names: list[str] = []
        owners: list[int] = []

        def instance(name: str, owner: int) -> int:
            names.append(name)
            owners.append(owner)
            return len(names) - 1

        players: list[ScorePlayer] = []
        for owner, deck in enumerate(decks):
            mp = [instance(name, owner) for name in deck.main_personality]  # step 1
            player = ScorePlayer(mp=mp, stage=rules.mp_start_stage)  # step 7
            for name, copies in deck.life.items():
                for _ in range(copies):
                    player.life.append(instance(name, owner))
            player.sensei_deck = [
                instance(name, owner) for name, copies in deck.sensei_deck.items()
                for _ in range(copies)
            ]  # fmt: skip
            player.tokui_waza = deck.tokui_waza.value if deck.tokui_waza else None  # step 5
            players.append(player)
        levels_reached = tuple(len(p.mp) for p in players)
        state = ScoreState(ruleset=ruleset, seed=seed, rng=seed & ((1 << 64) - 1), cards=names,
                           owners=owners, players=players,
                           win_level=levels.mppv_level(levels_reached))  # step 3  # fmt: skip
        game = cls(state, pool)
        for index, (player, deck) in enumerate(zip(players, decks, strict=True)):
            mp_card = game.card(player.mp[0])
            player.alignment = personalities.rule_of(mp_card.personality or "").alignment or (
                deck.alignment or mp_card.alignment or "hero")  # step 2; p. 50 Ginyu Force
            for iid in list(player.life):  # steps 4 and 6: Sensei and Mastery on the playmat
                kind = game.card(iid).type
                if kind == CardType.MASTERY and player.mastery is None:
                    player.mastery = iid
                    player.life.remove(iid)
                elif kind == CardType.SENSEI and player.sensei is None:
                    player.sensei = iid
                    player.life.remove(iid)
            game.emit("setup", f"{game.who(index)}: {mp_card.personality}, "
                      f"{len(player.mp)} levels ({player.alignment}).")  # fmt: skip
        game.emit("setup", f"Most Powerful Personality Victory at level {state.win_level}.")
        steps: list[tuple[str, JsonDict]] = [
            ("declare_rogue", {"player": index}) for index, player in enumerate(players)
            if player.alignment == "rogue"]  # step 2, for a deck that did not declare
        steps.append(("opening", {}))
        steps += [("sensei_swap", {"player": index, "chosen": []})
                  for index, player in enumerate(players) if player.sensei_deck]  # step 11
        steps.append(("begin_turn", {}))
        game.then(*steps)
        game.run()
        return game

    @classmethod
    def from_json(cls, text: str, pool: CardPool) -> ScoreGame:
        return cls(ScoreState.from_json(text), pool)

    def to_json(self) -> str:
        return self.state.to_json()

    # --- lookups -------------------------------------------------------------------------
    def card(self, iid: int) -> Card:
        return self._cards[iid]

    def name(self, iid: int) -> str:
        return self.state.cards[iid]

    def player(self, index: int) -> ScorePlayer:
        return self.state.players[index]

    def top_stage(self, player: ScorePlayer) -> int:
        return len(self.card(player.mp_card).power_stages)

    def power(self, iid: int) -> Power:
        """What the card's power text does (engine.score.cardtext). In the OCG, "All text
        on a card after 'Mastery: ' is only to be used if you declared a Tokui-Waza": the
        card's owner's declaration (docs/rulings.md 360)."""
        text = self.card(iid).text
        if self.rules.mastery_codeword and self.player(self.state.owners[iid]).tokui_waza is None:
            text = re.split(r"\bmastery:", text, maxsplit=1, flags=re.IGNORECASE)[0]
        return compile_power(text)

    def rating(self, player: ScorePlayer, stage: int | None = None) -> PowerRating:
        """The MP's power rating at its Scouter (stage 0 rates 0: PAT bracket A)."""
        at = player.stage if stage is None else stage
        return 0 if at <= 0 else self.card(player.mp_card).power_stages[at - 1]

    def climb(self, player: ScorePlayer) -> levels.Climb:
        """The MP's level, Scouter and Warrior Sword for engine.score.levels."""
        tops = tuple(len(self.card(iid).power_stages) for iid in player.mp)
        if player.fusion is not None and player.fusion.with_mp:  # p. 53: its own Scouter
            tops = (len(self.card(player.mp_card).power_stages),) * len(tops)
        return levels.Climb(player.level, len(player.mp), player.stage, tops, player.anger,
                            player.mppv_barred)  # fmt: skip

    def settle(self, index: int, climb: levels.Climb, change: levels.LevelChange) -> None:
        """Write back what a level change did (p. 30): a new level's power may be used
        again, Drills are discarded, and reaching the announced level wins."""
        player = self.player(index)
        player.level, player.stage, player.anger = climb.level, climb.stage, climb.anger
        player.mppv_barred = climb.mppv_barred
        if change.advanced:
            player.mp_power_used = False
            verb = "advances" if change.advanced > 0 else "is lowered"
            self.emit("level", f"{self.who(index)} {verb} to level {player.level}: "
                      f"{self.name(player.mp_card)}.")  # fmt: skip
        if change.drills_discarded and player.drills:
            player.discard.extend(player.drills)
            self.emit("discard", f"{self.who(index)}'s Drills are discarded.")
            player.drills.clear()
        if change.wins_mppv:
            self.win(index, "mppv")

    def ally(self, index: int, iid: int) -> AllyInPlay | None:
        return next((a for a in self.player(index).allies if a.iid == iid), None)

    def in_control(self, index: int) -> AllyInPlay | None:
        """The Ally in control of Combat for the player, or None for the MP (p. 35)."""
        control = self.player(index).control
        return None if control is None else self.ally(index, control)

    def control_rating(self, index: int) -> PowerRating:
        """The power rating the Physical Attack Table reads for the player: the Ally's
        when an Ally has taken over Combat (p. 35), else the MP's."""
        ally = self.in_control(index)
        if ally is None:
            return self.rating(self.player(index))
        return 0 if ally.stage <= 0 else self.card(ally.iid).power_stages[ally.stage - 1]

    def discard_from_hand(self, index: int, iid: int) -> None:
        """A card of the hand to the discard pile; a Dragon Ball "bypasses your discard
        pile" to the bottom of the Life Deck (p. 43 "Discarding Dragon Balls")."""
        player = self.player(index)
        player.hand.remove(iid)
        if self.card(iid).type == CardType.DRAGON_BALL:
            player.life.insert(0, iid)
            self.emit("discard", f"{self.who(index)} discards {self.name(iid)}: a Dragon Ball "
                      "goes to the bottom of the Life Deck.")  # fmt: skip
            return
        player.discard.append(iid)
        self.emit("discard", f"{self.who(index)} discards {self.name(iid)}.")

    def placing_problem(self, index: int, iid: int) -> str | None:
        """Why the card may not be placed in play by `index` now (p. 35-44), or None."""
        return placing_problem_of(self, index, iid)

    def win(self, player: int, reason: str) -> None:
        if self.state.winner is None:
            self.state.winner, self.state.win_reason = player, reason
            self.state.pending = None  # the game is over: nothing more to answer
            self.emit("win", f"{self.who(player)} wins ({reason}).")

    def check_survival(self, player: int) -> None:
        """p. 20 Survival Victory: "the instant your opponent has no life cards"."""
        if not self.player(player).life:
            self.win(1 - player, "survival")


# --- set-up (p. 21-22) ------------------------------------------------------------------------


# --- the turn (p. 23) ------------------------------------------------------------------------
@handler("begin_turn")
def begin_turn(game: ScoreGame, args: JsonDict) -> None:
    state = game.state
    state.turn += 1
    state.combat = state.skip_combat = False
    for player in state.players:  # p. 29: a personality power once per turn
        player.mp_power_used = False
        player.triggered_turn = []
        for ally in player.allies:
            ally.power_used = False
    game.emit("turn", f"Turn {state.turn}: {game.who(state.active)}.")
    dragon_ball_victory(game, state.active)  # p. 44: captured the turn before
    fusion.sword_turn(game, state.active)  # p. 53: a fusion's count to defusing
    if game.over:
        return
    game.then(("step", {"index": 0}))


@handler("step")
def step(game: ScoreGame, args: JsonDict) -> None:
    steps = game.rules.steps
    index = args["index"]
    if index >= len(steps):
        game.then(("end_turn", {}))
        return
    game.state.step = steps[index]
    # p. 51: outside Combat "Use when needed" cards can be used at anytime
    game.then(needed.window(game), (f"step_{steps[index]}", {}), ("step", {"index": index + 1}))


@handler("end_turn")
def end_turn(game: ScoreGame, args: JsonDict) -> None:
    floating.fade(game, "turn")  # "for the remainder of the turn" (p. 48)
    game.state.active = 1 - game.state.active
    game.then(("begin_turn", {}))


@handler("step_draw")
def step_draw(game: ScoreGame, args: JsonDict) -> None:
    """p. 23 "1 Draw Step": draw 3; the OCG first looks at and reorders the top 6."""
    player = game.state.active
    game.then(("look", {"player": player, "placed": []}), ("draw", {"player": player,
              "amount": game.rules.draw_per_turn}))  # fmt: skip


@handler("look")
def look(game: ScoreGame, args: JsonDict) -> None:
    """OCG "1. Draw Step": "Look at the top 6 cards of your Life Deck and rearrange them in
    any order": the player picks the new top card first, then the next."""
    count = game.rules.look_before_draw
    player = game.player(args["player"])
    placed: list[int] = args["placed"]
    top = [iid for iid in reversed(player.life[-count:]) if iid not in placed] if count else []
    if len(top) <= 1:
        return
    options = [Option("keep", "Keep the rest in this order")] + [
        Option(f"top:{iid}", f"Put {game.name(iid)} next") for iid in dict.fromkeys(top)
    ]
    listing = ", ".join(game.name(iid) for iid in top)
    game.ask(args["player"], "arrange", f"Your Life Deck's top cards, top first: {listing}.",
             options, "looked", **args)  # fmt: skip


@handler("looked")
def looked(game: ScoreGame, args: JsonDict) -> None:
    choice = args["choice"]
    if choice == "keep":
        return
    player = game.player(args["player"])
    count = game.rules.look_before_draw
    iid = int(choice.split(":")[1])
    placed = [*args["placed"], iid]
    window = player.life[-count:]
    rest = [c for c in reversed(window) if c not in placed]  # top first
    player.life[-count:] = list(reversed(placed + rest))
    game.then(("look", {"player": args["player"], "placed": placed}))


@handler("draw")
def draw(game: ScoreGame, args: JsonDict) -> None:
    player = game.player(args["player"])
    drawn = [player.life.pop() for _ in range(min(args["amount"], len(player.life)))]
    player.hand.extend(drawn)
    game.emit("draw", f"{game.who(args['player'])} draws {len(drawn)} card(s).")
    for iid in drawn:
        game.emit("draw_private", f"You draw {game.name(iid)}.", private_to=args["player"])
    game.check_survival(args["player"])


@handler("step_power_up")
def step_power_up(game: ScoreGame, args: JsonDict) -> None:
    """p. 23 "3 Power Up Step": the MP gains its PUR (+1 with a Tokui-Waza, p. 46), each
    Ally 1 stage (the OCG: its own PUR), never above the highest stage."""
    index = game.state.active
    player = game.player(index)
    if player.skip_power_up:  # an effect: "skips the next Power Up Step"
        player.skip_power_up = False
        game.emit("power_up", f"{game.who(index)} skips this Power Up Step.")
        if "declare" not in game.rules.steps:
            game.then(("step_declare", {}))
        return
    mp = game.card(player.mp_card)
    pur = mp.pur if isinstance(mp.pur, int) else 0
    gain = allies.mp_power_up(pur, player.tokui_waza is not None, game.rules)
    gain += _power_up_bonus(game, index)
    player.stage = min(game.top_stage(player), player.stage + gain)
    for ally in player.allies:
        card = game.card(ally.iid)
        ally_gain = allies.ally_power_up(
            allies.AllyCard(card.personality or "", card.level or 1,
                            card.pur if isinstance(card.pur, int) else 0), game.rules)  # fmt: skip
        ally.stage = min(len(card.power_stages), ally.stage + ally_gain)
    game.emit("power_up", f"{game.who(index)} powers up to {player.stage} stages above 0.")
    if "declare" not in game.rules.steps:  # OCG: "Declare Combat" ends the Power-Up Step
        game.then(("step_declare", {}))


def _power_up_bonus(game: ScoreGame, index: int) -> int:
    """Cards in play that add to the Power Up Step: the player's own Drills ("Your Power
    Up Step gains 1 more power stage"), and a Battleground or Location naming an alignment
    ("Heroes gain 1 extra power stage in their Power Up Step")."""
    player = game.player(index)
    mine = list(player.drills) + ([player.mastery] if player.mastery is not None else [])
    total = 0
    for iid in mine:
        total += sum(b.amount for b in game.power(iid).power_up_bonuses if b.alignment is None)
    for _iid, lasting in floating.in_force(game, index):  # p. 48
        total += sum(b.amount for b in lasting.power_ups if b.alignment in (None,
                                                                             player.alignment))
    ground = game.state.battleground
    if ground is not None:
        for bonus in game.power(ground).power_up_bonuses:
            if bonus.alignment == player.alignment or (
                    bonus.alignment is None and game.state.owners[ground] == index):
                total += bonus.amount
    return total


@handler("step_declare")
def step_declare(game: ScoreGame, args: JsonDict) -> None:
    """p. 23 "4 Declare Step"; p. 42: not after placing a Battleground or Location."""
    if game.state.skip_combat:
        game.emit("combat", "No Combat this turn: a Battleground or Location was placed.")
        return
    options = [Option("declare", "Declare Combat"), Option("no", "Do not declare Combat")]
    game.ask(game.state.active, "declare", "Declare Combat?", options, "declared")


@handler("declared")
def declared(game: ScoreGame, args: JsonDict) -> None:
    game.state.combat = args["choice"] == "declare"
    if game.state.combat:
        game.emit("combat", f"{game.who(game.state.active)} declares Combat.")


# --- the Combat Step (p. 24-28) --------------------------------------------------------------
@handler("step_combat")
def step_combat(game: ScoreGame, args: JsonDict) -> None:
    state = game.state
    if not state.combat:
        return
    defender = 1 - state.active
    for player in state.players:
        player.final_attack_used = False
        player.shields_used = []
        player.triggered_combat = []
    state.attack = None
    state.attacker, state.passes = state.active, 0
    # phases (a) and (b): "When entering Combat" effects; (c): the defender draws 3 (the
    # OCG: after looking at and reordering the top 6)
    game.then(("entering", {"player": state.active}), ("entering", {"player": defender}),
              ("look", {"player": defender, "placed": []}),
              ("draw", {"player": defender, "amount": game.rules.defender_draw}),
              ("attack_phase", {}))  # fmt: skip


# --- after Combat (p. 23 steps 6 and 7; the OCG's Rejuvenation Step) --------------------------
@handler("step_discard")
def step_discard(game: ScoreGame, args: JsonDict) -> None:
    active = game.state.active
    game.then(("discard_down", {"player": active}), ("discard_down", {"player": 1 - active}))


@handler("discard_down")
def discard_down(game: ScoreGame, args: JsonDict) -> None:
    """Keep no more than 1 card in hand: the player picks the ones to discard."""
    index = args["player"]
    player = game.player(index)
    if len(player.hand) <= game.rules.hand_limit:
        return
    options = [Option(f"discard:{iid}", f"Discard {game.name(iid)}")
               for iid in dict.fromkeys(player.hand)]  # fmt: skip
    game.ask(index, "discard", f"Discard down to {game.rules.hand_limit} card.", options,
             "discarded_one", player=index)  # fmt: skip


@handler("discarded_one")
def discarded_one(game: ScoreGame, args: JsonDict) -> None:
    game.discard_from_hand(args["player"], int(args["choice"].split(":")[1]))
    game.then(("discard_down", {"player": args["player"]}))


@handler("step_rejuvenation")
def step_rejuvenation(game: ScoreGame, args: JsonDict) -> None:
    """p. 23 "7 Rejuvenation Step": without Combat, the active player may put the top
    card of his discard pile at the bottom of his Life Deck; in the OCG both first discard
    down to 1 card, and if he rejuvenates, his opponent does too."""
    active = game.state.active
    if "discard" not in game.rules.steps:
        game.then(("discard_down", {"player": active}), ("discard_down", {"player": 1 - active}),
                  ("rejuvenate_offer", {}))  # fmt: skip
    else:
        game.then(("rejuvenate_offer", {}))


@handler("rejuvenate_offer")
def rejuvenate_offer(game: ScoreGame, args: JsonDict) -> None:
    active = game.state.active
    if game.state.combat or not game.player(active).discard:
        return
    top = game.player(active).discard[-1]
    options = [Option("rejuvenate", f"Rejuvenate {game.name(top)}"),
               Option("no", "Do not rejuvenate")]  # fmt: skip
    game.ask(active, "rejuvenate", "Rejuvenate?", options, "rejuvenated")


@handler("rejuvenated")
def rejuvenated(game: ScoreGame, args: JsonDict) -> None:
    if args["choice"] != "rejuvenate":
        return
    active = game.state.active
    who = [active] + ([1 - active] if game.rules.rejuvenation == "shared" else [])
    for index in who:
        player = game.player(index)
        if player.discard:
            iid = player.discard.pop()
            player.life.insert(0, iid)
            game.emit("rejuvenate", f"{game.who(index)} rejuvenates {game.name(iid)}.")
