"""The Score family's referee on the engine's task machine (engine.core.machine): set-up
(score-ccg-2003-buu-saga-rulebook.txt "Beginning a New Game", p. 21-22), the turn's steps
(p. 23; the OCG's 5 steps), the Combat Step's phases (p. 24-28) and what the rules do
without card text: placing cards in the Non-Combat Step, powering up, declaring Combat,
the defender's draw, passing, the Final Physical Attack (p. 28) with the Physical Attack
Table, damage with Endurance and Dragon Balls (engine.score.damage), Life Card Capture
(p. 44), discarding to one card and rejuvenating, and the three victories.

Card powers (attacks, stops, effects) are read by engine.score.cardtext and used in the
Battle Sequencer (engine.score.battle); docs/games.md lists what is not refereed yet."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import rng
from engine.core.decisions import Option
from engine.core.events import Event
from engine.core.machine import TaskMachine
from engine.score import allies, damage, levels
from engine.score import battle as _battle  # noqa: F401  (their tasks)
from engine.score.cards import Card, CardPool, CardType, DragonBallSet
from engine.score.cardtext import compile_power
from engine.score.deckcheck import ScoreDeck
from engine.score.effects import effect_task
from engine.score.handlers import HANDLERS, handler
from engine.score.pat import PowerRating
from engine.score.powers import Power
from engine.score.rulesets import RULESETS, ScoreRuleset
from engine.score.setup import Alignment, opening
from engine.score.state import AllyInPlay, JsonDict, ScorePlayer, ScoreState

PLACED = {CardType.PERSONALITY, CardType.NON_COMBAT, CardType.DRILL, CardType.DRAGON_BALL,
          CardType.BATTLEGROUND, CardType.LOCATION}  # fmt: skip
SEVEN = 7  # p. 42: all 7 Dragon Balls of one set
OTHER_STYLE = "a Drill of another Martial Arts Style is in play"


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
            player.alignment = deck.alignment or (mp_card.alignment or "hero")  # step 2
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
        """What the card's power text does (engine.score.cardtext)."""
        return compile_power(self.card(iid).text)

    def rating(self, player: ScorePlayer, stage: int | None = None) -> PowerRating:
        """The MP's power rating at its Scouter (stage 0 rates 0: PAT bracket A)."""
        at = player.stage if stage is None else stage
        return 0 if at <= 0 else self.card(player.mp_card).power_stages[at - 1]

    def climb(self, player: ScorePlayer) -> levels.Climb:
        """The MP's level, Scouter and Warrior Sword for engine.score.levels."""
        tops = tuple(len(self.card(iid).power_stages) for iid in player.mp)
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
        return _placing_problem(self, index, iid)

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
@handler("declare_rogue")
def declare_rogue(game: ScoreGame, args: JsonDict) -> None:
    """Step 2 (p. 37 Rogue Personality Rule): a Rogue MP is declared a hero or a villain."""
    index = args["player"]
    if "choice" not in args:
        name = game.card(game.player(index).mp_card).personality
        options = [Option("hero", f"{name} is a hero"), Option("villain", f"{name} is a villain")]
        game.ask(index, "rogue", f"{name} is a Rogue: declare a hero or a villain.", options,
                 "declare_rogue", player=index)  # fmt: skip
        return
    game.player(index).alignment = args["choice"]
    game.emit("setup", f"{game.who(index)} declares a {args['choice']}.")


@handler("opening")
def opening_task(game: ScoreGame, args: JsonDict) -> None:
    """Steps 7-9 and 12: the Double Power Rule, shuffling, who goes first."""
    state, rules = game.state, game.rules
    players = state.players
    starting: list[PowerRating] = [game.rating(p, stage=rules.mp_start_stage) for p in players]
    tops = (game.top_stage(players[0]), game.top_stage(players[1]))
    sides: list[Alignment] = ["villain" if p.alignment == "villain" else "hero"
                             for p in players]  # fmt: skip
    state.rng, start = opening(
        rules, (starting[0], starting[1]), tops, (sides[0], sides[1]), state.rng
    )
    for player, stage in zip(players, start.stages, strict=True):  # step 8
        player.stage = stage
    for player in players:  # step 9
        state.rng = rng.shuffle(state.rng, player.life)
    why = {"double_power": "the Double Power Rule", "hero": "the hero goes first",
           "chance": "chosen at random"}[start.reason]  # fmt: skip
    state.first_player = state.active = start.first
    game.emit("setup", f"{game.who(start.first)} goes first ({why}).")  # step 12


