"""Setting up a game (FA-024 to FA-033).

Each player shuffles both decks and has them cut (an extra random cut, A-04), draws 10
Encounter cards (his hand) and 10 heroes (FA-026). Then, in secret, each discards 2 of the
heroes (FA-027), places the other 8 in a front and a back rank of four (FA-028, A-05) and may
grant up to 3 items from his hand (FA-032). The players choose one after another, but nobody
sees another's party until all are done: then every party is turned face up at once (FA-027).
All roll a die; the highest roller is the first monster player, tied highest rollers rolling
again (FA-033, A-07).
"""

from __future__ import annotations

from game.core.decision import Decision, Option
from game.core.window import PASS
from game.core.words import counted
from game.rulesets.fantasy_adventures import items
from game.rulesets.fantasy_adventures.context import FLOW, Ctx
from game.rulesets.fantasy_adventures.state import RANK_SIZE
from game.rulesets.fantasy_adventures.steps import (
    GrantStep,
    PlayerTurnStep,
    RevealPartiesStep,
    SetupDiscardStep,
    SetupRankStep,
)

HAND_SIZE = 10
HEROES_DRAWN = 10
HEROES_DISCARDED = 2
SETUP_GRANTS = 3


def setup(ctx: Ctx) -> None:
    """Deal every player in, and push the secret setup questions, in seat order."""
    state = ctx.state
    for player in state.players:
        for pile in (player.hero_deck, player.encounter_deck):
            state.rng.shuffle(pile)
            cut = state.rng.below(len(pile)) if pile else 0  # the left neighbour's cut (FA-024, A-04)
            pile[:] = pile[cut:] + pile[:cut]
        for _ in range(HAND_SIZE):
            card = ctx.draw(player.seat, "encounter")
            if card is not None:
                player.hand.append(card)
        for _ in range(HEROES_DRAWN):
            hero = ctx.draw(player.seat, "hero")
            if hero is not None:
                player.drawn.append(hero)
        ctx.emit("setup_draw", "FA-026", f"{player.name} draws 10 Encounter cards and 10 heroes.", seat=player.seat)
    ctx.push(RevealPartiesStep(step="reveal_parties"))
    for seat in reversed(range(state.seats)):
        ctx.push(GrantStep(step="grant", seat=seat, left=SETUP_GRANTS, rule="FA-032"))
        ctx.push(SetupRankStep(step="setup_rank", seat=seat, rank="back"))
        ctx.push(SetupRankStep(step="setup_rank", seat=seat, rank="front"))
        ctx.push(SetupDiscardStep(step="setup_discard", seat=seat))


# -- the two heroes discarded (FA-027) --------------------------------------------------------------

def ask_discard(ctx: Ctx, step: SetupDiscardStep) -> Decision | None:
    player = ctx.player(step["seat"])
    if len(player.drawn) <= 2 * RANK_SIZE:
        return None  # a short Hero deck: nothing to discard
    options = tuple(Option(f"discard:{h}", ctx.name(h), ("card", h)) for h in player.drawn)
    count = len(player.drawn) - 2 * RANK_SIZE
    return Decision(step["seat"], "setup_discard", f"Discard {count} of the heroes you drew; the rest form your party.",
                    options, rule="FA-027", min_choices=count, max_choices=count)


def answer_discard(ctx: Ctx, step: SetupDiscardStep, seat: int, choice: tuple[str, ...]) -> None:
    player = ctx.player(seat)
    for option in choice:
        hero = option.partition(":")[2]
        player.drawn.remove(hero)
        player.hero_discard.append(hero)
    ctx.state.stack.pop()


@FLOW.automatic(SetupDiscardStep)
def run_discard(ctx: Ctx, step: SetupDiscardStep) -> None:
    ctx.state.stack.pop()


FLOW.question(SetupDiscardStep, ask_discard, answer_discard)


# -- the two ranks (FA-028, A-05) ----------------------------------------------------------------------

def ask_rank(ctx: Ctx, step: SetupRankStep) -> Decision | None:
    player = ctx.player(step["seat"])
    count = min(RANK_SIZE, len(player.drawn))
    if count == 0:
        return None
    word = "front" if step["rank"] == "front" else "back"
    options = tuple(Option(f"hero:{h}", ctx.name(h), ("card", h)) for h in player.drawn)
    return Decision(step["seat"], "setup_rank",
                    f"Pick the {count} heroes of your {word} rank, from left to right." if count > 1
                    else f"Pick the hero of your {word} rank.",
                    options, rule="FA-028", min_choices=count, max_choices=count)


