"""Allies taking over Combat (score-ccg-2003-buu-saga-rulebook.txt p. 35-36): who is in
control for the attacker and, at step 4 of the Battle Sequencer, for the defender."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.decisions import Option
from engine.score.handlers import handler
from engine.score.state import JsonDict

if TYPE_CHECKING:
    from engine.score.game import ScoreGame


TAKEOVER_STAGE = 1  # p. 35: "at 0 or 1 power stage above 0"


def control_options(game: ScoreGame, index: int) -> list[Option]:
    """p. 35 "Taking Over Combat": an Ally may take over when the MP's Scouter is at 0 or
    1 above 0; the MP (or another Ally) may take it back at any stage."""
    player = game.player(index)
    current = game.in_control(index)
    options = []
    if current is not None:
        options.append(Option("control:mp", f"Put {game.name(player.mp_card)} back in control "
                                            "of Combat"))  # fmt: skip
    if player.stage <= TAKEOVER_STAGE:
        options += [Option(f"control:{a.iid}", f"Put {game.name(a.iid)} in control of Combat")
                    for a in player.allies if current is None or a.iid != current.iid]  # fmt: skip
    return options


def set_control(game: ScoreGame, index: int, choice: str) -> None:
    player = game.player(index)
    player.control = None if choice == "mp" else int(choice)
    who = game.name(player.mp_card if player.control is None else player.control)
    game.emit("control", f"{who} is in control of Combat for {game.who(index)}.")


def takeover_options(game: ScoreGame, index: int) -> list[Option]:
    """p. 36: "Whenever an opponent plays or uses a card outside of his 'Defender Defends'
    phase, you may have one Ally take control of Combat before any effects occur": an Ally
    that may take over (the MP at 0 or 1 above 0, p. 35), once Combat has begun ("they
    cannot be in control of Combat before Combat actually begins (after Phase (b))")."""
    player = game.player(index)
    if not game.state.in_battle or player.stage > TAKEOVER_STAGE:
        return []
    return [Option(f"control:{a.iid}", f"Put {game.name(a.iid)} in control of Combat")
            for a in player.allies if a.iid != player.control]  # fmt: skip


def offer_takeover(game: ScoreGame, opponent: int, task: str, args: JsonDict) -> bool:
    """Ask `opponent` first, then carry out `task` (docs/rulings.md 365); False when he
    has no Ally to offer, or was asked already."""
    if args.get("takeover_done") or not takeover_options(game, opponent):
        return False
    game.then(("takeover", {"player": opponent, "task": task, "args": args}))
    return True


@handler("takeover")
def takeover(game: ScoreGame, args: JsonDict) -> None:
    index = args["player"]
    choice = args.get("choice")
    if choice is None:
        options = [Option("no", "Leave control of Combat as it is"),
                   *takeover_options(game, index)]  # fmt: skip
        game.ask(index, "takeover", f"{game.who(1 - index)} uses a card: have an Ally take "
                 "control of Combat first?", options, "takeover", **args)  # fmt: skip
        return
    if choice != "no":
        set_control(game, index, choice.partition(":")[2])
    game.then((args["task"], {**args["args"], "takeover_done": True}))


@handler("defender_control")
def defender_control(game: ScoreGame, args: JsonDict) -> None:
    attack = game.state.attack
    assert attack is not None
    set_control(game, 1 - attack["player"], args["choice"].partition(":")[2])
    game.then(("defend", {"control_done": True}))


def personality_card(game: ScoreGame, index: int, kind: str, value: str) -> int:
    """The card an option names: the MP's current level, the Ally in control, or a card."""
    if kind == "mp":
        return game.player(index).mp_card
    if kind == "ally":
        ally = game.in_control(index)
        assert ally is not None
        return ally.iid
    if kind == "sensei":
        sensei = game.player(index).sensei
        assert sensei is not None
        return sensei
    return int(value)
