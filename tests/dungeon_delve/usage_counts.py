"""Which cards, abilities and action kinds of Dungeon Delve appear in AI play (issue 9, item 8).

Run from the project root, for example:

    python -m tests.dungeon_delve.usage_counts --games 100 --seed 1 --agents normal,normal,normal

It plays whole games through the Session API and counts, from the events and the choices:

* every card: items (weapons attacked with, shields exhausted, armour and other items
  equipped, consumables used, search cards drawn), overlord cards played, monster
  abilities and surge abilities, class skills, heroic feats, hero abilities, conditions;
* every option kind chosen, per decision kind and side ("hero action: give", ...).

It prints the counts and, last, what never appeared. This is a tool for people, not a
test: the AI never sees any of it.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from typing import Any

from game.rulesets.dungeon_delve.content import standard_content
from game.rulesets.dungeon_delve.geometry import distance
from game.session import Seat, Session

CONTENT = standard_content()


def base(card: str) -> str:
    return card.partition("#")[0]


def catalogue() -> list[str]:
    """Everything that should appear at least once."""
    out: list[str] = []
    for item_id, item in CONTENT.items.items():
        out.append(f"item:{item_id}")
        for n, _ in enumerate(item.surges):
            out.append(f"weapon_surge:{item_id}:{n}")
    for card_id in CONTENT.overlord:
        out.append(f"overlord_card:{card_id}")
    for kind, monster in CONTENT.monsters.items():
        out.append(f"monster_attack:{kind}")
        for n, _ in enumerate(monster.surges):
            out.append(f"monster_surge:{kind}:{n}")
        for ability in monster.abilities:
            out.append(f"monster_ability:{kind}:{ability.name}")
        if monster.reach:
            out.append(f"monster_ability:{kind}:Reach")
    for cls in CONTENT.classes.values():
        out.append(f"skill:{cls.skill.id}")
    for hero_id in CONTENT.heroes:
        out.append(f"feat:{hero_id}")
        out.append(f"ability:{hero_id}")
    for condition in ("poisoned", "stunned", "immobilized"):
        out.append(f"condition:{condition}")
    for option in ("act:move", "move", "fatigue", "attack", "fury", "skill", "feat", "rest", "search", "door",
                   "revive", "standup", "climb", "use", "give", "take", "end"):
        out.append(f"hero action:{option}")
    for option in ("act:move", "move", "attack", "climb", "end"):
        out.append(f"monster action:{option}")
    return out


class Counts:
    """Running counts over several games."""

    def __init__(self) -> None:
        self.seen: Counter[str] = Counter()
        self.offered: Counter[str] = Counter()
        self.games = 0
        self.hero_wins = 0
        self.attack: dict[str, Any] = {}  # the attack in progress (its surges come later)
        self.equipped: set[str] = set()

    def play(self, seed: int, levels: list[str], options: dict[str, Any]) -> None:
        seats = [Seat("ai", f"{level} {n + 1}", level) for n, level in enumerate(levels)]
        session = Session.new("dungeon-delve", seats, seed, options)
        self.attack, self.equipped = {}, set()
        self._events(session, session.log, None)
        while (decision := session.pending()) is not None:
            picked = session.ai_choice()
            assert picked is not None, "a seat is not an AI"
            state = session.game.state
            act = state.activation
            side = "overlord" if decision.seat == 0 else "hero"
            if decision.kind == "action" and act is not None:
                side = "hero" if any(h.id == act.figure for h in state.heroes) else "monster"
            label = f"{side} {decision.kind}"
            for option in {_prefix(o) for o in decision.option_ids}:
                self.offered[f"{label}:{option}"] += 1
            for option in picked[1]:
                self.seen[f"{label}:{_prefix(option)}"] += 1
                if decision.kind == "keen_eye":
                    self.seen["skill:keen_eye"] += 1
                if option.startswith("revive:") and act is not None and act.figure == "sister_elowen":
                    self.seen["ability:sister_elowen"] += 1
            before = {h.id: (tuple(h.square), h.knocked_out) for h in state.heroes}
            events = session.choose(*picked)
            self._events(session, events, before)
        outcome = session.game.outcome()
        assert outcome is not None
        for item in self.equipped:
            self.seen[f"equipped:{item}"] += 1
            if CONTENT.items[item].slot == "other" and CONTENT.items[item].when == "passive" and \
                    not any(e.verb == "add_dice" for e in CONTENT.items[item].effects):
                self.seen[f"item:{item}"] += 1  # Swift Boots, Ring of Focus: at work while equipped
        self.games += 1
        self.hero_wins += 1 in outcome.winners

    def _events(self, session: Session, events: list[Any], before: dict[str, Any] | None) -> None:
        state = session.game.state
        hero_ids = {h.id for h in state.heroes}
        names = {h.id: CONTENT.heroes[h.id].name for h in state.heroes}
        for hero in state.heroes:
            self.equipped.update(base(item) for item in hero.equipped)
        attack = self.attack
        for e in events:
            d = e.data
            if e.kind == "attack":
                attack = self.attack = dict(d)
                attacker = d["attacker"]
                weapon = d["weapon"]
                if attacker in hero_ids:
                    self.seen[f"item:{weapon}"] += weapon in CONTENT.items
                else:
                    kind = base(attacker) if "#" in attacker else attacker
                    monster = state.monster(attacker)
                    kind = monster.kind if monster is not None else kind
                    self.seen[f"monster_attack:{kind}"] += 1
                    if monster is not None and distance(tuple(monster.square), tuple(d["target"])) >= 2 \
                            and CONTENT.monsters[kind].attack_type == "melee":
                        self.seen[f"monster_ability:{kind}:Reach"] += 1
            elif e.kind == "surge" and e.rule == "DD-089" and attack:
                attacker = attack["attacker"]
                if attacker in hero_ids:
                    self.seen[f"weapon_surge:{attack['weapon']}:{d['ability']}"] += 1
                else:
                    monster = state.monster(attacker)
                    kind = monster.kind if monster is not None else base(attacker)
                    self.seen[f"monster_surge:{kind}:{d['ability']}"] += 1
            elif e.kind == "shield":
                for item_id, item in CONTENT.items.items():
                    if f"exhausts {item.name}" in e.text:
                        self.seen[f"item:{item_id}"] += 1
            elif e.kind == "dice" and e.rule == "DD-084" and "brown" in d.get("dice", ()):
                roller = next((h for h in state.heroes if e.text.startswith(names[h.id])), None)
                if roller is not None:
                    for item in roller.equipped:
                        if base(item) in ("chain_shirt", "warding_amulet"):
                            self.seen[f"item:{base(item)}"] += 1
            elif e.kind == "dice" and "Lucky Stone" in e.text:
                self.seen["item:lucky_stone"] += 1
            elif e.kind == "use":
                self.seen[f"item:{base(d['item'])}"] += 1
            elif e.kind == "search_card":
                card = base(d["card"])
                self.seen[f"drawn:{card}"] += 1
                if CONTENT.items[card].slot == "none" and not any(x.verb != "gold" for x in CONTENT.items[card].effects):
                    self.seen[f"item:{card}"] += 1  # gold and dust do their whole job when drawn
            elif e.kind == "trade":
                self.seen[f"traded:{base(d['item'])}"] += 1
            elif e.kind == "share":
                self.seen[f"shared:{base(d['item'])}"] += 1
            elif e.kind == "card" and e.rule == "DD-124":
                self.seen[f"overlord_card:{base(d['card'])}"] += 1
            elif e.kind == "feat":
                self.seen[f"feat:{d['hero']}"] += 1
            elif e.kind == "condition" and "condition" in d:
                self.seen[f"condition:{d['condition']}"] += 1
            elif e.kind == "recover" and e.rule == "DD-029":
                self.seen["skill:mend"] += 1
            elif e.kind == "recover" and e.rule == "DD-055" and d.get("hearts", 0) > 0:
                self.seen["ability:brakka_stonehide"] += 1
            elif e.kind == "knocked_out":
                self.seen["knocked out"] += 1
            elif e.kind == "stand":
                self.seen[f"stand:{e.rule}"] += 1
            elif e.kind == "move" and before is not None:
                figure = d["figure"]
                path = [tuple(p) for p in d["path"]]
                if figure in hero_ids:
                    if figure == "tamsin_reedfoot" and any(_water(p) for p in path):
                        self.seen["ability:tamsin_reedfoot"] += 1
                else:
                    standing = {sq for sq, out in before.values() if not out}
                    if any(p in standing for p in path):
                        monster = state.monster(figure)
                        if monster is not None:
                            self.seen[f"monster_ability:{monster.kind}:Nimble"] += 1
        for e in events:
            if e.kind != "attack" or e.data["attacker"] not in hero_ids:
                continue
            if e.data["attacker"] == "vessarin_ashmark" and CONTENT.items[e.data["weapon"]].attack_type == "ranged":
                self.seen["ability:vessarin_ashmark"] += 1  # Far Sight: +1 range on each ranged attack
            label = e.text.rsplit("(", 1)[1].rstrip(").") if e.text.endswith(").") else ""
            for cls in CONTENT.classes.values():
                if label and cls.skill.name == label:
                    self.seen[f"skill:{cls.skill.id}"] += 1
            if label and label == CONTENT.heroes[e.data["attacker"]].feat.name:
                self.seen[f"feat:{e.data['attacker']}"] += 1  # Battle Fury is an attack


def _water(square: tuple[int, int]) -> bool:
    return CONTENT.quests["wardens_vault"].terrain.get(square) == "water"


def _prefix(option: str) -> str:
    if option.startswith("act:"):
        return option
    return option.partition(":")[0]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--agents", default="normal,normal,normal")
    parser.add_argument("--option", action="append", default=[], help="game option key=value")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    levels = [a.strip() for a in args.agents.split(",") if a.strip()]
    options = dict(o.split("=", 1) for o in args.option)
    counts = Counts()
    for i in range(args.games):
        counts.play(args.seed + i, levels, options)
    wanted = catalogue()
    missing = [k for k in wanted if counts.seen[k] == 0]
    if args.json:
        print(json.dumps({"games": counts.games, "hero_wins": counts.hero_wins, "seen": dict(counts.seen),
                          "offered": dict(counts.offered), "missing": missing}, indent=1, sort_keys=True))
        return 0
    print(f"{counts.games} games, heroes won {counts.hero_wins}")
    for key, value in sorted(counts.seen.items()):
        print(f"  {key:50s} {value:6d}")
    print("offered but never chosen:")
    for key, value in sorted(counts.offered.items()):
        if counts.seen[key] == 0:
            print(f"  {key:50s} offered {value:6d}")
    print("never appeared: " + (", ".join(missing) or "nothing"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
