"""Setting up a game (3.1, CA-001 to CA-017) and bringing champions into play (CA-010 to
CA-014, CA-128, G-05)."""

from __future__ import annotations

from typing import Any

from game.core.decision import Decision, Option
from game.rulesets.champions_of_albion import piles
from game.rulesets.champions_of_albion.choose import ask, option, then
from game.rulesets.champions_of_albion.context import AID_VALUES, FLOW, Ctx
from game.rulesets.champions_of_albion.effects import push_effects
from game.rulesets.champions_of_albion.state import ChampionState
from game.rulesets.champions_of_albion.steps import ChooseChampionStep, ReplacementStep, SetupFinishStep


def setup(ctx: Ctx) -> None:
    """Board, fate marker, main enemy, decks; then the champions are chosen (CA-001)."""
    state = ctx.state
    content = ctx.content
    main = content.main_enemies[state.main_enemy]
    m = content.map
    state.fate = 1  # CA-002
    ctx.emit("setup", "CA-003", f"The main enemy is {main.name}; its card lies Act 1 side up.")
    # Every deck is built and shuffled before the main enemy's setup places anything (CA-006, G-32).
    state.resource_deck = sorted(content.resources)
    state.bane_deck = [b.id for b in content.banes.values() for _ in range(b.count)]
    for kind in ("capital", "country", "wilderness", "depths"):
        state.world_decks[kind] = sorted(s.id for s in content.stories.values() if s.deck == kind)
        state.world_used[kind] = []
    state.quest_deck = sorted(q.id for q in content.quests.values() if q.deck == state.main_enemy)  # CA-009
    state.enemy_deck = sorted(content.enemies)  # CA-007: ordinary enemies only
    state.dangerous_waiting = sorted(d.id for d in content.dangerous.values()
                                     if d.main_enemy == state.main_enemy)  # CA-008
    state.event_deck = sorted(content.events)
    for pile in (state.resource_deck, state.bane_deck, state.quest_deck, state.enemy_deck, state.dangerous_waiting,
                 state.event_deck, *state.world_decks.values()):
        piles.deal(state.rng, pile)
    state.shadow_supply = list(m.shadow_backs)  # face down, mixed (CA-005, G-28)
    state.quest_supply = list(m.quest_backs)
    state.aid_supply = list(AID_VALUES)
    ctx.emit("setup", "CA-006", "Every deck is shuffled; the other main enemies' quests and more dangerous enemies "
             "are put away (CA-009).", irreversible=True)
    ctx.push({"step": "round_start"})
    ctx.push({"step": "setup_finish"})
    for seat in reversed(range(state.seats)):
        ctx.push({"step": "choose_champion", "seat": seat})
    effects = []
    for effect in main.act1.setup_effects:
        if effect.verb == "lose_will" and effect.get("who") == "every":
            state.will_penalty += int(effect.get("amount"))  # Arawn: every champion starts with less will
        else:
            effects.append(effect)
    push_effects(ctx, effects, "", "CA-004", f"{main.name}'s setup")


def champion_options(ctx: Ctx) -> list[list[Any]]:
    used = set(ctx.state.used_champions)
    out = []
    for champion in ctx.content.champions.values():
        if champion.id not in used:
            spirit = ", spirit-touched" if champion.spirit_touched else ""
            out.append(option(f"champion:{champion.id}", f"{champion.name} ({champion.archetype}{spirit})",
                              ("champion", champion.id), champion.description))
    return out


def _ask_champion(ctx: Ctx, step: ChooseChampionStep) -> Decision:

    seat = step["seat"]
    options = tuple(Option(o[0], o[1], tuple(o[2]), o[3]) for o in champion_options(ctx))
    return Decision(seat, "champion", f"{ctx.state.players[seat].name}: choose your champion.", options, "CA-010")


