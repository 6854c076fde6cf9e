"""Fantasy Adventures in a terminal: the text picture that ``python -m game play`` shows (the
registration's ``terminal`` part). Drawn from the seat's view only, so a hand shows for its
owner alone and a stack's cards for the monster player alone (section 7).

Each party is drawn in its two ranks, position by position, every hero with its Melee, its
items and its marks (flipped, feared, waiting to enter); then the stacks, the Encounter with
its monsters, and each melee still to be rolled with both totals and its odds.
"""

from __future__ import annotations

from typing import Callable

from game.core.words import counted
from game.rulesets.fantasy_adventures.content import FAContent, Hero
from game.rulesets.fantasy_adventures.system import FantasyAdventures
from game.rulesets.fantasy_adventures.view_types import EncounterView, FAView, MeleeView, PlayerView, is_fa_view
from game.session import Session

STAGES = {"setup": "Setup", "cards": "I Cards", "placement": "II Placement", "traps": "III Traps",
          "surprise": "IV Surprise", "combat": "V Combat", "recovery": "VI Recovery", "over": "Game over"}


def _hero(content: FAContent, player: PlayerView, hero: str) -> str:
    info = content.card(hero)
    melee = f" M{info.melee}" if isinstance(info, Hero) else ""
    marks = [mark for mark, on in (("flipped", hero in player["flipped"]), ("FEARED", hero in player["feared"]),
                                   ("waiting", hero in player["waiting"])) if on]
    items = player["items"].get(hero, [])
    text = info.name + melee
    if items:
        text += " [" + ", ".join(content.card(i).name for i in items) + "]"
    return text + (f" ({', '.join(marks)})" if marks else "")


def _rank(content: FAContent, player: PlayerView, cells: list[str | None]) -> str:
    if not any(cells):
        return "(nobody)"
    return "  ".join(f"{i + 1}. {_hero(content, player, h) if h else '—'}" for i, h in enumerate(cells))


def _player(content: FAContent, view: FAView, player: PlayerView) -> list[str]:
    marks = " [monster player]" if player["seat"] == view["monster"] and view["stage"] != "setup" else ""
    marks += " (you)" if player["seat"] == view["seat"] else ""
    if player["eliminated"]:
        return [f"  {player['name']}{marks}: eliminated"]
    lines = [f"  {player['name']}{marks}: {player['score']:,} GP on the table; hand {player['hand_size']}, "
             f"Hero deck {player['hero_deck']}, Encounter deck {player['encounter_deck']}; discards: "
             f"{counted(len(player['hero_discard']), 'hero', 'heroes')}, {counted(len(player['encounter_discard']), 'card')}"]
    if view["stage"] == "setup" and player["seat"] != view["seat"]:
        lines.append("    (the party stays secret until every party is revealed, FA-027)")
        return lines
    lines.append("    Front: " + _rank(content, player, player["front"]))
    lines.append("    Back:  " + _rank(content, player, player["back"]))
    return lines


def _melee(name: Callable[[str], str], melee: MeleeView) -> str:
    def parts(items: list[tuple[str, int]]) -> str:
        return " ".join(f"{v}" if i == 0 else f"{v:+d} {label}" for i, (label, v) in enumerate(items))

    hero = parts([(p["label"], p["value"]) for p in melee["hero_parts"]])
    monster = parts([(p["label"], p["value"]) for p in melee["monster_parts"]])
    horde = f" (Horde of {melee['horde']})" if melee["horde"] > 1 else ""
    return (f"    Melee: {name(melee['hero'])} {hero} = {melee['hero_total']} against {name(melee['monster'])}{horde} "
            f"{monster} = {melee['monster_total']}: win {melee['win']:.0%}, no result {melee['tie']:.0%}, "
            f"defeated {melee['lose']:.0%}")


def _encounter(content: FAContent, view: FAView, encounter: EncounterView) -> list[str]:
    def name(card: str) -> str:
        return content.card(card).name

    players = view["players"]
    kind = "a lair" if encounter["lair"] else "a wandering Encounter"
    round_text = f", combat round {encounter['round']}" if encounter["round"] else ""
    lines = [f"  Encounter: {players[view['monster']]['name']}'s stack against {players[encounter['target']]['name']}'s "
             f"party ({kind}{round_text})"]
    hidden = f"{encounter['stack_size']} card{'s' if encounter['stack_size'] != 1 else ''} face down"
    if encounter["stack"]:
        hidden += ": " + ", ".join(name(c) for c in encounter["stack"])
    if encounter["stack_size"]:
        lines.append(f"    Stack: {hidden}")
    if encounter["entering"]:
        lines.append(f"    Entering hero: {name(encounter['entering'])}"
                     + (f"; trap revealed: {name(encounter['trap'])}" if encounter["trap"] else ""))
    if encounter["surprise_roll"]:
        surprised = ", ".join(name(c) for c in encounter["surprised"])
        lines.append(f"    Surprise roll: {encounter['surprise_roll']}" + (f" (surprise: {surprised})" if surprised else ""))
    for monster in encounter["monsters"]:
        info = content.card(monster["card"])
        melee = getattr(info, "melee", 0) + monster["bonus"]
        where = (f"attacks {name(monster['hero'])}" + (" (meleeing)" if monster["meleeing"] else "")
                 if monster["hero"] else "unassigned")
        lines.append(f"    Monster: {info.name} (Melee {melee}) " + ("waits beside the party" if monster["pending"] else where))
    for hero, supporters in encounter["supports"].items():
        lines.append(f"    Support: {', '.join(name(s) for s in supporters)} support {name(hero)}")
    if encounter["party_penalty"]:
        lines.append(f"    Every hero of the party: -{encounter['party_penalty']} Melee this Encounter")
    lines += [_melee(name, m) for m in view["melees"]]
    return lines


def describe_adventures(session: Session, seat: int) -> str:
    """A text picture of a Fantasy Adventures position as ``seat`` sees it."""
    system = session.game.system
    assert isinstance(system, FantasyAdventures)
    content = system.content  # the game's own content, not a module-level copy
    view = session.game.view_for(seat)
    assert is_fa_view(view)
    players = view["players"]
    turn = f"Game turn {view['game_turn']} of 4 · " if view["game_turn"] else ""
    monster = f" · monster player {players[view['monster']]['name']}" if view["stage"] != "setup" else ""
    stage = view["stage"]  # (during an Encounter, the Encounter's own)
    limit = f" · stack limit Melee {view['stack_limit']}" if stage == "placement" else ""
    lines = [f"--- {turn}{STAGES.get(stage, stage)}{monster}{limit} ---"]
    for player in players:
        lines += _player(content, view, player)
    for target, stack in view["stacks"].items():
        cards = f": {', '.join(content.card(c).name for c in stack['cards'])}" if stack["cards"] else ""
        lines.append(f"  Stack on {players[int(target)]['name']}'s party: {counted(stack['size'], 'card')}{cards}")
    if view["order"]:
        lines.append("  Encounters to come: " + ", then ".join(players[t]["name"] for t in view["order"]))
    if view["encounter"] is not None:
        lines += _encounter(content, view, view["encounter"])
    me = players[seat]
    if me["drawn"]:
        lines.append("  Heroes you drew: " + ", ".join(_hero(content, me, h) for h in me["drawn"]))
    lines.append("  Your hand: " + (", ".join(content.card(c).name for c in me["hand"]) or "empty"))
    if view["winners"] is not None:
        lines.append("  Winners: " + (", ".join(players[w]["name"] for w in view["winners"]) or "nobody")
                     + f" ({view['end_reason']})")
    return "\n".join(lines)
