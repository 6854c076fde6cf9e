"""Setup, the turn and its phases, the hand limit, instant points and the attack menu.

Checklist sections 3.2-3.4, 3.11 and the instant spells of 3.15. Battles themselves are
in ``battle.py``.
"""

from __future__ import annotations

from game.core.cards import draw
from game.core.decision import Blocked, Decision, Option
from game.core.window import register_window
from game.core.words import counted
from game.rulesets.fantasy_heroes.content import ANY_TIME, ANY_TIME_VERBS, HAND_LIMIT
from game.rulesets.fantasy_heroes.context import FLOW, Ctx
from game.rulesets.fantasy_heroes.effects import charge_sources, opposing
from game.rulesets.fantasy_heroes.state import Player, Reveal
from game.rulesets.fantasy_heroes.steps import (
    AttackMenuStep, AttackStartStep, BeginTurnStep, DrawPhaseStep, EndPhaseStep, HandLimitStep, InstantNegationStep,
    InstantStep, NextTurnStep, ScryeTargetStep,
)

CARDS_PER_TERRITORY_DEAL = 4
OPENING_HAND = 7
DRAW_PHASE_CARDS = 3


# -- setup (FH-004 to FH-013) ------------------------------------------------------------


def order_score(ctx: Ctx, card_id: str) -> int:
    """Turn-order score of a drawn card: heroes AV, others BV, Illusions 1 (FH-008)."""
    card = ctx.content.cards[card_id]
    if card.type == "hero":
        return card.av
    x = card.verb("bv_from_spell_level")
    if x:
        return int(x.get("base"))  # X = 1 + spell level 0: no caster outside a battle
    return card.bv


def rank_by_draw(ctx: Ctx, seats: list[int], drawn: list[str], rule: str = "FH-007") -> list[int]:
    """Each seat draws a card; highest score first; ties redraw among themselves (FH-009, FH-010)."""
    state = ctx.state
    scores: dict[int, int] = {}
    for seat in seats:
        card = draw(state.deck)
        assert card is not None  # a full deck at setup holds a card for every seat
        drawn.append(card)
        scores[seat] = order_score(ctx, card)
        ctx.emit("order_draw", rule, f"{ctx.who(seat)} draws {ctx.name(card)} for turn order "
                 f"(score {scores[seat]}).", seat=seat, card=card, irreversible=True)
    ranked: list[int] = []
    for score in sorted(set(scores.values()), reverse=True):
        tied = [s for s in seats if scores[s] == score]
        if len(tied) > 1:
            ctx.emit("order_tie", "FH-010", f"{' and '.join(ctx.who(s) for s in tied)} tie at {score} "
                     "and draw again.")
            tied = rank_by_draw(ctx, tied, drawn, "FH-010")
        ranked.extend(tied)
    return ranked


def setup(ctx: Ctx, *, shuffle: bool = True, deal_territories: bool = True) -> None:
    """Deal territories, find the turn order, deal hands, and start the first turn."""
    state = ctx.state
    rng = state.rng
    if deal_territories:
        pile = list(ctx.content.territory_instances)
        rng.shuffle(pile)
        for _ in range(CARDS_PER_TERRITORY_DEAL):
            for player in state.players:
                player.territories.append(pile.pop())
        state.territories_out = pile
        ctx.emit("setup", "FH-004", "Each player is dealt 4 territory cards: "
                 + "; ".join(f"{ctx.who(p.seat)}: {ctx.names(p.territories)}" for p in state.players) + ".")
        ctx.emit("setup", "FH-005", f"The {len(pile)} undealt territory cards leave the game.")
    if shuffle:
        rng.shuffle(state.deck)
        ctx.emit("shuffle", "FH-006", "The Battle deck is shuffled.", irreversible=True)
    drawn: list[str] = []
    state.order = rank_by_draw(ctx, list(range(state.seats)), drawn)
    state.deck.extend(drawn)
    rng.shuffle(state.deck)
    ctx.emit("order", "FH-009", "Turn order: " + ", ".join(ctx.who(s) for s in state.order) + ".",
             order=list(state.order))
    ctx.emit("shuffle", "FH-011", "The cards drawn for turn order go back and the deck is shuffled.",
             irreversible=True)
    for seat in state.order:
        ctx.draw(seat, OPENING_HAND, "FH-012")
    state.active = state.order[0]
    ctx.push({"step": "begin_turn"})


