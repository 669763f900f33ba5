"""Saibamen ("SAIBAMEN — SPECIAL UNIT RULES"; rulings PT-55 to PT-57)."""

from __future__ import annotations

import pytest

from engine.primetime import rounds, saibamen
from engine.primetime.game import PrimeTimeGame
from engine.primetime.geometry import Base, edge_distance
from engine.primetime.invariants import violations
from engine.primetime.options import parse_point
from engine.primetime.roster import sample_roster
from engine.primetime.state import ModelState, Token
from tests.primetime.helpers import activate, answer, dice, empty_table

# the Saiyan invaders (seat 0: Nappa, Raditz, Vegeta) against the Z-Fighters (seat 1)
SAIYANS = [sample_roster("Saiyans"), sample_roster("Z-Fighters")]


def table() -> PrimeTimeGame:
    return empty_table(SAIYANS)


def mine(game: PrimeTimeGame, cid: str, owner: int) -> ModelState:
    return next(m for m in game.state.models if m.character == cid and m.owner == owner)


def put(game: PrimeTimeGame, cid: str, owner: int, x: float, y: float) -> ModelState:
    m = mine(game, cid, owner)
    m.x, m.y, m.status = x, y, "active"
    return m


def token_at(game: PrimeTimeGame, x: float, y: float, deployer: str = "nappa",
             grabbing: ModelState | None = None) -> Token:  # fmt: skip
    t = Token(id=game.state.next_token, owner=0, deployer=mine(game, deployer, 0).uid, x=x,
              y=y, grabbing=None if grabbing is None else grabbing.uid)  # fmt: skip
    game.state.next_token += 1
    game.state.tokens.append(t)
    return t


def start_activation_phase(game: PrimeTimeGame) -> None:
    """ "At the start of each Activation Phase": run the phase's start from here."""
    game.state.pending, game.state.active = None, None
    game.then(("activation_phase", {}))
    game.run()


def ids(game: PrimeTimeGame) -> list[str]:
    assert game.pending is not None
    return [o.id for o in game.pending.options]


def test_saibamen_deploy_places_up_to_capacity_within_range_for_one_action() -> None:
    # "spend 1 action to use Saibamen Deploy — placing up to their full Capacity of
    # Saibamen tokens at valid positions within the specified range" (Nappa: Capacity 3,
    # within 6"); PT-55: the profile's `saibamen` field, Capacity on the table at once
    game = table()
    nappa = put(game, "nappa", 0, 15, 15)
    activate(game, nappa)
    assert saibamen.DEPLOY in ids(game)
    answer(game, saibamen.DEPLOY)
    decision = game.pending
    assert decision is not None and decision.kind == saibamen.PLACE and decision.player == 0
    spots = [parse_point(o.id) for o in decision.options]
    assert spots and all(p is not None for p in spots)
    here = game.base(nappa)
    for p in spots:
        assert p is not None
        assert edge_distance(Base(*p, saibamen.RADIUS), here) <= 6 + 1e-9
    outcome = game.apply(0, "at:15,23", decision.seq)  # 8" away: out of range
    assert not outcome.ok and "within 6" in outcome.reason
    answer(game, "at:15,17")
    assert "done" in ids(game)  # "up to": after the first, it may stop
    answer(game, "at:13,15")
    answer(game, "at:17.5,15")  # off the grid, but legal
    assert [(t.x, t.y) for t in game.state.tokens] == [(15, 17), (13, 15), (17.5, 15)]
    assert game.pending is not None and game.pending.kind == "action"
    assert game.state.active is not None and game.state.active.actions == 1
    assert saibamen.DEPLOY not in ids(game)  # Capacity reached (and once an activation)
    # one destroyed: a later activation may deploy one again
    saibamen.destroyed(game, game.state.tokens[0], "is shot down")
    activate(game, nappa)
    assert game.pending is not None
    assert any(o.id == saibamen.DEPLOY and "up to 1 " in o.label for o in game.pending.options)