@handler("sensei_swap")
def sensei_swap(game: ScoreGame, args: JsonDict) -> None:
    """Step 11 (p. 45 "Using Your Sensei Deck"): choose cards of the Sensei Deck, put as
    many from the top of the Life Deck into it, and shuffle the chosen into the Life Deck.
    Fusion Personality cards cannot be shuffled in."""
    index, chosen = args["player"], args["chosen"]
    player = game.player(index)
    options = [Option("done", f"Swap the {len(chosen)} chosen card(s)" if chosen else
                      "Swap nothing")]  # fmt: skip
    options += [Option(f"choose:{iid}", f"Choose {game.name(iid)}")
                for iid in dict.fromkeys(player.sensei_deck)
                if iid not in chosen and not game.card(iid).fusion]  # fmt: skip
    if len(options) == 1 or len(chosen) >= len(player.life):
        return _swap(game, index, chosen)
    game.ask(index, "sensei", "Your Sensei Deck: choose the cards to shuffle into your Life Deck.",
             options, "sensei_chosen", player=index, chosen=chosen)  # fmt: skip
    return None


@handler("sensei_chosen")
def sensei_chosen(game: ScoreGame, args: JsonDict) -> None:
    if args["choice"] == "done":
        _swap(game, args["player"], args["chosen"])
        return
    chosen = [*args["chosen"], int(args["choice"].split(":")[1])]
    game.then(("sensei_swap", {"player": args["player"], "chosen": chosen}))


def _swap(game: ScoreGame, index: int, chosen: list[int]) -> None:
    if not chosen:
        return
    player = game.player(index)
    taken = [player.life.pop() for _ in range(len(chosen))]
    for iid in chosen:
        player.sensei_deck.remove(iid)
    player.sensei_deck.extend(taken)
    player.life.extend(chosen)
    game.state.rng = rng.shuffle(game.state.rng, player.life)
    names = ", ".join(game.name(iid) for iid in chosen)  # shown to the opponent (p. 45)
    game.emit("setup", f"{game.who(index)} shuffles {names} from the Sensei Deck into the "
              f"Life Deck and puts the top {len(taken)} life card(s) into the Sensei Deck.")
    for iid in taken:  # he may look at them; the opponent may not
        game.emit("sensei_private", f"Into your Sensei Deck: {game.name(iid)}.",
                  private_to=index)


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
    _dragon_ball_victory(game, state.active)  # p. 44: captured the turn before
    game.then(("step", {"index": 0}))


@handler("step")
def step(game: ScoreGame, args: JsonDict) -> None:
    steps = game.rules.steps
    index = args["index"]
    if index >= len(steps):
        game.then(("end_turn", {}))
        return
    game.state.step = steps[index]
    game.then((f"step_{steps[index]}", {}), ("step", {"index": index + 1}))


@handler("end_turn")
def end_turn(game: ScoreGame, args: JsonDict) -> None:
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


@handler("step_non_combat")
def step_non_combat(game: ScoreGame, args: JsonDict) -> None:
    """p. 23 "2 Non-Combat Step": Allies, Dragon Balls, Battlegrounds, Locations and
    Non-Combat cards (Drills too) go from the hand into play."""
    index = game.state.active
    player = game.player(index)
    options = [Option("done", "Done placing cards")]
    for iid in dict.fromkeys(player.hand):
        problem = game.placing_problem(index, iid) if game.card(iid).type in PLACED else "-"
        if problem is None:
            options.append(Option(f"place:{iid}", f"Place {game.name(iid)}"))
        elif problem == OTHER_STYLE:  # p. 41: shown, and shuffled back without a new draw
            options.append(Option(f"shuffle:{iid}", f"Show {game.name(iid)} and shuffle it "
                                                    "into your Life Deck"))  # fmt: skip
    if len(options) == 1:
        return
    game.ask(index, "non_combat", "Place a card in play, or go on.", options, "placed")


@handler("placed")
def placed(game: ScoreGame, args: JsonDict) -> None:
    if args["choice"] == "done":
        return
    index = game.state.active
    player = game.player(index)
    iid = int(args["choice"].split(":")[1])
    card = game.card(iid)
    player.hand.remove(iid)
    if args["choice"].startswith("shuffle:"):
        player.life.append(iid)
        game.state.rng = rng.shuffle(game.state.rng, player.life)
        game.emit("shuffle", f"{game.who(index)} shows {game.name(iid)}, which cannot be "
                  "placed, and shuffles it into the Life Deck.")  # fmt: skip
        game.then(("step_non_combat", {}))
        return
    if card.type == CardType.PERSONALITY:
        player.allies.append(AllyInPlay(iid, game.rules.ally_start_stage))  # p. 35
    elif card.type == CardType.DRILL:
        player.drills.append(iid)
        _restricted_drills(game, iid)
    elif card.type == CardType.NON_COMBAT:
        player.non_combat.append(iid)
    elif card.type == CardType.DRAGON_BALL:
        player.dragon_balls.append(iid)
    else:  # p. 42: a new Battleground or Location removes the old one; no Combat
        old = game.state.battleground
        if old is not None:
            game.player(game.state.owners[old]).removed.append(old)
            game.emit("move", f"{game.name(old)} is removed from the game.")
        game.state.battleground = iid
        game.state.skip_combat = True
    game.emit("place", f"{game.who(index)} places {game.name(iid)}.")
    following: list[tuple[str, JsonDict]] = [("step_non_combat", {})]
    if card.type == CardType.DRAGON_BALL:
        _dragon_ball_victory(game, index)  # p. 44: placed yourself, at once
        # p. 42: "their effects are instant unless specified on the card"
        power = game.power(iid)
        following[:0] = [effect_task(e, index) for e in power.secondary] + [
            ("by_hand", {"player": index, "card": iid, "text": text}) for text in power.unread]
    game.then(*following)