# -- the turn (FH-013 to FH-015) ------------------------------------------------------------


def push_turn(ctx: Ctx, from_phase: str) -> None:
    """Push the steps of the active player's turn, from "draw" or from "attack"."""
    ctx.push({"step": "next_turn"})
    ctx.push({"step": "end_phase", "phase": "attack"})
    ctx.push({"step": "attack_menu"})
    ctx.push({"step": "attack_start"})
    if from_phase == "draw":
        ctx.push({"step": "end_phase", "phase": "draw"})
        ctx.push({"step": "draw_phase"})
        open_instant_point(ctx, "the start of the Draw Phase", False)


@FLOW.automatic(BeginTurnStep)
def begin_turn(ctx: Ctx, step: BeginTurnStep) -> None:
    state = ctx.state
    state.stack.pop()
    if state.turn_limit and state.turn >= state.turn_limit:
        # The last turn was played: the game ends after it (the turn count stays at the limit).
        ctx.end_by_most_territories(f"the turn limit of {state.turn_limit} turns was reached", "FH-080")
        return
    state.turn += 1
    state.phase = "draw"
    state.walls = []
    state.attacks_left = 1
    state.battles_this_turn = 0
    state.fly_played = False
    ctx.emit("turn", "FH-014", f"Turn {state.turn}: {ctx.who(state.active)}'s Draw Phase.",
             seat=state.active, turn=state.turn, headline=f"Turn {state.turn}: {ctx.who(state.active)}")
    push_turn(ctx, "draw")


@FLOW.automatic(DrawPhaseStep)
def draw_phase(ctx: Ctx, step: DrawPhaseStep) -> None:
    ctx.state.stack.pop()
    ctx.draw(ctx.state.active, DRAW_PHASE_CARDS, "FH-015")


@FLOW.automatic(EndPhaseStep)
def end_phase(ctx: Ctx, step: EndPhaseStep) -> None:
    """End of a phase: the short game may end (FH-079); otherwise the hand limit (FH-021)."""
    state = ctx.state
    state.stack.pop()
    if state.deck_ran_out:
        ctx.end_by_most_territories("the Battle deck ran out and they hold the most territories", "FH-080")
        return
    ctx.push({"step": "hand_limit", "seats": state.in_order_from(state.active)})


def _over_limit(ctx: Ctx, step: HandLimitStep) -> int | None:
    for seat in step["seats"]:
        if len(ctx.state.players[seat].hand) > HAND_LIMIT:
            return int(seat)
    return None


def ask_hand_limit(ctx: Ctx, step: HandLimitStep) -> Decision | None:
    seat = _over_limit(ctx, step)
    if seat is None:
        return None
    hand = ctx.state.players[seat].hand
    excess = len(hand) - HAND_LIMIT
    discard_options = ctx.content.discard_options
    return Decision(  # (its fields in order: named arguments cost more in a class's call)
        seat, "discard",
        f"End of phase: you hold {len(hand)} cards. Discard {excess} to keep {HAND_LIMIT}.",
        tuple([discard_options[c] for c in hand]), "FH-021", excess, excess,
    )


def answer_hand_limit(ctx: Ctx, step: HandLimitStep, seat: int, choice: tuple[str, ...]) -> None:
    ctx.discard_from_hand(seat, [c.split(":", 1)[1] for c in choice], "FH-021", "hand limit")


@FLOW.automatic(HandLimitStep)
def hand_limit_done(ctx: Ctx, step: HandLimitStep) -> None:
    """Every hand is within the limit: the phase is over."""
    state = ctx.state
    state.stack.pop()
    ctx.emit("phase_end", "FH-021", f"End of {ctx.who(state.active)}'s {state.phase.capitalize()} Phase.",
             seat=state.active, phase=state.phase, hands=[len(p.hand) for p in state.players])


FLOW.question(HandLimitStep, ask_hand_limit, answer_hand_limit)