def test_raditz_deploys_two_within_8_from_his_profile() -> None:
    # "Raditz (Capacity 2, within 8")": the numbers are his profile's, not the code's
    game = table()
    raditz = put(game, "raditz", 0, 15, 15)
    activate(game, raditz)
    answer(game, saibamen.DEPLOY)
    answer(game, "at:15,23.5")  # ~7.2" edge to edge: beyond Nappa's 6", within 8"
    answer(game, "at:15,8")
    assert len(game.state.tokens) == 2
    assert game.pending is not None and game.pending.kind == "action"  # Capacity 2 reached
    vegeta = put(game, "vegeta", 0, 5, 5)
    activate(game, vegeta)  # no Saibamen Deploy on his profile
    assert saibamen.DEPLOY not in ids(game)


def test_a_saibaman_runs_6_at_the_nearest_enemy_within_8_and_never_at_a_friend() -> None:
    # "Enemy within 8": Move full MOV (6") directly toward the nearest enemy. If base
    # contact reached → trigger Acid Burst"; "Autonomous tokens ... may only target enemy
    # models"; the choice to grab instead is the deploying player's
    game = table()
    put(game, "raditz", 0, 15, 8.6)  # a friend right beside it
    goku = put(game, "goku", 1, 15, 17)
    t = token_at(game, 15, 10)
    start_activation_phase(game)
    decision = game.pending
    assert decision is not None and decision.kind == "saibaman_contact"
    assert decision.player == 0 and ids(game) == ["burst", "grab"]
    assert edge_distance(saibamen.base(t), game.base(goku)) <= saibamen.CONTACT
    assert t.y > 15  # it ran away from Raditz, at Goku


def test_with_no_enemy_within_8_it_closes_4() -> None:
    # "No enemy within 8": Move 4" toward the nearest enemy regardless of range."
    game = table()
    put(game, "goku", 1, 15, 25)
    t = token_at(game, 15, 5)
    start_activation_phase(game)
    assert t.x == 15 and t.y == pytest.approx(9)
    assert game.pending is not None and game.pending.kind == "activate"


def test_acid_burst_2_to_the_contacted_1_within_2_res_applies_and_pays_nappa() -> None:
    # "Contacted model takes 2 DMG, no save. All models within 2" take 1 DMG automatically
    # (no save). Remove the Saibaman token."; "Expendable Resources (Nappa passive): When a
    # Saibaman is destroyed → Nappa's team gains +1 BK"; PT-56: RES applies
    game = table()
    goku = put(game, "goku", 1, 15, 17)  # RES 1
    krillin = put(game, "krillin", 1, 17, 17)  # RES 0, within 2" of the burst
    gohan = put(game, "gohan-kid", 1, 25, 17)  # far
    token_at(game, 15, 10)
    bk = game.state.players[0].bk
    start_activation_phase(game)
    answer(game, "burst")  # "a detonation — not an attack": no Z-Reaction is asked
    assert game.pending is not None and game.pending.kind == "activate"
    assert (goku.hp, krillin.hp, gohan.hp) == (7 - 1, 5 - 1, 5)
    assert game.state.tokens == []
    assert game.state.players[0].bk == bk + 1


def test_a_grab_holds_the_model_until_it_breaks_free() -> None:
    # "Grabbed model cannot move or change altitude"; "Break free: spend 1 action, roll
    # D20 + IMP ≥ 14"
    game = table()
    krillin = put(game, "krillin", 1, 15, 17)  # IMP 3, Human
    token_at(game, 15, 10)
    start_activation_phase(game)
    answer(game, "grab")
    assert game.state.held(krillin.uid)
    activate(game, krillin)
    options = ids(game)
    assert not {"move", "climb"} & set(options)
    assert not any(o.startswith(("charge:", "ki_assault:")) for o in options)
    assert saibamen.BREAK in options


