"""The command line: play, simulate, replay, bench.

    python -m game                      open the window (title screen)
    python -m game --selftest           open every scene headless with random input; exit 0
    python -m game screenshot --ruleset fantasy-heroes --seed S [--steps K] [--scene NAME]
                   --out FILE.png [--size WxH] [--seats N] [--option key=value]
    python -m game play fantasy-heroes --seats human,normal [--seed S] [--load SLOT]   (terminal)
    python -m game simulate fantasy-heroes --games N --seed S --agents normal,random
                   [--scenario FILE] [--option short_game=true] [--json]
    python -m game replay FILE [--verify]
    python -m game bench [fantasy-heroes] [--games N]
    python -m game bench [RULESET] --hard [--decisions N] [--budget 1s] [--helpers N]  (the hard player's figures)
    python -m game bench RULESET --headroom --games 2 [--budget 60] [--option key=value]
    python -m game soak fantasy-heroes [--minutes M | --games N] [--agents normal,random] [--seed S]
    python -m game fuzz-saves fantasy-heroes --files N --seed S
    python -m game tournament fantasy-heroes --agents hard,normal [--games N] [--budget 200|1s]
                   [--seats N] [--option key=value] [--jobs N] [--record FILE] [--json]
    python -m game deck check FILE                 (Fantasy Adventures: exit 0 legal, 1 illegal)
    python -m game deck starter [--out FILE]       (write the starter deck file)

Errors a person can fix print one line and exit with status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any, Sequence

from game import __version__
from game.core import registry
from game.core.errors import FiveRealmsError
from game.core.rulebook import checklist_ids, count_rules


def _parse_option(text: str) -> tuple[str, Any]:
    key, sep, raw = text.partition("=")
    if not sep:
        raise FiveRealmsError(f"Options are written key=value, not '{text}'.")
    value: Any = raw
    if raw.lower() in ("true", "on", "yes"):
        value = True
    elif raw.lower() in ("false", "off", "no"):
        value = False
    elif raw.isdigit():
        value = int(raw)
    elif "," in raw or raw.startswith("["):
        # A list of names (a deck list): a,b,c; one list per seat: [a,b];[c,d]
        if raw.startswith("["):
            value = [[v.strip() for v in part.strip().strip("[]").split(",") if v.strip()]
                     for part in raw.split(";")]
        else:
            value = [v.strip() for v in raw.split(",") if v.strip()]
    return key, value


def _at_least(flag: str, value: int, low: int) -> int:
    """A number argument checked: one sentence for a person, never a traceback later."""
    if value < low:
        raise FiveRealmsError(f"{flag} must be {low} or more, not {value}.")
    return value


def seat_labels(system_id: str, agents: Sequence[str]) -> list[str]:
    """A name per seat that says its role and its agent: "seat 1 (normal)", or where the rule
    system gives seats roles, "seat 1: Overlord (normal)" (win rates are per seat, not per agent)."""
    system = registry.get(system_id)
    labels = []
    for n, agent in enumerate(agents):
        role = system.seat_label(n, len(agents))
        plain = role.lower() == f"seat {n + 1}"
        labels.append(f"seat {n + 1} ({agent})" if plain else f"seat {n + 1}: {role} ({agent})")
    return labels


def _load_scenario(path: str | None) -> dict[str, Any] | None:
    if path is None:
        return None
    from game.core.cards import read_toml
    from game.core.errors import ContentError, ScenarioError

    try:
        return read_toml(Path(path))
    except ContentError as exc:
        raise ScenarioError(f"Scenario {exc}") from None


def cmd_simulate(args: argparse.Namespace) -> int:
    from game.ai.repeats import looping_note
    from game.session import Seat, Session

    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    options = dict(_parse_option(o) for o in args.option)
    scenario = _load_scenario(args.scenario)
    _at_least("--games", args.games, 1)
    _at_least("--max-choices", args.max_choices, 1)
    if not agents:
        raise FiveRealmsError("--agents needs at least one agent, e.g. normal,random.")
    labels = seat_labels(args.ruleset, agents)
    results = []
    shares: dict[str, float] = {label: 0.0 for label in labels}
    started = time.perf_counter()
    total_choices = 0
    rule_counts: Counter[str] = Counter()
    choice_counts: Counter[str] = Counter()
    content_counts: Counter[str] = Counter()
    system = registry.get(args.ruleset)
    for i in range(args.games):
        seed = args.seed + i
        seats = [Seat("ai", f"{level} {n + 1}", level) for n, level in enumerate(agents)]
        session = Session.new(args.ruleset, seats, seed, options, scenario)
        if args.rule_counts:
            _run_counting_choices(session, args.max_choices, choice_counts)
            rule_counts.update(count_rules(session.log))
            content_counts.update(system.content_usage(session.log))
        else:
            session.run_ai(args.max_choices)
        outcome = session.game.outcome()
        assert outcome is not None
        total_choices += len(session.choices)
        for w in outcome.winners:
            shares[labels[w]] += 1 / len(outcome.winners)
        result = {"seed": seed, "winners": list(outcome.winners), "turns": session.game.turn,
                  "hash": session.game.state_hash()}
        results.append(result)
        if not args.json:
            names = ", ".join(labels[w] for w in outcome.winners) or "nobody"
            print(f"game {i + 1:4d}  seed {seed:<8d} winner {names:<24s} turns {session.game.turn:4d}  "
                  f"hash {result['hash']}  ({outcome.reason})")
        for seat, count in sorted(session.repeat_guard.steered.items()):  # (on stderr: --json's output as ever)
            print(f"seed {seed}: {labels[seat]} went round in circles; the repeat guard changed {count} of its "
                  f"answers ({looping_note(agents[seat])})", file=sys.stderr)
    elapsed = max(time.perf_counter() - started, 1e-9)
    games = args.games
    summary = {"win_rate": {label: round(shares[label] / games, 4) for label in labels},
               "games_won": sum(1 for r in results if r["winners"]),
               "mean_turns": round(sum(r["turns"] for r in results) / games, 2),
               "games_per_second": round(args.games / elapsed, 2)}
    never_seen: list[str] = []
    never_used: list[str] = []
    if args.rule_counts:
        checklist = checklist_ids(system)
        never_seen = [rule for rule in checklist if rule not in rule_counts]
        catalogue = list(system.content_catalogue())
        never_used = [label for label in catalogue if not content_counts[label]]
        summary["rule_counts"] = dict(sorted(rule_counts.items()))
        summary["rules_never_seen"] = never_seen
        summary["choice_counts"] = dict(sorted(choice_counts.items()))
        summary["content_counts"] = dict(sorted(content_counts.items()))
        summary["content_never_used"] = never_used
    if args.json:
        print(json.dumps({"games": results, "summary": summary}))
    else:
        rates = ", ".join(f"{a} {100 * r:.1f}%" for a, r in summary["win_rate"].items())
        print(f"summary: {args.games} games, {summary['games_won']} with a winner; win rate {rates}; mean turns {summary['mean_turns']}; "
              f"{summary['games_per_second']} games/s; {total_choices / elapsed:.0f} choices/s")
        if args.rule_counts:
            _print_rule_counts(rule_counts, choice_counts, never_seen, len(checklist))
            _print_content_counts(content_counts, never_used, len(catalogue))
    return 0


def _run_counting_choices(session: Any, max_choices: int, counts: Counter[str]) -> None:
    """Step the AI seats as ``Session.run_ai`` does, counting each choice by the kind of
    question and the kind of answer ("attack-phase play", the option id before its ':')."""
    for _ in range(max_choices):
        decision = session.pending()
        picked = session.ai_choice()
        if picked is None:
            return
        for option_id in picked[1]:
            counts[f"{decision.kind} {option_id.partition(':')[0]}"] += 1
        session.choose(*picked)
    raise FiveRealmsError(f"AI seats made {max_choices} choices without the game ending.")


def _print_rule_counts(rule_counts: Counter[str], choice_counts: Counter[str], never_seen: list[str],
                       checklist_size: int) -> None:
    seen = checklist_size - len(never_seen)
    print(f"rule counts ({seen} of {checklist_size} checklist rules appeared in the events):")
    items = [f"{rule} {count}" for rule, count in sorted(rule_counts.items())]
    for start in range(0, len(items), 8):
        print("  " + "  ".join(f"{item:<13s}" for item in items[start:start + 8]).rstrip())
    print(f"never appeared ({len(never_seen)}): {', '.join(never_seen) or 'none'}")
    print("choices made (question kind, answer kind):")
    for key, count in sorted(choice_counts.items()):
        print(f"  {key:<40s} {count}")


def _print_content_counts(counts: Counter[str], never_used: list[str], catalogue_size: int) -> None:
    """The content and actions play used (RuleSystem.content_usage), and the catalogue's labels it
    never used; nothing for a game with no catalogue and no counts."""
    if not counts and not catalogue_size:
        return
    used = catalogue_size - len(never_used)
    print(f"content used ({used} of {catalogue_size} catalogue labels):")
    for label, count in sorted(counts.items()):
        print(f"  {label:<48s} {count}")
    print(f"never used ({len(never_used)}): {', '.join(never_used) or 'none'}")


def cmd_replay(args: argparse.Namespace) -> int:
    from game import saves

    session = saves.load(Path(args.file))  # replays and checks hash and snapshot
    if args.verify:
        print(f"OK: {session.system_id}, {len(session.choices)} choices replayed, turn {session.game.turn}, "
              f"hash {session.game.state_hash()} matches the save.")
        return 0
    for event in session.log_for(None if args.all else -1):
        print(f"[{event.rule}] {event.text}")
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    from game.bench import run_bench, run_ui_bench

    _at_least("--games", args.games, 1)
    _at_least("--frames", args.frames, 1)
    if args.hard:
        from game.ai.search import Budget
        from game.bench_hard import run_hard_bench

        try:
            budget = Budget.parse(args.budget) if args.budget else None
        except ValueError as exc:
            raise FiveRealmsError(str(exc)) from None
        helpers = None if args.helpers is None else _at_least("--helpers", args.helpers, 0)
        run_hard_bench(args.decisions, args.seed, budget, args.ruleset, helpers)
    elif args.headroom:
        from game.ai.search import Budget
        from game.bench_headroom import run_headroom_bench

        for flag, value in (("--every", args.every), ("--continuations", args.continuations), ("--answers", args.answers)):
            _at_least(flag, value, 2 if flag != "--every" else 1)
        try:
            budget = Budget.parse(args.budget) if args.budget else None
        except ValueError as exc:
            raise FiveRealmsError(str(exc)) from None
        options = dict(_parse_option(o) for o in args.option)
        run_headroom_bench(args.ruleset or "fantasy-heroes", args.games, args.seed, args.every, args.continuations,
                           args.answers, budget, options)
    elif args.ui:
        run_ui_bench(args.frames, args.seed, args.json)
    else:
        run_bench(args.ruleset or "fantasy-heroes", args.games, args.seed)
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from game.terminal import play

    return play(args.ruleset, args.seats, args.seed, args.load, dict(_parse_option(o) for o in args.option))


SCREENSHOT_FORMATS = (".png", ".jpg", ".jpeg", ".bmp", ".tga")
MAX_SCREENSHOT = (7680, 4320)


def cmd_screenshot(args: argparse.Namespace) -> int:
    from game.ui.app import MIN_SIZE
    from game.ui.main import SCENE_ALIASES, SCENES, screenshot

    args.scene = SCENE_ALIASES.get(args.scene, args.scene)
    if args.scene not in SCENES:
        raise FiveRealmsError(f"Unknown scene '{args.scene}'. Scenes: {', '.join(SCENES)}.")
    try:
        w, h = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        raise FiveRealmsError(f"Write the size as WIDTHxHEIGHT, e.g. 1280x720, not '{args.size[:40]}'.") from None
    if not (MIN_SIZE[0] <= w <= MAX_SCREENSHOT[0] and MIN_SIZE[1] <= h <= MAX_SCREENSHOT[1]):
        raise FiveRealmsError(f"The size must be from {MIN_SIZE[0]}x{MIN_SIZE[1]} (the smallest window) to "
                              f"{MAX_SCREENSHOT[0]}x{MAX_SCREENSHOT[1]}, not {w}x{h}.")
    suffix = Path(args.out).suffix.lower()
    if suffix not in SCREENSHOT_FORMATS:
        raise FiveRealmsError(f"--out must end in {', '.join(SCREENSHOT_FORMATS)}, not '{suffix[:20] or args.out[-20:]}'.")
    _at_least("--steps", args.steps, 0)
    system = registry.get(args.ruleset)
    if args.seats is not None and not system.min_seats <= args.seats <= system.max_seats:
        raise FiveRealmsError(f"{system.title} is played by {system.min_seats} to {system.max_seats} seats, "
                              f"not {args.seats}.")
    options = dict(_parse_option(o) for o in args.option)
    return screenshot(args.ruleset, args.seed, args.steps, args.scene, args.out, (w, h), args.seats, options)


def cmd_fuzz_saves(args: argparse.Namespace) -> int:
    from game.fuzz_saves import main as fuzz_main

    return fuzz_main(args.ruleset, args.files, args.seed)


def cmd_soak(args: argparse.Namespace) -> int:
    from game.soak import main as soak_main

    return soak_main(args.ruleset, args.games, args.minutes, args.agents, args.seed)


def cmd_deck_check(args: argparse.Namespace) -> int:
    """The verdict on a Fantasy Adventures deck file and every reason: exit 0 legal, 1 illegal
    (2, unreadable, as every error a person can fix)."""
    from game.rulesets.fantasy_adventures import decks
    from game.rulesets.fantasy_adventures.content import standard_content

    try:
        deck = decks.load_deck(Path(args.file))
    except decks.DeckError as exc:
        raise FiveRealmsError(f"{args.file}: {exc}") from None
    content = standard_content()
    violations = decks.check_deck(deck, content)
    t = decks.totals(deck, content)
    if violations:
        reasons = "1 reason" if len(violations) == 1 else f"{len(violations)} reasons"
        print(f"{args.file}: the deck \"{deck.name}\" is not legal ({reasons}):")
    else:
        print(f"{args.file}: the deck \"{deck.name}\" is legal.")
    print(f"  Hero deck: {t.hero_cards} heroes, {t.hero_gp:,} GP (at least {decks.HERO_DECK_MIN} heroes, at most "
          f"{decks.HERO_DECK_GP:,} GP)")
    print(f"  Encounter deck: {t.encounter_cards} cards, {t.encounter_gp:,} GP, items {t.item_gp:,} GP (at least "
          f"{decks.ENCOUNTER_DECK_MIN} cards, at most {decks.ENCOUNTER_DECK_GP:,} GP, items at most "
          f"{decks.ITEM_GP:,} GP)")
    for violation in violations:
        print(f"  - {violation.text}")
    return 1 if violations else 0


def cmd_deck_starter(args: argparse.Namespace) -> int:
    """Write the starter deck file (to --out, or print it), for players to copy and change."""
    from game.rulesets.fantasy_adventures import decks

    deck = decks.starter_deck()
    if args.out is None:
        print(decks.to_text(deck), end="")
        return 0
    try:
        decks.save_deck(Path(args.out), deck)
    except decks.DeckError as exc:
        raise FiveRealmsError(f"{args.out}: {exc}") from None
    print(f"Wrote the starter deck to {args.out}.")
    return 0


def cmd_tournament(args: argparse.Namespace) -> int:
    from game.ai.search import Budget
    from game.tournament import describe, run_tournament

    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    _at_least("--games", args.games, 1)
    try:
        budget = Budget.parse(args.budget) if args.budget else None
    except ValueError as exc:
        raise FiveRealmsError(str(exc)) from None
    options = dict(_parse_option(o) for o in args.option)

    def report(index: int, record: dict[str, Any]) -> None:
        if not args.json:
            winners = ", ".join(f"seat {w + 1} ({record['agents'][w]})" for w in record["winners"]) or "nobody"
            print(f"game {index + 1:4d}  seed {record['seed']:<8d} {' '.join(record['agents']):<24s} "
                  f"winner {winners}", flush=True)

    results = run_tournament(args.ruleset, agents, args.games, args.seed, args.seats, budget, options, report,
                             _at_least("--jobs", args.jobs, 1), Path(args.record) if args.record else None)
    if args.json:
        print(json.dumps({"games": results.games, "summary": results.summary()}))
    else:
        if budget is not None:
            print(f"search budget: {budget.describe()} per decision")
        print("\n".join(describe(results)))
    return 0


def cmd_fit_estimate(args: argparse.Namespace) -> int:
    from game.ai.fitting import HELD_OUT, fit_estimate, setups, write_estimate

    _at_least("--games", args.games, HELD_OUT)  # (fewer games than that leave none held out to judge by)
    _at_least("--every", args.every, 1)
    system = registry.get(args.ruleset)
    options = dict(_parse_option(o) for o in args.option)
    vary: dict[str, list[Any]] = {}
    for text in args.vary:  # (repeated: --vary main_enemy=dragon --vary main_enemy=arawn)
        key, value = _parse_option(text)
        vary.setdefault(key, []).append(value)
    try:
        seats = [int(n) for n in args.seats.split(",")]
    except ValueError:
        raise FiveRealmsError(f"--seats takes seat counts separated by commas (1,2), not '{args.seats}'.") from None
    estimate, report = fit_estimate(args.ruleset, args.games, args.seed, setups(seats, options, vary), args.every)
    print("\n".join(report))
    if args.write:
        print(f"Wrote {write_estimate(system, estimate).name} into the content of {system.title}.")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="five-realms", description="Five Realms: fantasy card and board games.")
    parser.add_argument("--version", action="version", version=f"five-realms {__version__}")
    parser.add_argument("--selftest", action="store_true", help="open every scene headless and exit")
    parser.add_argument("--first-frame", action="store_true", help=argparse.SUPPRESS)  # start-up benchmark
    sub = parser.add_subparsers(dest="command")

    g = sub.add_parser("screenshot", help="render a scene headless to a PNG")
    g.add_argument("--ruleset", default="fantasy-heroes")
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--steps", type=int, default=30)
    g.add_argument("--scene", default="table")
    g.add_argument("--out", required=True)
    g.add_argument("--size", default="1280x720")
    g.add_argument("--seats", type=int, default=None,
                   help="how many seats the table has (default: the game's smallest table, at least 2)")
    g.add_argument("--option", action="append", default=[], help="game option key=value")
    g.set_defaults(func=cmd_screenshot)

    p = sub.add_parser("play", help="play in the terminal")
    p.add_argument("ruleset", nargs="?", default="fantasy-heroes")
    p.add_argument("--seats", default=None,
                   help="comma-separated: human, random, easy, normal (default: the game's own, e.g. an AI "
                   "overlord and human heroes in Dungeon Delve)")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--load", default=None, help="continue a saved game (a slot name, e.g. autosave)")
    p.add_argument("--option", action="append", default=[], help="game option key=value")
    p.set_defaults(func=cmd_play)

    s = sub.add_parser("simulate", help="play AI games headless and print results")
    s.add_argument("ruleset")
    s.add_argument("--games", type=int, default=10)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--agents", default="normal,random")
    s.add_argument("--scenario", default=None)
    s.add_argument("--option", action="append", default=[], help="game option key=value")
    s.add_argument("--max-choices", type=int, default=200_000)
    s.add_argument("--json", action="store_true")
    s.add_argument("--rule-counts", action="store_true",
                   help="after the games, count the events of each rule ID and list the rules that never appeared")
    s.set_defaults(func=cmd_simulate)

    r = sub.add_parser("replay", help="rebuild a save from its seed and choices")
    r.add_argument("file")
    r.add_argument("--verify", action="store_true", help="only check that the save replays to its hash")
    r.add_argument("--all", action="store_true", help="print private log lines too")
    r.set_defaults(func=cmd_replay)

    b = sub.add_parser("bench", help="print speed figures")
    b.add_argument("ruleset", nargs="?", default=None,
                   help="one rule system (default fantasy-heroes; with --hard: every game)")
    b.add_argument("--games", type=int, default=100)
    b.add_argument("--seed", type=int, default=1)
    b.add_argument("--ui", action="store_true", help="frame times and start-up instead of rules speed")
    b.add_argument("--frames", type=int, default=600)
    b.add_argument("--json", action="store_true", help="with --ui: one JSON list of frame figures per table")
    b.add_argument("--hard", action="store_true",
                   help="the hard player: decision times, iterations per second, the table's frames while it thinks")
    b.add_argument("--decisions", type=int, default=10, help="with --hard: searched decisions per game")
    b.add_argument("--helpers", type=int, default=None,
                   help="with --hard: helper processes beside the search's worker (default: one for each "
                        "processor beyond two, at most 3)")
    b.add_argument("--budget", default="",
                   help="with --hard: the search budget (default 1s); with --headroom: score the hard player's answers too")
    b.add_argument("--headroom", action="store_true",
                   help="how much a search over normal play could gain, question by question (use --games 2 or so)")
    b.add_argument("--every", type=int, default=3, help="with --headroom: measure every Nth question")
    b.add_argument("--continuations", type=int, default=24, help="with --headroom: full games per answer")
    b.add_argument("--answers", type=int, default=8, help="with --headroom: answers scored per question at most")
    b.add_argument("--option", action="append", default=[], help="with --headroom: game option key=value")
    b.set_defaults(func=cmd_bench)

    k = sub.add_parser("soak", help="AI games with every check after every choice; exit 1 on any failure")
    k.add_argument("ruleset")
    length = k.add_mutually_exclusive_group()
    length.add_argument("--minutes", type=float, default=None, help="play until this much time has passed")
    length.add_argument("--games", type=int, default=None, help="play this many games (default 10)")
    k.add_argument("--agents", default=None, help="fixed seats, e.g. normal,random (default: varied)")
    k.add_argument("--seed", type=int, default=1)
    k.set_defaults(func=cmd_soak)

    z = sub.add_parser("fuzz-saves", help="load mutated saves through the app's load paths; exit 1 on a crash")
    z.add_argument("ruleset")
    z.add_argument("--files", type=int, default=200)
    z.add_argument("--seed", type=int, default=1)
    z.set_defaults(func=cmd_fuzz_saves)

    t = sub.add_parser("tournament", help="agents against each other, seats rotated; win rates with 95%% intervals")
    t.add_argument("ruleset")
    t.add_argument("--agents", default="hard,normal")
    t.add_argument("--games", type=int, default=20)
    t.add_argument("--seed", type=int, default=1)
    t.add_argument("--seats", type=int, default=None, help="seats per game (default: as many as agents)")
    t.add_argument("--budget", default="", help="the hard agent's search per decision: iterations (200) or seconds (1s)")
    t.add_argument("--option", action="append", default=[], help="game option key=value")
    t.add_argument("--jobs", type=int, default=1,
                   help="games played at a time, each in its own process (the same results, sooner)")
    t.add_argument("--record", default="", metavar="FILE",
                   help="write each game to FILE as it ends; started again with FILE, play only the games not in it")
    t.add_argument("--json", action="store_true")
    t.set_defaults(func=cmd_tournament)

    f = sub.add_parser("fit-estimate", help="fit a game's position estimate to how games between normal players end")
    f.add_argument("ruleset")
    f.add_argument("--games", type=int, default=400)
    f.add_argument("--seed", type=int, default=1)
    f.add_argument("--seats", default="2", help="seats per game; several (1,2) are played in turn")
    f.add_argument("--vary", action="append", default=[],
                   help="a game option played with several values in turn: repeat it (--vary main_enemy=dragon "
                        "--vary main_enemy=arawn)")
    f.add_argument("--every", type=int, default=4, help="note the position at every Nth question")
    f.add_argument("--option", action="append", default=[], help="game option key=value")
    f.add_argument("--write", action="store_true", help="write content/estimate.json (else only print the fit)")
    f.set_defaults(func=cmd_fit_estimate)

    d = sub.add_parser("deck", help="Fantasy Adventures deck files: check one, or write the starter deck")
    deck_sub = d.add_subparsers(dest="deck_command", required=True)
    dc = deck_sub.add_parser("check", help="print whether a deck file is legal and why not; exit 0 legal, 1 not")
    dc.add_argument("file")
    dc.set_defaults(func=cmd_deck_check)
    ds = deck_sub.add_parser("starter", help="write the starter deck file (to standard output without --out)")
    ds.add_argument("--out", default=None)
    ds.set_defaults(func=cmd_deck_starter)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.selftest:
            from game.ui.main import selftest

            return selftest()
        if args.first_frame:
            from game.ui.main import first_frame

            return first_frame()
        if args.command is None:
            from game.ui.main import run_gui

            return run_gui()
        return int(args.func(args))
    except FiveRealmsError as exc:
        print(f"five-realms: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