@FLOW.automatic(NextTurnStep)
def next_turn(ctx: Ctx, step: NextTurnStep) -> None:
    """The next living player in the order found at setup takes a turn (FH-013)."""
    state = ctx.state
    state.stack.pop()
    order = state.order
    i = order.index(state.active)
    for k in range(1, len(order) + 1):
        seat = order[(i + k) % len(order)]
        if not state.players[seat].eliminated:
            state.active = seat
            break
    ctx.push({"step": "begin_turn"})


# -- instant points (FH-133) and instant spells (FH-131 to FH-135) -------------------------------


def instant_options(ctx: Ctx, cards: list[str]) -> list[Option]:
    play_options = ctx.content.play_options
    return [play_options[c] for c in cards]


def instant_rule(ctx: Ctx, step: InstantStep) -> str:
    """The Attack Phase's instant point is the Wall of Fire window (FH-023); the rest are FH-133."""
    return "FH-023" if step["wall"] else "FH-133"


def instant_responses(ctx: Ctx, step: InstantStep, seat: int) -> list[Option]:
    """The instants ``seat`` may play at this point: Scrye and Fortune, and Wall of Fire at the
    Attack Phase's point for all but the active player (FH-133, FH-134)."""
    state = ctx.state
    player = state.players[seat]
    content = ctx.content
    if player.eliminated or content.instants.isdisjoint(player.hand):
        return []  # (most hands hold no instant at all)
    roles, play_options = content.window_roles, content.play_options
    options = [play_options[c] for c in player.hand if roles[c] == ANY_TIME]  # Scrye, Fortune
    if step["wall"] and seat != state.active:
        options.extend(instant_options(ctx, ctx.instants_in_hand(seat, "wall_of_fire")))
    return options


def instant_prompt(ctx: Ctx, step: InstantStep, seat: int) -> str:
    return f"Instant point ({step['point']}): play an instant spell?"


def respond_instant(ctx: Ctx, step: InstantStep, seat: int, choice: tuple[str, ...]) -> None:
    """The seat casts its instant and stays first in the queue: it may cast another (FH-133)."""
    play_instant(ctx, seat, choice[0].split(":", 1)[1])


def open_instant_point(ctx: Ctx, point: str, wall: bool, *, but: int | None = None) -> None:
    """An instant point (FH-133): every living seat (``but`` the one who just played a card)
    is asked in turn order from the active player, whether or not it holds an instant it may
    play there (a seat holding none has "pass" as its only answer), so who is asked never
    tells what is in a hand. Only a seat that everyone can see holds no such instant (an
    empty hand, or every such card face up in the discard pile) is left out.

    Scrye and Fortune may be played by every seat here; Wall of Fire, at the Attack Phase's
    point, by every seat but the active player (FH-133, FH-134)."""
    state = ctx.state
    any_time = ctx.unseen(ANY_TIME_VERBS)
    wall_of_fire = wall and ctx.unseen(("wall_of_fire",))
    if not any_time and not wall_of_fire:
        return  # every such instant is face up in the discard pile: nobody is asked
    asked: list[int] = []
    for seat in state.in_order_from(state.active):
        player = state.players[seat]
        if (seat != but and player.hand and not player.eliminated
                and (any_time or (wall_of_fire and seat != state.active))):
            asked.append(seat)
    if asked:
        ctx.push({"step": "instant", "seats": asked, "point": point, "wall": wall})


register_window(FLOW, InstantStep, rule=instant_rule, responses=instant_responses, respond=respond_instant,
                prompt=instant_prompt, pass_label="Play nothing")


def play_instant(ctx: Ctx, seat: int, card: str) -> None:
    """Cast an instant spell; it is discarded as soon as it resolves (FH-036).

    A Scrye or Fortune that one side of a battle casts while the battle is in progress may
    be negated by the other side, before it takes effect: the Priest "negate[s] 1 spell cast
    by opponent during battle" (FH-055, FH-082, FH-108, FH-118).
    """
    state = ctx.state
    state.players[seat].hand.remove(card)
    ctx.forget(seat, [card])
    verb = ctx.instant_verb(card)
    if verb in ANY_TIME_VERBS and instant_negators(ctx, seat):
        state.discard.append(card)
        ctx.emit("instant_cast", "FH-055", f"{ctx.who(seat)} casts {ctx.name(card)} during the battle.",
                 seat=seat, card=card)
        ctx.push({"step": "instant_negation", "seat": seat, "card": card})
        return
    resolve_instant(ctx, seat, card, discarded=False)