def test_breaking_free_needs_14_and_18_for_a_saiyan(monkeypatch: pytest.MonkeyPatch) -> None:
    # "Break free: spend 1 action, roll D20 + IMP ≥ 14. (Saiyan targets: ≥ 18 — their tail
    # is exposed)"
    game = table()
    krillin = put(game, "krillin", 1, 10, 17)  # IMP 3
    goku = put(game, "goku", 1, 20, 17)  # IMP 5, a Saiyan
    token_at(game, 10, 17 - 0.689 - 0.63, grabbing=krillin)
    token_at(game, 20, 17 - 0.689 - 0.63, grabbing=goku)
    dice(monkeypatch, 11, 12)
    activate(game, krillin)
    answer(game, saibamen.BREAK)  # 11 + 3 = 14: free
    assert not game.state.held(krillin.uid)
    assert "move" in ids(game)
    activate(game, goku)
    assert "move" not in ids(game)  # a flyer: no Move, so no altitude change either
    answer(game, saibamen.BREAK)  # 12 + 5 = 17: still held
    assert game.state.held(goku.uid)
    assert saibamen.BREAK not in ids(game)  # once an activation ("the same action twice")


def test_a_grab_bursts_at_the_start_of_the_next_activation_phase() -> None:
    # "Acid Burst triggers ... at the start of the next Activation Phase if still grabbed"
    game = table()
    goku = put(game, "goku", 1, 15, 17)
    token_at(game, 15, 17 - 0.689 - 0.63, grabbing=goku)
    start_activation_phase(game)
    assert goku.hp == 7 - (2 - 1)
    assert game.state.tokens == []


def test_damage_from_another_source_bursts_the_grab(monkeypatch: pytest.MonkeyPatch) -> None:
    # "Automatic detonation: Acid Burst triggers if the grabbed model takes damage from any
    # other source"
    game = table()
    nappa = put(game, "nappa", 0, 15, 18.5)
    goku = put(game, "goku", 1, 15, 17)
    token_at(game, 15, 17 - 0.689 - 0.63, grabbing=goku)
    dice(monkeypatch, *[19] * 10)
    activate(game, nappa)
    answer(game, f"attack:0:{goku.uid}")  # Arm Crush, 3 damage
    while game.pending is not None and game.pending.kind != "action":
        answer(game, "none")
    assert game.state.tokens == []
    # 3 - RES 1 from Arm Crush, then the burst's 2 - RES 1 to Goku (1 to Nappa: RES 2)
    assert goku.hp == 7 - 2 - 1
    assert nappa.hp == 8