def answer_rank(ctx: Ctx, step: SetupRankStep, seat: int, choice: tuple[str, ...]) -> None:
    player = ctx.player(seat)
    rank = player.front if step["rank"] == "front" else player.back
    for i, option in enumerate(choice):
        hero = option.partition(":")[2]
        player.drawn.remove(hero)
        rank[i] = hero
    ctx.state.stack.pop()


@FLOW.automatic(SetupRankStep)
def run_rank(ctx: Ctx, step: SetupRankStep) -> None:
    ctx.state.stack.pop()


FLOW.question(SetupRankStep, ask_rank, answer_rank)


# -- granting items (FA-032, FA-166, FA-172 to FA-175; recovery: FA-177, FA-178) ---------------------

def ask_grant(ctx: Ctx, step: GrantStep) -> Decision | None:
    """Every player is asked, whether or not his hidden hand holds an item he may grant: one
    with none is asked with "pass" as the only answer, like a window's question, which whoever
    plays the seat answers at once (core.window), so the questions never tell what he holds."""
    if step["left"] <= 0:
        return None
    player = ctx.player(step["seat"])
    options = tuple(Option(f"grant:{item}:{hero}", f"{ctx.name(item)} to {ctx.name(hero)}", ("card", item))
                    for item in player.hand if ctx.card(item).kind == "item"
                    for hero in player.heroes() if items.may_own(ctx, player, hero, item))
    if not options:
        if not player.heroes():
            return None  # (public: a player with no party grants nothing)
        return Decision(step["seat"], "grant", "You have no item you may grant.", (Option(PASS, "Grant nothing"),),
                        rule=step["rule"], window=True)
    left = step["left"]
    more = "as many items as you like" if step["rule"] == "FA-177" else f"up to {left} more item{'s' if left != 1 else ''}"
    return Decision(step["seat"], "grant", f"Grant {more} to your heroes, or end.",
                    options + (Option("end", "Grant nothing more"),), rule=step["rule"])


def answer_grant(ctx: Ctx, step: GrantStep, seat: int, choice: tuple[str, ...]) -> None:
    if choice in (("end",), (PASS,)):
        ctx.state.stack.pop()
        return
    _, item, hero = choice[0].split(":", 2)
    player = ctx.player(seat)
    player.hand.remove(item)
    player.items.setdefault(hero, []).append(item)
    step["left"] -= 1
    secret = ctx.state.stage == "setup"
    ctx.emit("grant", step["rule"], f"{player.name} grants {ctx.name(item)} to {ctx.name(hero)}.",
             seats=(seat,) if secret else None, seat=seat, item=item, hero=hero)


@FLOW.automatic(GrantStep)
def run_grant(ctx: Ctx, step: GrantStep) -> None:
    ctx.state.stack.pop()


FLOW.question(GrantStep, ask_grant, answer_grant)


# -- the parties revealed, the first player (FA-027, FA-033) -------------------------------------------

@FLOW.automatic(RevealPartiesStep)
def run_reveal(ctx: Ctx, step: RevealPartiesStep) -> None:
    state = ctx.state
    state.stack.pop()
    for player in state.players:
        names = ", ".join(ctx.name(h) for h in player.heroes())
        granted = sum(len(v) for v in player.items.values())
        ctx.emit("party", "FA-027", f"{player.name}'s party: {names}; {counted(granted, 'item')} granted.", seat=player.seat)
    rollers = list(range(state.seats))
    while True:
        rolls = {seat: ctx.roll() for seat in rollers}
        text = ", ".join(f"{ctx.who(s)} rolled {r}" for s, r in rolls.items())
        best = max(rolls.values())
        rollers = [s for s, r in rolls.items() if r == best]
        ctx.emit("first_roll", "FA-033", f"Rolls for the first monster player: {text}.", rolls=[[s, r] for s, r in rolls.items()])
        if len(rollers) == 1:
            break
    state.first = state.monster = rollers[0]
    state.game_turn = 1
    ctx.emit("first_player", "FA-033", f"{ctx.who(state.first)} is the first monster player.",
             headline=f"{ctx.who(state.first)} starts", seat=state.first)
    ctx.push(PlayerTurnStep(step="player_turn"))