def instant_negators(ctx: Ctx, seat: int) -> list[str]:
    """The unspent charges the other side of ``seat``'s battle could spend on his instant (FH-055)."""
    battle = ctx.state.battle
    side = battle.side_of(seat) if battle is not None else None
    if battle is None or side is None:
        return []
    return charge_sources(ctx.content, battle, opposing(side))


def resolve_instant(ctx: Ctx, seat: int, card: str, *, discarded: bool) -> None:
    """The effect of an instant spell by its verb (FH-131 to FH-135)."""
    state = ctx.state
    verb = ctx.instant_verb(card)
    name = ctx.name(card)
    if verb == "scrye":
        opponents = [s for s in state.alive() if s != seat]
        battle = state.battle
        if battle is not None and battle.side_of(seat) is not None:
            opponents = [battle.defender if seat == battle.attacker else battle.attacker]
        if not discarded:
            state.discard.append(card)
        if len(opponents) == 1:
            scrye(ctx, seat, opponents[0], card)
        else:
            ctx.push({"step": "scrye_target", "seat": seat, "opponents": opponents, "card": card})
        return
    if verb == "draw":
        ctx.emit("instant", "FH-132", f"{ctx.who(seat)} casts {name}.", seat=seat, card=card)
        ctx.draw(seat, int(ctx.content.cards[card].effects[0].get("count")), "FH-132")
    elif verb == "wall_of_fire":
        state.walls.append(seat)
        ctx.emit("instant", "FH-134", f"{ctx.who(seat)} casts {name}: {ctx.who(state.active)} may not "
                 f"attack {ctx.who(seat)} this turn.", seat=seat, card=card)
    elif verb == "fly":
        state.attacks_left += 1
        state.fly_played = True
        ctx.emit("instant", "FH-135", f"{ctx.who(seat)} casts {name} and may attack once more.", seat=seat,
                 card=card)
    if not discarded:
        state.discard.append(card)


def ask_instant_negation(ctx: Ctx, step: InstantNegationStep) -> Decision | None:
    battle = ctx.state.battle
    assert battle is not None
    seat, card = step["seat"], step["card"]
    sources = instant_negators(ctx, seat)
    if not sources:
        return None
    side = battle.side_of(seat)
    assert side is not None
    responder = battle.sides[opposing(side)].seat
    options = tuple(Option(f"negate:{card}:{s}", f"Negate it with {ctx.name(s)}", ("card", s)) for s in sources)
    return Decision(responder, "negate_instant", f"{ctx.who(seat)} casts {ctx.name(card)} during the battle: "
                    "negate it before it takes effect?",
                    options + (Option("pass", "Let it take effect"),), rule="FH-055")


def answer_instant_negation(ctx: Ctx, step: InstantNegationStep, seat: int, choice: tuple[str, ...]) -> None:
    from game.rulesets.fantasy_heroes.battle import negate_instant

    ctx.state.stack.pop()
    if choice[0] == "pass":
        resolve_instant(ctx, step["seat"], step["card"], discarded=True)
        return
    card, _, source = choice[0].split(":", 1)[1].partition(":")
    negate_instant(ctx, seat, card, source)


@FLOW.automatic(InstantNegationStep)
def instant_not_negated(ctx: Ctx, step: InstantNegationStep) -> None:
    ctx.state.stack.pop()
    resolve_instant(ctx, step["seat"], step["card"], discarded=True)


FLOW.question(InstantNegationStep, ask_instant_negation, answer_instant_negation)