def _placing_problem(game: ScoreGame, index: int, iid: int) -> str | None:
    """Why a card may not be placed in play now (p. 35-44), or None."""
    card = game.card(iid)
    player = game.player(index)
    in_play = game.state.players
    if card.type == CardType.PERSONALITY:
        if card.level is None or card.personality is None:
            return "not an Ally"
        mps = [game.card(p.mp_card).personality or "" for p in in_play]
        field = [allies.AllyCard(game.card(a.iid).personality or "", game.card(a.iid).level or 1,
                                 0) for p in in_play for a in p.allies]  # fmt: skip
        ally = allies.AllyCard(card.personality, card.level, 0)
        return allies.placing_problem(ally, mps[index], player.level, mps, field)
    if card.type == CardType.DRAGON_BALL:  # p. 42: one copy of each in play
        mine = card.dragon_ball
        for other in (db for p in in_play for db in p.dragon_balls):
            if game.card(other).dragon_ball == mine:
                return "that Dragon Ball is already in play"
        return None
    if card.type == CardType.DRILL:  # p. 40-41: Styled Drills
        restricted = game.power(iid).restricted_style
        drills_in_play = [d for p in in_play for d in p.drills]
        if restricted and any(game.card(d).style.value == restricted and game.name(d) !=
                              game.name(iid) for d in drills_in_play):  # fmt: skip
            return f"a Restricted Drill: another {restricted.title()} Drill is in play"
        if not card.styled:
            return None
        styles = {game.card(d).style for d in player.drills if game.card(d).styled}
        if styles and card.style not in styles:
            return OTHER_STYLE
        if any(game.name(d) == game.name(iid) for d in player.drills):
            return "one copy of a Styled Drill in play"
        return None
    if card.type in (CardType.BATTLEGROUND, CardType.LOCATION):
        there = game.state.battleground
        return "that one is already in play" if there is not None and (
            game.name(there) == game.name(iid)) else None  # fmt: skip
    return None


def _restricted_drills(game: ScoreGame, placed: int) -> None:
    """p. 41 "Restricted Drills": a Restricted Drill in play is discarded when a different
    Drill of its restricted style is placed; the same Restricted Drill placed again
    discards both."""
    for player in game.state.players:
        for iid in list(player.drills):
            restricted = game.power(iid).restricted_style
            if iid == placed or restricted is None:
                continue
            same = game.name(iid) == game.name(placed)
            if same or game.card(placed).style.value == restricted:
                player.drills.remove(iid)
                player.discard.append(iid)
                game.emit("discard", f"{game.name(iid)} is discarded: a Restricted Drill.")
                if same:
                    mine = game.player(game.state.owners[placed])
                    if placed in mine.drills:
                        mine.drills.remove(placed)
                        mine.discard.append(placed)
                        game.emit("discard", f"{game.name(placed)} is discarded too.")


def _dragon_ball_victory(game: ScoreGame, index: int) -> None:
    """p. 44: all 7 Dragon Balls of one set in play under a player's control win: at once
    when he placed the last, at the start of his next turn when he captured it."""
    sets: dict[DragonBallSet, int] = {}
    for iid in game.player(index).dragon_balls:
        ball = game.card(iid).dragon_ball
        if ball is not None:
            sets[ball.set] = sets.get(ball.set, 0) + 1
    if any(count >= SEVEN for count in sets.values()):
        game.win(index, "dragon_balls")


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
        player.floating = []
    state.attack = None
    state.attacker, state.passes = state.active, 0
    # phases (a) and (b): "When entering Combat" effects; (c): the defender draws 3 (the
    # OCG: after looking at and reordering the top 6)
    game.then(("entering", {"player": state.active}), ("entering", {"player": defender}),
              ("look", {"player": defender, "placed": []}),
              ("draw", {"player": defender, "amount": game.rules.defender_draw}),
              ("attack_phase", {}))  # fmt: skip


