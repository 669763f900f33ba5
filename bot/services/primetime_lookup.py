"""`/card show` for DBZ: Prime Time: a character profile or a deck card of the sample or a
server's enabled sets, found by id or name, in a few plain lines."""

from __future__ import annotations

from engine.panini.cards import fold_name
from engine.primetime.data import Character, DeckCard
from engine.primetime.pool import Pool


def find_entry(pool: Pool, name: str) -> Character | DeckCard | None:
    """The character or card whose id or name is `name` (case and accents aside)."""
    key = fold_name(name)
    entries: list[Character | DeckCard] = [*pool.characters.values(), *pool.cards.values()]
    return next((e for e in entries if key in (fold_name(e.id), fold_name(e.name))), None)


def entry_text(entry: Character | DeckCard) -> str:
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
    return "\n".join(lines)