def scrye(ctx: Ctx, seat: int, target: int, card: str) -> None:
    """Show ``target``'s hand to ``seat`` alone (FH-131), and remember it for the AI (section 7)."""
    state = ctx.state
    cards = list(state.players[target].hand)
    state.reveals.append(Reveal(seat, target, cards))
    ctx.forget_hand(seat, target)  # the whole hand is known now: what was remembered of it is in it
    for seen in cards:
        ctx.remember(seat, target, seen, "scrye")
    ctx.emit("instant", "FH-131", f"{ctx.who(seat)} casts {ctx.name(card)} and looks at {ctx.who(target)}'s "
             "hand.", seat=seat, target=target, card=card)
    ctx.emit("reveal", "FH-131", f"{ctx.who(target)}'s hand: {ctx.names(cards)}.", seats=(seat,),
             target=target, cards=cards, irreversible=True)


def ask_scrye_target(ctx: Ctx, step: ScryeTargetStep) -> Decision | None:
    return Decision(step["seat"], "scrye_target", "Scrye: whose hand do you look at?",
                    tuple(Option(f"seat:{s}", ctx.who(s), ("seat", str(s)),
                                 counted(len(ctx.state.players[s].hand), "card")) for s in step["opponents"]),
                    rule="FH-131")


def answer_scrye_target(ctx: Ctx, step: ScryeTargetStep, seat: int, choice: tuple[str, ...]) -> None:
    ctx.state.stack.pop()
    scrye(ctx, seat, int(choice[0].split(":", 1)[1]), step["card"])


FLOW.question(ScryeTargetStep, ask_scrye_target, answer_scrye_target)


# -- the Attack Phase (FH-023 to FH-029, FH-135) -----------------------------------------------


@FLOW.automatic(AttackStartStep)
def attack_start(ctx: Ctx, step: AttackStartStep) -> None:
    """The Attack Phase opens with the Wall of Fire window (FH-023), an instant point."""
    state = ctx.state
    state.stack.pop()
    state.phase = "attack"
    ctx.emit("phase", "FH-014", f"{ctx.who(state.active)}'s Attack Phase.", seat=state.active)
    open_instant_point(ctx, "the start of the Attack Phase", True)


def attackable(ctx: Ctx) -> list[Player]:
    """The opponents whose territories the active player may attack, in turn order: all but
    Wall of Fire casters (FH-027, FH-028)."""
    state = ctx.state
    out: list[Player] = []
    for seat in state.order:
        player = state.players[seat]
        if seat != state.active and not player.eliminated and seat not in state.walls and player.territories:
            out.append(player)
    return out


def legal_targets(ctx: Ctx) -> list[tuple[str, int]]:
    """Territories the active player may attack, each with its owner (see :func:`attackable`)."""
    return [(territory, owner.seat) for owner in attackable(ctx) for territory in owner.territories]


def holds_hero(ctx: Ctx, seat: int) -> bool:
    return not ctx.content.heroes.isdisjoint(ctx.state.players[seat].hand)


def menu_may_offer(ctx: Ctx, has_targets: bool) -> bool:
    """Whether, by what every seat knows, the active player might have more than "pass" at
    the attack menu: an attack (he may hold a hero), Fly after a battle, Scrye or Fortune."""
    state = ctx.state
    seat = state.active
    if not state.players[seat].hand:
        return False
    if state.attacks_left > 0 and has_targets:
        return True
    if state.battles_this_turn >= 1 and state.attacks_left == 0 and has_targets and ctx.may_hold(seat, ("fly",)):
        return True
    return ctx.may_hold(seat, ANY_TIME_VERBS)


NO_HERO_TO_ATTACK = Blocked("attack", "You need a hero in your hand to attack.", "FH-024")
# The attack menu's last answer, one or the other (an Option never changes).
DO_NOT_ATTACK = Option("pass", "Do not attack")
END_ATTACK_PHASE = Option("pass", "End the Attack Phase")


