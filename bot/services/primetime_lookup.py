"""`/card show` for DBZ: Prime Time: a character profile, a deck card or a Joint Attack of
the sample or a server's enabled sets, found by id or name, in a few plain lines."""

from __future__ import annotations

from engine.panini.cards import fold_name
from engine.primetime.data import Character, DeckCard
from engine.primetime.joint_data import JointAttack
from engine.primetime.pool import Pool

Entry = Character | DeckCard | JointAttack


def find_entry(pool: Pool, name: str) -> Entry | None:
    """The character, card or Joint Attack whose id or name is `name` (case and accents
    aside)."""
    key = fold_name(name)
    entries: list[Entry] = [*pool.characters.values(), *pool.cards.values(),
                            *pool.joints.values()]  # fmt: skip
    return next((e for e in entries if key in (fold_name(e.id), fold_name(e.name))), None)


def entry_text(entry: Entry, pool: Pool | None = None) -> str:
    """The entry in plain lines; a character's with its Joint Attacks (PT-58, PT-67) when
    `pool` is given."""
    if isinstance(entry, JointAttack):
        names = [_name(pool, cid) for cid in entry.pair]
        return "\n".join([f"DBZ: Prime Time Joint Attack: {entry.name} ({entry.id})",
                          f"  {names[0]} and {names[1]}", f"  {entry.text}",
                          "Refereed: it fires after a hit when its conditions hold."])
    if isinstance(entry, DeckCard):
        owner = entry.character or entry.affiliation
        lines = [f"DBZ: Prime Time deck card: {entry.name} ({entry.id})",
                 f"  {entry.kind}{f' ({owner})' if owner else ''} · {entry.timing} · "
                 f"{entry.sk} SK{' · Legacy' if entry.legacy else ''}", f"  {entry.text}",
                 "Refereed: its effect is carried out." if entry.effect is not None
                 else "Not refereed: shown, never offered to play."]
        return "\n".join(lines)
    lines = [f"DBZ: Prime Time character: {entry.name} ({entry.id})",
             f"  {entry.race} · Threat {entry.threat} · {', '.join(entry.affiliations) or '-'}",
             f"  Keywords: {', '.join(entry.keywords) or '-'}"]
    for tier in entry.tiers:
        moves = ", ".join(f"{t.name} ({t.kind} {t.range:g}\" dmg {t.damage})"
                          for t in tier.techniques)
        lines.append(f"  {tier.name}: HP {tier.hp} · Move {tier.move1}/{tier.move2} · IMP "
                     f"{tier.imp} FOC {tier.foc} RFX {tier.rfx} RES {tier.res}"
                     + (f" · {moves}" if moves else ""))
    lines += [f"  {p.name}: {p.text}" for p in entry.passives]
    if pool is not None:
        lines += [f"  Joint Attack with {_name(pool, next(c for c in j.pair if c != entry.id))}"
                  f": {j.name}: {j.text}" for j in pool.joints.values() if entry.id in j.pair]
    return "\n".join(lines)


def _name(pool: Pool | None, character_id: str) -> str:
    character = None if pool is None else pool.characters.get(character_id)
    return character.name if character is not None else character_id
