"""Which quests, enemies, quest-token uses and action kinds of Champions of Albion appear in
AI play (issue 9, item 8).

Run from the project root, for example:

    python -m tests.champions_of_albion.usage_counts --games 100 --seed 1 --agents normal,normal,normal

It plays whole games through the Session API (the main enemy in turn: the Dragon, Arawn,
Morrigan, unless ``--main`` names one) and counts, from the events, the choices and the
standees on the map:

* quests drawn and completed, by card (what never appeared lists the quests never drawn); the more dangerous enemies and the ordinary enemies
  that came into play, by card;
* quest tokens taken, spent (each Act 2 use: the Dragon's -2 DV, an enemy off Arawn's space,
  Morrigan's Terror ignored or 2 will restored) and handed to another champion;
* every option kind chosen, per decision kind ("action: travel", "story_deck: quest", ...).

It prints the counts and, last, what never appeared. This is a tool for people, not a
test: the AI never sees any of it.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter

from game.rulesets.champions_of_albion.content import standard_content
from game.session import Seat, Session

CONTENT = standard_content()
MAINS = ("dragon", "arawn", "morrigan")
ACTIONS = ("travel", "rest", "banish", "gather", "unique", "cast", "give", "take", "bane", "cleanse", "use", "end")
TOKEN_USES = {"dragon": ("dv",), "arawn": ("remove",), "morrigan": ("terror", "will")}


def catalogue(mains: tuple[str, ...]) -> list[str]:
    """Everything that should appear at least once with these main enemies."""
    out = [f"quest:{q}" for q, card in CONTENT.quests.items() if card.deck in mains]
    out += [f"dangerous:{d}" for d, card in CONTENT.dangerous.items() if card.main_enemy in mains]
    out += [f"enemy:{e}" for e in CONTENT.enemies]
    out += [f"token_use:{main}:{use}" for main in mains for use in TOKEN_USES[main]]
    out += ["quest_token:taken", "quest_token:given"]
    out += [f"action: {verb}" for verb in ACTIONS]
    out += [f"action: token:{use}" for main, use in (("arawn", "remove"), ("morrigan", "will")) if main in mains]
    return out


def option_kind(option_id: str) -> str:
    verb, _, rest = option_id.partition(":")
    if verb in ("deck", "token"):
        return f"{verb}:{rest.split(':')[0]}"
    return verb


def play(games: int, seed: int, agents: list[str], mains: tuple[str, ...]) -> Counter[str]:
    counts: Counter[str] = Counter()
    for i in range(games):
        main = mains[i % len(mains)]
        session = Session.new("champions-of-albion", [Seat("ai", level=a) for a in agents], seed + i,
                              {"main_enemy": main})
        seen_enemies: set[str] = set()
        quest = ""
        while (decision := session.pending()) is not None:
            picked = session.ai_choice()
            assert picked is not None
            for option_id in picked[1]:
                counts[f"{decision.kind}: {option_kind(option_id)}"] += 1
                if option_id.startswith("token:") and option_id != "token:none":
                    counts[f"token_use:{main}:{option_id.split(':')[1]}"] += 1
                if option_id.startswith("quest_token:"):
                    counts["quest_token:given"] += 1
            events = session.choose(*picked)
            for event in events:
                if event.rule == "CA-133" and "draws the quest" in event.text:
                    quest = str(event.data.get("card", ""))
                    counts[f"quest:{quest}"] += 1
                elif event.rule == "CA-145":
                    counts["quest_token:taken"] += 1
                    counts[f"quest_completed:{quest}"] += 1
            for enemy in session.game.state.enemies:
                if enemy.uid not in seen_enemies:
                    seen_enemies.add(enemy.uid)
                    counts[f"{'enemy' if enemy.kind == 'ordinary' else enemy.kind}:{enemy.card}"] += 1
        counts["games"] += 1
        counts[f"games:{main}"] += 1
        outcome = session.game.outcome()
        counts[f"won:{main}"] += bool(outcome and outcome.winners)
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--agents", default="normal,normal,normal")
    parser.add_argument("--main", choices=MAINS, default=None, help="one main enemy (default: each in turn)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    mains = (args.main,) if args.main else MAINS
    counts = play(args.games, args.seed, args.agents.split(","), mains)
    missing = [k for k in catalogue(mains) if not counts[k]]
    if args.json:
        print(json.dumps({"counts": dict(sorted(counts.items())), "never": missing}, indent=1))
        return 0
    for key, n in sorted(counts.items()):
        print(f"{n:7d}  {key}")
    print(f"never appeared ({len(missing)}): " + (", ".join(missing) or "-"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