def ask_attack_menu(ctx: Ctx, step: AttackMenuStep) -> Decision | None:
    state = ctx.state
    seat = state.active
    opponents = attackable(ctx)
    if not menu_may_offer(ctx, bool(opponents)):
        return None  # everyone can see that passing is all he can do
    has_hero = holds_hero(ctx, seat)
    content = ctx.content
    options: list[Option] = []
    blocked: list[Blocked] = []
    if state.attacks_left > 0:
        if not has_hero:
            blocked.append(NO_HERO_TO_ATTACK)
            for owner in opponents:
                blocked.extend(content.blocked_attacks(owner.territories, NO_HERO_TO_ATTACK.reason, "FH-024"))
        elif not opponents:
            blocked.append(Blocked("attack", "Wall of Fire protects every territory you could attack.", "FH-028"))
        else:
            for owner in opponents:
                options.extend(content.attack_options(owner.territories, owner.name))
        for seat_walled in state.walls:
            blocked.extend(content.blocked_attacks(
                state.players[seat_walled].territories,
                f"{ctx.who(seat_walled)} cast Wall of Fire: you may not attack their territories this turn.", "FH-028"))
    if not content.instants.isdisjoint(state.players[seat].hand):  # (most hands hold no instant)
        menu_instants(ctx, seat, has_hero and bool(opponents), options, blocked)
    first = state.battles_this_turn == 0
    options.append(DO_NOT_ATTACK if first and state.attacks_left else END_ATTACK_PHASE)
    # Asked even when passing is all the active player can do (no hero, no instant in hand):
    # whether he is asked must not tell what his hand holds, so the menu is a window question
    # (only what everyone can see skips it, above).
    # (Its fields in order, one to pick, window question: named arguments cost more at every menu.)
    return Decision(seat, "attack", "Attack Phase: choose a territory to attack, or pass.", tuple(options),
                    "FH-025", 1, 1, tuple(blocked), True)


def menu_instants(ctx: Ctx, seat: int, may_attack: bool, options: list[Option], blocked: list[Blocked]) -> None:
    """The attack menu's instants: Fly once a battle has used the turn's attack, with a hero in
    hand and a territory to attack (FH-135), Scrye and Fortune; Wall of Fire is shown blocked."""
    state = ctx.state
    content = ctx.content
    for fly in ctx.instants_in_hand(seat, "fly"):
        if state.battles_this_turn >= 1 and state.attacks_left == 0 and may_attack:
            options.append(Option(f"play:{fly}", f"Play {ctx.name(fly)}: attack once more", ("card", fly),
                                  content.cards[fly].text))
        else:
            blocked.append(content.blocked_play(fly, f"{ctx.name(fly)} can be played only after your first battle "
                                                "this turn, with a hero in hand and a territory you may attack.",
                                                "FH-135"))
    options.extend(instant_options(ctx, ctx.any_time_instants(seat)))
    for wall in ctx.instants_in_hand(seat, "wall_of_fire"):
        blocked.append(content.blocked_play(wall, f"{ctx.name(wall)} is played at the start of another player's "
                                            "Attack Phase.", "FH-134"))


def answer_attack_menu(ctx: Ctx, step: AttackMenuStep, seat: int, choice: tuple[str, ...]) -> None:
    picked = choice[0]
    if picked == "pass":
        ctx.state.stack.pop()
        ctx.emit("phase", "FH-025", f"{ctx.who(seat)} ends the Attack Phase.", seat=seat)
    elif picked.startswith("attack:"):
        from game.rulesets.fantasy_heroes.battle import begin_battle  # battle.py imports this module

        ctx.state.attacks_left -= 1
        begin_battle(ctx, picked.split(":", 1)[1])
    else:
        play_instant(ctx, seat, picked.split(":", 1)[1])


@FLOW.automatic(AttackMenuStep)
def attack_menu_nothing(ctx: Ctx, step: AttackMenuStep) -> None:
    """Passing is all the active player can do, as everyone can see: the phase ends as if he
    passed, and the players are told why (public reasons only: an empty hand, no territory
    open to attack, no attack left and no instant he could still hold)."""
    state = ctx.state
    state.stack.pop()
    seat = state.active
    if not state.players[seat].hand:
        why = "no cards in hand"
    elif not legal_targets(ctx):
        why = "no territory can be attacked"
    else:
        why = "no attack left"
    who = ctx.who(seat)
    ctx.emit("phase", "FH-025", f"{who} ends the Attack Phase.", seat=seat)
    ctx.emit("skipped", "FH-025", f"{who}'s Attack Phase ends at once: {why}.", seat=seat,
             headline=f"{who}'s Attack Phase is skipped: {why}")


FLOW.question(AttackMenuStep, ask_attack_menu, answer_attack_menu)
