"""Prime Time's game state as plain data (pydantic), serialised to JSON and read back
exactly: models on the table, each player's resources and cards, the round, the table
cards, and the task machine's work (engine.core.machine)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from engine.core.decisions import Decision, Task
from engine.primetime.data import TerrainPiece

STATE_VERSION = 1
# reserve: not on the table yet; active: on the table; dazed: on the table, out of the
# fight until Cleanup ("Dazed"); ko: off the table ("KO'd"); removed: gone for good;
# unformed: a Fused model not formed; fused: a component inside its Fused model
# reforming: Buu off the table until the next Ascension Phase ("Reforming (Buu)")
Status = Literal["reserve", "active", "dazed", "ko", "removed", "unformed", "fused",
                 "reforming"]


class _Data(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=False)


class ModelState(_Data):
    uid: int
    owner: int
    character: str
    hp: int
    tier: int = 0
    sk: int = 0
    status: Status = "reserve"
    x: float | None = None  # base centre, inches; None off the table
    y: float | None = None
    level: int = 0  # altitude ("Altitude Levels"); 0 until flight is refereed
    dazes: int = 0  # "Dazed: HP reached 0 (1st time)", "KO'd: 2nd time"
    activations: int = 0  # this round ("Focus Tax", at most 2)
    rage: int = 0  # Saiyan Rage SK gained this round (at most 3)
    states: list[str] = []  # "Model States": "staggered" (more to come)
    bonus_actions: int = 0  # given by a Devoted Support partner, for the next activation
    devoted: bool = False  # its pair gave actions this round ("once per round")
    supported: bool = False  # it gave its Support action this round ("Once per round")
    # a Fused model: its components while formed, the round it forms at the start of the
    # Activation Phase, the round whose Cleanup ends it; a pair that misfused tries no more
    components: list[int] = []
    forms: int | None = None
    until: int | None = None
    misfused: bool = False
    token: tuple[float, float] | None = None  # a Reformation token's position
    mods: list[StatMod] = []  # stat modifications until the end of the round
    # "Majin (state)": the uid of the Babidi who Corrupted it (not a round's state: it
    # lasts until Babidi is KO'd); `pure`: a Critical Compulsion Check freed it for good
    majin: int | None = None
    pure: bool = False
    brand: bool = False  # that Majin state is Babidi's Majin Brand (PT-53)
    # states that outlast a Cleanup (engine.primetime.lasting): who applied each one, and
    # the round whose Cleanup ends it (Confection: "end of the NEXT round")
    applied_by: dict[str, int] = {}
    ends: dict[str, int] = {}
    emergency: int | None = None  # the tier before an emergency Ascension (PT-51)
    unweighted: bool = False  # took off its Weighted Clothing (for good)
    legacy: list[str] = []  # Legacy cards beside its profile ("Never return to the deck")
    wounded: bool = False  # brought to half its HP or less by damage (a Legacy gate, PT-69)
    partner: int | None = None  # the partner declared before the game (Dende, PT-71)
    merged: bool = False  # its Merge triggered (PT-72): what it gave lasts for the game

    @property
    def on_table(self) -> bool:
        return self.status in ("active", "dazed")


class StatMod(_Data):
    """A modification of a stat until the end of the round (engine.primetime.stats)."""

    name: str  # the effect's name: same-named effects do not stack
    stat: str
    value: int


class Token(_Data):
    """A Saibaman token ("SAIBAMEN — SPECIAL UNIT RULES"): not a model, so nothing that
    counts models (OC, Order Pool, Affiliation threshold) sees it."""

    id: int
    owner: int
    deployer: int  # the uid of the model whose Saibamen Deploy placed it
    x: float
    y: float
    grabbing: int | None = None  # the uid of the model it holds in Grab State


class PlayerState(_Data):
    name: str  # the roster's name
    affiliation: str
    side: int | None = None  # 0: the y = 0 edge, 1: the y = 30 edge
    bk: int = 0  # the team's Battle Ki pool
    wt: int = 3  # "Each player starts the game with 3 WT"
    orders: int = 0  # activations left in the Order Pool this round
    passed: bool = False  # passed in this Activation Phase
    deck: list[str] = []  # draw pile, top last
    hand: list[str] = []
    discard: list[str] = []
    in_play: list[str] = []  # Persistent cards played this round ("discard Persistent cards")
    glory: list[int] = []  # Glory scored, one entry per round played
    leader: str | None = None  # the roster's Leader (a character id)
    commands: list[str] = []  # Command Abilities used: "round" (this round), "game"
    command_lost: bool = False  # the Leader was KO'd or removed: lost for good (PT-48)
    joints: list[str] = []  # Joint Attacks fired this round (once a round each, PT-58)


class Activation(_Data):
    model: int
    actions: int = 2  # "Each model gets 2 actions per activation"
    moves: int = 0  # movement actions taken ("Movement Cap": 2)
    taken: list[str] = []  # actions taken: "cannot take the same action twice"
    altitude: bool = False  # changed altitude ("once per activation")
    staggered: bool = False  # began Staggered: it ends with this activation
    free: int = 0  # free actions taken ("Free Action Cap": 2)
    fresh: bool = True  # nothing chosen yet: the "start of activation"
    wt_used: bool = False  # "One WT Action per activation"


class GloryScored(_Data):
    """One Glory award, kept so the fuzz tests can check Glory only comes from scoring."""

    round: int
    player: int
    amount: int
    source: str  # "objective 1 of Hold the Line"


class PrimeTimeState(_Data):
    version: int = STATE_VERSION
    ruleset: str
    seed: int
    rng: int
    players: list[PlayerState]
    models: list[ModelState]
    round: int = 0
    phase: Literal["setup", "power", "ascension", "activation", "cleanup", "over"] = "setup"
    first: int | None = None  # who activates first this round (initiative)
    turn: int = 0  # whose activation it is to declare
    location: str | None = None
    missions: list[str] = []  # opening, escalation, finale ("Draw Mission Cards")
    condition: str | None = None
    terrain: list[TerrainPiece] = []
    tokens: list[Token] = []  # Saibamen on the table
    next_token: int = 0  # the id the next deployed token gets
    active: Activation | None = None
    round_winners: list[int | None] = []  # None: a drawn round
    glory_log: list[GloryScored] = []
    sudden_death: bool = False
    tasks: list[Task] = []
    pending: Decision | None = None
    seq: int = 0
    winner: int | None = None
    win_reason: str = ""

    def held(self, uid: int) -> bool:
        """Whether a Saibaman holds the model in Grab State ("Grabbed model cannot move or
        change altitude", engine.primetime.saibamen)."""
        return any(t.grabbing == uid for t in self.tokens)

    def to_json(self) -> str:
        return self.model_dump_json()

    @classmethod
    def from_json(cls, text: str) -> PrimeTimeState:
        return cls.model_validate_json(text)