@handler("life_damage")
def life_damage(game: ScoreGame, args: JsonDict) -> None:
    """Life cards of damage, flipped one at a time (engine.score.damage)."""
    index = args["player"]
    player = game.player(index)
    allowed = damage.endurance_allowed(game.rules, player.tokui_waza is not None)
    taking = damage.LifeDamage(args["remaining"], from_attack=args["from_attack"],
                               endurance_allowed=allowed, discarded=args["discarded"],
                               prevented=args["prevented"])  # fmt: skip
    if taking.done:
        return _record_discarded(game, args, taking)
    if not player.life:
        game.check_survival(index)
        return None
    if damage.only_dragon_balls_left(
        [game.card(i).type == CardType.DRAGON_BALL for i in player.life], taking
    ):  # p. 43 "IMPORTANT"
        game.win(1 - index, "survival")
        return None
    iid = player.life[-1]
    card = game.card(iid)
    endurance = card.endurance if isinstance(card.endurance, int) else 0
    flip = taking.flip(card.type == CardType.DRAGON_BALL, endurance)
    game.emit("damage", f"{game.who(index)} flips {game.name(iid)}.")
    following = {**args, "remaining": taking.remaining, "discarded": taking.discarded}
    if flip.endurance:  # the flipped card stays on the Life Deck until the answer
        options = [Option("endure", f"Use Endurance {flip.endurance} of {game.name(iid)}"),
                   Option("take", f"Discard {game.name(iid)}")]  # fmt: skip
        game.ask(index, "endurance", "Use Endurance?", options, "endured", **following,
                 card=iid)  # fmt: skip
        return None
    player.life.pop()
    if flip.to == "life_bottom":
        player.life.insert(0, iid)
    elif flip.to == "discard":
        player.discard.append(iid)
    game.then(("life_damage", following))
    return None


def _record_discarded(game: ScoreGame, args: JsonDict, taking: damage.LifeDamage) -> None:
    for task in reversed(game.state.tasks):  # tell the capture how many were discarded
        if task.kind == "capture":
            task.args["discarded"] = taking.discarded
            break
    game.check_survival(args["player"])


@handler("endured")
def endured(game: ScoreGame, args: JsonDict) -> None:
    player = game.player(args["player"])
    iid = args["card"]
    player.life.remove(iid)  # the flipped card, left on top while the player decided
    following = {k: v for k, v in args.items() if k not in ("choice", "card")}
    if args["choice"] == "endure":  # removed from the game, the next cards prevented
        taking = damage.LifeDamage(args["remaining"], discarded=args["discarded"],
                                   prevented=args["prevented"])  # fmt: skip
        card = game.card(iid)
        prevented = taking.use_endurance(card.endurance if isinstance(card.endurance, int) else 0)
        player.removed.append(iid)
        game.emit("endurance", f"{game.name(iid)}'s Endurance prevents {prevented} life card(s).")
        following.update(remaining=taking.remaining, prevented=taking.prevented)
    else:
        player.discard.append(iid)
    game.then(("life_damage", following))


@handler("capture")
def capture(game: ScoreGame, args: JsonDict) -> None:
    """p. 44 Life Card Capture: 5 or more life cards discarded by the attack."""
    index = args["player"]
    opponent = game.player(1 - index)
    if args.get("discarded", 0) < game.rules.capture_life_cards or not opponent.dragon_balls:
        return
    options = [Option("none", "Capture nothing")] + [
        Option(f"capture:{iid}", f"Capture {game.name(iid)}") for iid in opponent.dragon_balls
    ]
    game.ask(index, "capture", "Capture a Dragon Ball?", options, "captured", player=index)


@handler("captured")
def captured(game: ScoreGame, args: JsonDict) -> None:
    if args["choice"] == "none":
        return
    index = args["player"]
    iid = int(args["choice"].split(":")[1])
    game.player(1 - index).dragon_balls.remove(iid)
    game.player(index).dragon_balls.append(iid)
    game.emit("capture", f"{game.who(index)} captures {game.name(iid)}.")
    game.then(("captured_power", {"player": index, "card": iid}))


@handler("captured_power")
def captured_power(game: ScoreGame, args: JsonDict) -> None:
    """p. 44: "When you capture a Dragon Ball, you can choose to use all or none of its
    powers at the time that you capture it"."""
    index, iid = args["player"], args["card"]
    power = game.power(iid)
    if not (power.secondary or power.unread):
        return
    choice = args.get("choice")
    if choice is None:
        options = [Option("use", f"Use the power of {game.name(iid)}"),
                   Option("no", "Do not use it")]  # fmt: skip
        game.ask(index, "captured_power", f"You captured {game.name(iid)}: use its power?",
                 options, "captured_power", **args)  # fmt: skip
        return
    if choice == "use":
        game.then(*[effect_task(e, index) for e in power.secondary],
                  *[("by_hand", {"player": index, "card": iid, "text": t}) for t in power.unread])


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

