"""The state machine a family's game runs on (docs/games.md): a stack of small tasks and
at most one pending decision. The game advances task by task until it needs a person,
then holds exactly one Decision; an answer resumes the task the decision names. Because
the work still to do is data (engine.core.decisions.Task), a game stopped at any decision
reloads from JSON and carries on identically.

A family gives its game class a `Handlers` table (one function per task kind) and a state
with the four fields of `MachineState`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Protocol

from engine.core.decisions import Decision, JsonDict, Option, Task
from engine.core.events import EngineError, Event, Outcome

Handler = Callable[[Any, JsonDict], None]
# the ways a player gives up: a game action, recorded and replayed like an answer
LOSSES = {"concede": "{who} concedes.", "forfeit": "{who} forfeits: out of time too often."}


class Handlers:
    """A family's task handlers by kind: `@handlers.register("kind")`."""

    def __init__(self) -> None:
        self._table: dict[str, Handler] = {}

    def register(self, kind: str) -> Callable[[Handler], Handler]:
        """Register the function that carries out tasks of `kind`."""

        def add(function: Handler) -> Handler:
            if kind in self._table:
                raise ValueError(f"two handlers for task {kind!r}")
            self._table[kind] = function
            return function

        return add

    def __getitem__(self, kind: str) -> Handler:
        return self._table[kind]

    def __contains__(self, kind: object) -> bool:
        return kind in self._table


class MachineState(Protocol):
    tasks: list[Task]  # the work still to do, the next task last
    pending: Decision | None
    seq: int  # the number the next decision gets
    winner: int | None


class TaskMachine:
    """The decision interface every family's game shares: `pending`, `apply`, events."""

    handlers: ClassVar[Handlers]
    state: MachineState
    events: list[Event]

    @property
    def pending(self) -> Decision | None:
        return self.state.pending

    @property
    def over(self) -> bool:
        return self.state.winner is not None

    def apply(self, player: int, option_id: str, seq: int | None = None) -> Outcome:
        """Answer the pending decision. Rejected answers change nothing."""
        state = self.state
        decision = state.pending
        if state.winner is not None or decision is None:
            return Outcome(False, "the game is over; no decision is pending")
        if player != decision.player:
            return Outcome(False, f"not your decision: {self.who(decision.player)} decides now")
        if seq is not None and seq != decision.seq:
            return Outcome(False, f"stale decision #{seq}: the pending decision is #{decision.seq}")
        if decision.option(option_id) is None:
            return Outcome(False, f"{option_id!r} is not a legal option for this decision")
        self.events = []
        state.pending = None
        state.seq += 1
        resume = decision.resume
        self.handlers[resume.kind](self, {**resume.args, "choice": option_id})
        self.run()
        return Outcome(True, events=tuple(self.events))

    def run(self) -> None:
        """Carry out tasks until a decision is needed or the game is over."""
        state = self.state
        tasks = state.tasks
        while state.pending is None and state.winner is None:
            if not tasks:
                raise EngineError("no decision pending and nothing left to do")
            task = tasks.pop()
            self.handlers[task.kind](self, task.args)

    def then(self, *steps: tuple[str, JsonDict]) -> None:
        """Schedule tasks to run in the given order, before anything already scheduled."""
        for kind, args in reversed(steps):
            self.state.tasks.append(Task(kind, args))

    def ask(
        self,
        player: int,
        kind: str,
        prompt: str,
        options: list[Option],
        resume: str,
        /,
        **args: Any,
    ) -> None:
        """Hold a decision for `player`; its answer runs the `resume` task with `args`
        and the chosen option's id as "choice"."""
        if not options:
            raise EngineError(f"decision {kind!r} with no options")
        self.state.pending = Decision(
            seq=self.state.seq,
            player=player,
            kind=kind,
            prompt=prompt,
            options=options,
            resume=Task(resume, args),
        )

    def emit(self, kind: str, text: str, private_to: int | None = None, **data: Any) -> None:
        self.events.append(Event(kind, text, private_to, tuple(sorted(data.items()))))

    def who(self, player: int) -> str:
        return f"Player {player + 1}"

    def win(self, player: int, reason: str) -> None:
        """End the game: `player` wins by `reason`, no decision stays pending."""
        raise NotImplementedError

    def concede(self, player: int, reason: str = "concede") -> Outcome:
        """`player` gives up: by conceding, or ("forfeit") by letting the decision timer
        run out too often."""
        if self.state.winner is not None:
            return Outcome(False, "the game is already over")
        if reason not in LOSSES:
            raise ValueError(f"unknown way to give up: {reason!r}")
        self.events = []
        self.emit(reason, LOSSES[reason].format(who=self.who(player)))
        self.win(1 - player, reason)
        return Outcome(True, events=tuple(self.events))