def test_shooting_a_saibaman_removes_it_and_a_critical_success_detonates_it(
        monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    # "any model may target a Saibaman with a ranged attack. RFX 8. On hit: Remove the
    # Saibaman immediately. On Critical Success: Saibaman detonates — Acid Burst triggers at
    # its current position, potentially hitting the attacker if within 2""
    game = table()
    krillin = put(game, "krillin", 1, 15, 12)  # FOC 4, RES 0
    far = token_at(game, 15, 20)
    near = token_at(game, 15, 10)
    activate(game, krillin)
    shots = [o for o in game.pending.options if o.id.startswith("shoot:")]  # type: ignore[union-attr]
    assert {o.id.split(":")[2] for o in shots} == {str(far.id), str(near.id)}
    assert all("Energy Blast" in o.label or "Destructo Disc" in o.label for o in shots)
    dice(monkeypatch, 4, 14)
    answer(game, f"shoot:2:{far.id}")  # Energy Blast: 4 + 4 = 8 against RFX 8: a hit
    assert far not in game.state.tokens and krillin.hp == 5
    assert not any(o.startswith("shoot:") or o.startswith("attack:") for o in ids(game))
    activate(game, krillin)
    answer(game, f"shoot:2:{near.id}")  # 14 + 4 = 18: a Critical Success
    assert game.state.tokens == [] and krillin.hp == 5 - 1


def test_a_saibaman_is_expendable_and_no_model(monkeypatch: pytest.MonkeyPatch) -> None:
    # "Expendable keyword: Saibaman destruction does not trigger enemy KO-based effects";
    # "Expendable | ... never triggers Rage Gen"; in Sudden Death "The next Daze or removal
    # from play wins" — a Saibaman's removal is neither
    game = table()
    game.state.sudden_death = True
    goku = put(game, "goku", 1, 15, 12)  # a Saiyan
    t = token_at(game, 15, 16)
    dice(monkeypatch, 10)
    activate(game, goku)
    answer(game, f"shoot:3:{t.id}")  # Energy Blast: a hit
    assert game.state.tokens == [] and game.state.winner is None and goku.sk == 0


def test_saibamen_do_not_count_for_objectives_or_the_order_pool() -> None:
    # "OC: Saibamen tokens do not count for OC, Order Pool, or Affiliation threshold."
    game = table()
    mission = game.pool.missions[game.state.missions[0]]
    ox, oy = mission.objectives[0]
    goku = put(game, "goku", 1, ox, oy + 1.5)
    for dx in (-1.5, 1.5):
        token_at(game, ox + dx, oy)
    rounds.score_objectives(game)
    held = [(e.player, e.source) for e in game.state.glory_log]
    assert (1, f"objective 1 of {mission.name}") in held  # Goku's OC 1 against no OC
    assert len(rounds.fighting(game, 0)) == 3 and goku.status == "active"


def test_saibamen_act_on_when_their_side_has_no_model_left() -> None:
    # "All non-Saibaman models eliminated: Saibamen continue to activate autonomously."
    game = table()
    for m in game.state.models:
        if m.owner == 0:
            m.status, m.x, m.y = "ko", None, None
    put(game, "goku", 1, 15, 25)
    t = token_at(game, 15, 5)
    start_activation_phase(game)
    assert t.y == pytest.approx(9)
    assert game.pending is not None and game.pending.player == 1


def test_the_deploying_player_chooses_which_saibaman_acts_first() -> None:
    # "resolve all Saibamen tokens in any order the deploying player chooses"
    game = table()
    put(game, "goku", 1, 15, 28)
    first, second = token_at(game, 5, 5), token_at(game, 25, 5)
    start_activation_phase(game)
    decision = game.pending
    assert decision is not None and decision.kind == "saibaman_next" and decision.player == 0
    assert ids(game) == [f"token:{first.id}", f"token:{second.id}"]
    outcome = game.apply(0, f"token:{second.id}", game.pending.seq)  # type: ignore[union-attr]
    runs = [e.text for e in outcome.events if "runs at" in e.text]
    assert len(runs) == 2 and f'({second.x:g}"' in runs[0] and f'({first.x:g}"' in runs[1]
    assert game.pending is not None and game.pending.kind == "activate"


def test_the_invariants_see_tokens() -> None:
    game = table()
    for m in game.state.models:
        if not m.on_table:
            m.x = m.y = None
    goku = put(game, "goku", 1, 15, 15)
    assert violations(game) == []
    token_at(game, 15.5, 15)  # inside Goku's base
    token_at(game, 0.1, 20)  # off the board
    found = violations(game)
    assert "Goku overlaps Saibaman 0" in found
    assert any(p.startswith("Saibaman 1 is off the board") for p in found)
    assert goku.on_table



def test_a_grabbed_model_has_no_reposition() -> None:
    # "Grabbed model cannot move": not even the free Reposition of a Devoted Support gift
    # (PT-56)
    game = table()
    goku = put(game, "goku", 1, 15, 17)
    put(game, "gohan-kid", 1, 20, 17)
    token_at(game, 15, 17 - 0.689 - 0.63, grabbing=goku)
    activate(game, goku)
    answer(game, "devote:1")
    assert game.pending is not None and game.pending.kind == "action"
    assert (goku.x, goku.y) == (15, 17)
