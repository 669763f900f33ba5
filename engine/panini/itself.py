"""The card itself and its restrictions (engine/panini/cardtext/itself.py reads them).

- `play_cost`: "You must banish the top 3 cards of your Life Deck to play this card." The
  cost is paid as the card is played from the hand, in full or the card cannot be played,
  as an attack's stage cost (2016 "Energy Attacks": "If you do not have enough stages to
  pay for an attack, you are unable to play it"; docs/rulings.md 97).
- `Defense.banished`: "You may banish this card from your hand to stop ...": the card is
  used as a defense, then Banished rather than discarded (docs/rulings.md 98).
- `no_stage_gain`: "(This personality cannot gain stages.)": its gains do nothing, power
  ups included (2016 GLOSSARY "Power Stages"; docs/rulings.md 103).
- `only_one`: "(You may only have one Saiyan Rescue attached.)": while its player has a card
  of that title attached or in play, another cannot be played or placed into play
  (docs/rulings.md 103).
- `card_actions`: "(You may Rejuvenate this card from your hand as an action to gain 4
  stages.)": in combat, an Action of its player offered while the card lies in that zone
  and its cost (moving the card) can be done; then the rest resolves (2016 THE COMBAT STEP,
  "Actions"; docs/rulings.md 98).
- `no_mppv_while_used` on a card that stays in play (an MP level, Ally, Mastery, Drill):
  "(You cannot win by MPPV if you advance a level with this card's effect.)": no MPPV win
  while one of its abilities resolves (engine.panini.after_use does it for played cards;
  docs/rulings.md 101).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.decisions import Option
from engine.panini import hand_attack
from engine.panini.cards import CardType, fold_name
from engine.panini.effects import payable, resolve

if TYPE_CHECKING:
    from engine.panini.game import Game


def cost_payable(game: Game, player: int, iid: int) -> bool:
    """Can `player` pay the whole printed cost of playing card `iid` (in their hand) now?
    The card is being played, so it is not one of the hand's cards the cost may take."""
    costs = game.card(iid).play_cost
    if not costs:
        return True
    hand = game.player(player).hand
    at = hand.index(iid)
    hand.remove(iid)  # looked at without it, then put back where it was
    try:
        return all(payable(game, effect, player, iid) for effect in costs)
    finally:
        hand.insert(at, iid)


def pay_cost(game: Game, player: int, iid: int) -> None:
    """Schedule the cost to be paid next, before anything the card does (call it after
    scheduling the rest: `game.then` puts its steps first)."""
    card = game.card(iid)
    if card.play_cost:
        game.emit("play_cost", f"{game.who(player)} pays the cost of playing {card.name}.")
        resolve(game, player, iid, "play_cost")


# cards whose abilities resolve while they stay in play: "while this card's effect
# resolves" is each list of its effects (a played card's is its whole use, engine.panini.after_use)
RESOLVING_TYPES = frozenset(
    {CardType.MAIN_PERSONALITY, CardType.ALLY, CardType.MASTERY, CardType.DRILL}
)


def resolving(game: Game, controller: int, iid: int, index: int, total: int) -> None:
    """Called as each effect of a list of card `iid` resolves (engine.panini.effects.effects_task):
    "You cannot win by MPPV if you advance a level with this card's effect" holds from its
    first effect until the list is done (at the latest, the end of the turn)."""
    card = game.card(iid)
    if not card.no_mppv_while_used or card.type not in RESOLVING_TYPES:
        return
    floating = game.state.floating
    if index == 0 and total:
        floating.append({"controller": controller, "card": iid, "modifier": {"mod": "no_mppv"},
                         "while_resolving": iid, "until_turn": game.state.turn})  # fmt: skip
    elif index >= total:
        floating[:] = [entry for entry in floating if entry.get("while_resolving") != iid]


def one_allowed(game: Game, player: int, iid: int) -> bool:
    """May `player` play or place card `iid` into play, as far as its "(You may only have
    one <title> attached / in play.)" goes? Not while they have one of that title attached
    (to either player's personalities) or in play."""
    card = game.card(iid)
    if card.only_one is None or fold_name(card.only_one) != fold_name(card.title):
        return True  # the note names another card: nothing this card can break
    state = game.player(player)
    mine = [*game.attached_cards(player), *state.drills, *state.setups,
            *(ally.iid for ally in state.allies), *state.dragon_balls]  # fmt: skip
    return not any(game.card(other).title == card.title for other in mine if other != iid)


# --- "(You may Rejuvenate this card from your hand as an action to ...)" -----------------------
ACTION_PATH = "card_action:"  # engine.panini.effects.effects_of: card.card_actions[N].effects


def _lies_in(game: Game, player: int, iid: int, zone: str) -> bool:
    state = game.player(player)
    if zone == "in_play":
        return iid in (*state.drills, *state.setups, *(ally.iid for ally in state.allies))
    return iid in (state.hand if zone == "hand" else state.discard)


def action_options(game: Game, player: int, step: str = "combat") -> list[Option]:
    """The Actions `player`'s cards offer where they lie: in the hand, the discard pile or
    play, while the condition holds and the card can be moved as the cost says; `step`:
    those of combat or those of the Planning Step (docs/rulings.md 297)."""
    state = game.player(player)
    options = []
    seen = set()
    for iid in dict.fromkeys([*state.hand, *state.discard, *state.drills, *state.setups,
                              *(ally.iid for ally in state.allies)]):  # fmt: skip
        card = game.card(iid)
        for index, action in enumerate(card.card_actions):
            if (card.name, index) in seen or not _lies_in(game, player, iid, action.zone):
                continue
            if action.step != step:
                continue  # one option per title and Action (copies in a pile are alike)
            attacks = any(e.do == "perform_attack" for e in action.effects)
            if attacks and not hand_attack.can_perform(game, player, iid):
                continue  # an attack it could not perform now (engine.panini.hand_attack)
            if game.holds(action.requires, player) and payable(
                game, action.effects[0], player, iid
            ):
                seen.add((card.name, index))
                label = f"Use {card.name} ({_WHERE[action.zone]})"
                options.append(Option(f"card_action:{iid}:{index}", label))
    return options


_WHERE = {"hand": "from your hand", "discard_pile": "from your discard pile", "in_play": "in play"}


def use_card_action(game: Game, player: int, iid: int, index: int) -> None:
    """The chosen Action: the card's cost and effects resolve in order."""
    game.emit("action", f"{game.who(player)} uses {game.name(iid)} as an Action.")
    resolve(game, player, iid, f"{ACTION_PATH}{index}")