def _answer_champion(ctx: Ctx, step: ChooseChampionStep, seat: int, choice: tuple[str, ...]) -> None:
    ctx.state.stack.pop()
    enter(ctx, seat, choice[0].split(":", 1)[1], replacement=False)


FLOW.question(ChooseChampionStep, _ask_champion, _answer_champion)


def enter(ctx: Ctx, seat: int, champion_id: str, *, replacement: bool) -> ChampionState:
    """A champion enters: starting resources, gold, start space, full tracks (CA-011 to CA-014, G-05)."""
    state = ctx.state
    card = ctx.content.champions[champion_id]
    will = max(1, card.will - state.will_penalty)
    champion = ChampionState(champion_id, seat, card.start, card.life, will, gold=card.gold)
    state.champions = [c for c in state.champions if c.id != champion_id] + [champion]
    state.used_champions.append(champion_id)
    state.players[seat].champion = champion_id
    for rid in card.equipment:
        if rid in state.resource_deck:
            state.resource_deck.remove(rid)
            champion.resources.append(rid)
        elif replacement and rid in state.hand:
            state.hand.remove(rid)
            champion.resources.append(rid)
    ctx.emit("setup", "CA-128" if replacement else "CA-013",
             f"{state.players[seat].name} plays {card.name}, who starts on {ctx.space_name(card.start)} with "
             f"{champion.life} life, {champion.will} will and {champion.gold} gold.", champion=champion_id,
             seat=seat)
    if state.will_penalty:
        ctx.emit("setup", "CA-014", f"{ctx.content.main_enemies[state.main_enemy].name}'s shadow: "
                 f"{ctx.short(champion_id)} starts with {state.will_penalty} less will.")
    if replacement:
        piles.shuffle(state.rng, state.resource_deck)
        ctx.refill_hand()
    return champion


@FLOW.automatic(SetupFinishStep)
def _finish(ctx: Ctx, step: SetupFinishStep) -> None:
    """The resource deck is shuffled again and five cards turned up as the Hand (CA-011, CA-016)."""
    state = ctx.state
    state.stack.pop()
    piles.shuffle(state.rng, state.resource_deck)
    ctx.refill_hand()
    ctx.emit("setup", "CA-016", "The Hand is turned up.", irreversible=True)


# ---- replacements (CA-128, CA-158, G-05) ---------------------------------------------------------------


def may_replace(ctx: Ctx, seat: int) -> bool:
    state = ctx.state
    if not ctx.can_replace(seat):
        return False
    if state.act == 1:
        return True
    return state.round == 1 and ctx.replaced_in_act2(seat)  # fell in Act 1 round 5


@FLOW.automatic(ReplacementStep)
def _replacement(ctx: Ctx, step: ReplacementStep) -> None:
    ctx.state.stack.pop()
    seat = step["seat"]
    if ctx.over or not may_replace(ctx, seat):
        return
    ask(ctx, seat, "champion", f"{ctx.state.players[seat].name}: your champion has fallen. Choose a new one?",
        "CA-128", champion_options(ctx) + [option("decline", "Not now")], "replace", {"seat": seat})


@then("replace")
def _replace(ctx: Ctx, args: dict[str, Any], choice: tuple[str, ...]) -> None:
    if choice[0] == "decline":
        ctx.emit("setup", "CA-128", f"{ctx.state.players[args['seat']].name} takes no new champion this round.")
        return
    state = ctx.state
    champion = enter(ctx, args["seat"], choice[0].split(":", 1)[1], replacement=True)
    if state.act == 2:
        # A champion who enters at the start of Act 2 round 1 begins Act 2, so it counts in the
        # main enemy's life like those already in play at the flip (C, CA-156).
        main = ctx.content.main_enemies[state.main_enemy]
        state.main_life += main.act2.life_per_champion
        ctx.emit("act", "CA-156", f"{main.name} gains {main.act2.life_per_champion} life for "
                 f"{ctx.short(champion.id)}: life {state.main_life}.")
