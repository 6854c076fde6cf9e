"""The player turn around its Encounters (FA-034, FA-037 to FA-050, FA-097, FA-176 to FA-180).

A player turn is six stages: I Cards, II Placement, then one Encounter (III Traps, IV Surprise,
V Combat) per stack in the declared order, and VI Recovery (FA-043). The elimination check
closes it (FA-180, FA-040); play passes clockwise to the next player still in the game
(FA-034, FA-042). The game ends after four game turns (FA-037) or as soon as one player or
none remains (FA-041, A-02); the highest GP of undefeated heroes and their items wins, ties
sharing the win (FA-038, FA-039).
"""

from __future__ import annotations

from game.core.decision import Decision, Option
from game.core.words import counted, listed
from game.rulesets.fantasy_adventures import party
from game.rulesets.fantasy_adventures.context import FLOW, Ctx
from game.rulesets.fantasy_adventures.encounter import begin_encounter
from game.rulesets.fantasy_adventures.state import GAME_TURNS, RANK_SIZE, Player
from game.rulesets.fantasy_adventures.steps import (
    DrawStep,
    EndTurnStep,
    GrantStep,
    MulliganStep,
    NextEncounterStep,
    OrderStep,
    PlaceStep,
    PlayerTurnStep,
    RearrangeStep,
)

HAND_TARGET = 10
MONSTER_HAND_TARGET = 12
UNLIMITED = 99


@FLOW.automatic(PlayerTurnStep)
def run_player_turn(ctx: Ctx, step: PlayerTurnStep) -> None:
    state = ctx.state
    state.stack.pop()
    state.stage = "cards"
    state.stacks.clear()
    state.lairs.clear()
    state.order.clear()
    for player in state.players:
        player.used.clear()
        player.attacked = player.retreated = False
    who = ctx.who(state.monster)
    ctx.emit("player_turn", "FA-043", f"Game turn {state.game_turn}: {who} is the monster player.",
             headline=f"{who}'s turn", seat=state.monster, game_turn=state.game_turn)
    ctx.push(EndTurnStep(step="end_turn"))
    ctx.push(NextEncounterStep(step="next_encounter"))
    ctx.push(OrderStep(step="encounter_order", declared=0))
    ctx.push(PlaceStep(step="place", target=-1))
    ctx.push(DrawStep(step="draw"))
    ctx.push(MulliganStep(step="mulligan"))


# -- stage I: Cards (FA-046 to FA-050) ---------------------------------------------------------------

def ask_mulligan(ctx: Ctx, step: MulliganStep) -> Decision | None:
    hand = ctx.player(ctx.state.monster).hand
    if not hand:
        return None
    return Decision(ctx.state.monster, "mulligan",
                    f"Keep your {counted(len(hand), 'card')}, or discard your whole hand before drawing to 12?",
                    (Option("keep", "Keep my hand"), Option("mulligan", "Discard my whole hand")), rule="FA-048")


def answer_mulligan(ctx: Ctx, step: MulliganStep, seat: int, choice: tuple[str, ...]) -> None:
    ctx.state.stack.pop()
    if choice == ("mulligan",):
        player = ctx.player(seat)
        names = ", ".join(ctx.name(c) for c in player.hand)
        player.encounter_discard.extend(player.hand)
        player.hand.clear()
        ctx.emit("mulligan", "FA-048", f"{player.name} discards their whole hand: {names}.", seat=seat)


@FLOW.automatic(MulliganStep)
def run_mulligan(ctx: Ctx, step: MulliganStep) -> None:
    ctx.state.stack.pop()


FLOW.question(MulliganStep, ask_mulligan, answer_mulligan)


@FLOW.automatic(DrawStep)
def run_draw(ctx: Ctx, step: DrawStep) -> None:
    """Every player draws to 10, the monster player to 12; nobody discards down (FA-046, FA-047)."""
    state = ctx.state
    state.stack.pop()
    for seat in state.clockwise_from(state.monster):
        player = ctx.player(seat)
        target = MONSTER_HAND_TARGET if seat == state.monster else HAND_TARGET
        drawn = []
        while len(player.hand) < target:
            card = ctx.draw(seat, "encounter")
            if card is None:
                ctx.emit("no_draw", "FA-050", f"{player.name} has no Encounter cards left to draw.", seat=seat)
                break
            player.hand.append(card)
            drawn.append(card)
        if drawn:
            ctx.emit("draw", "FA-046", f"{player.name} draws {len(drawn)} card{'s' if len(drawn) != 1 else ''}.",
                     seat=seat, count=len(drawn))
            ctx.emit("drawn", "FA-046", "You draw " + ", ".join(ctx.name(c) for c in drawn) + ".",
                     seats=(seat,), seat=seat, cards=drawn)
    state.stage = "placement"


# -- the Encounters in order (FA-058, FA-059, FA-097) ------------------------------------------------

@FLOW.automatic(NextEncounterStep)
def run_next_encounter(ctx: Ctx, step: NextEncounterStep) -> None:
    state = ctx.state
    state.encounter = None
    if state.order:
        begin_encounter(ctx, state.order.pop(0))
        return
    state.stack.pop()
    begin_recovery(ctx)


# -- stage VI: Recovery (FA-176 to FA-179) -----------------------------------------------------------

def begin_recovery(ctx: Ctx) -> None:
    """Each player in turn from the monster player grants items (as many as he likes after an
    Encounter he did not retreat from, else one, FA-177, FA-178) and rearranges his party (FA-179)."""
    state = ctx.state
    state.stage = "recovery"
    ctx.emit("recovery", "FA-176", "Recovery: players may grant items and rearrange their parties.")
    for seat in reversed(state.clockwise_from(state.monster)):
        player = ctx.player(seat)
        attacked_and_stayed = player.attacked and not player.retreated
        ctx.push(RearrangeStep(step="rearrange", seat=seat, moves_left=2 * RANK_SIZE))
        ctx.push(GrantStep(step="grant", seat=seat, left=UNLIMITED if attacked_and_stayed else 1,
                           rule="FA-177" if attacked_and_stayed else "FA-178"))


def ask_rearrange(ctx: Ctx, step: RearrangeStep) -> Decision | None:
    player = ctx.player(step["seat"])
    if not player.heroes() or step["moves_left"] <= 0:
        return None  # eight moves reach any arrangement of eight positions: the question ends
    options: list[Option] = []
    for here, hero in enumerate(player.front + player.back):
        if hero is not None:
            moves = _moves(ctx, hero, player)
            options += moves[:here]
            options += moves[here + 1:]
    return Decision(step["seat"], "rearrange", "Rearrange your party (move a hero, or swap two), or end.",
                    (*options, KEEP_ARRANGEMENT), rule="FA-179")


KEEP_ARRANGEMENT = Option("end", "Keep this arrangement")


def _moves(ctx: Ctx, hero: str, player: Player) -> tuple[Option, ...]:
    """The option that moves ``hero`` to each position of a party, front rank first (so the
    position's number in the ranks read one after the other). The same for a hero in every game,
    so made once (the content's memo): a party is rearranged with up to eight moves of eight
    heroes each player turn."""
    table = ctx.content.memo("moves of a hero")
    moves: tuple[Option, ...] | None = table.get(hero)
    if moves is None:
        name = ctx.name(hero)
        moves = table[hero] = tuple(Option(f"move:{hero}:{pos}", f"Move {name} to the {party.position_name(pos)}",
                                           ("card", hero)) for pos in _positions(player))
    return moves


def _positions(player: Player) -> list[str]:
    return [f"front:{i}" for i in range(len(player.front))] + [f"back:{i}" for i in range(len(player.back))]


def _position_of(player: Player, hero: str) -> str:
    if hero in player.front:
        return f"front:{player.front.index(hero)}"
    return f"back:{player.back.index(hero)}"


def answer_rearrange(ctx: Ctx, step: RearrangeStep, seat: int, choice: tuple[str, ...]) -> None:
    if choice == ("end",):
        ctx.state.stack.pop()
        return
    _, hero, rank_word, index_text = choice[0].split(":")
    position = f"{rank_word}:{index_text}"
    step["moves_left"] -= 1
    player = ctx.player(seat)
    source = _position_of(player, hero)
    rank, _, index = position.partition(":")
    cells = player.front if rank == "front" else player.back
    other = cells[int(index)]
    party.place(player, hero, position)
    src_rank, _, src_index = source.partition(":")
    (player.front if src_rank == "front" else player.back)[int(src_index)] = other
    moved = f"{ctx.name(hero)} moves to the {rank} rank"  # (an occupied position: the two swap) + (f", {ctx.name(other)} to its place" if other else "")
    ctx.emit("rearrange", "FA-179", f"{player.name}: {moved}.", seat=seat, hero=hero, position=position)


@FLOW.automatic(RearrangeStep)
def run_rearrange(ctx: Ctx, step: RearrangeStep) -> None:
    ctx.state.stack.pop()


FLOW.question(RearrangeStep, ask_rearrange, answer_rearrange)


# -- the end of the player turn, of the game (FA-037 to FA-042) --------------------------------------

@FLOW.automatic(EndTurnStep)
def run_end_turn(ctx: Ctx, step: EndTurnStep) -> None:
    state = ctx.state
    state.stack.pop()
    for player in state.players:
        player.flipped.clear()  # any hero still flipped unflips at the end of the turn (FA-116, A-21)
        if not player.eliminated and not player.heroes():
            player.eliminated = True
            for pile in (player.hand, player.hero_deck, player.hero_discard, player.encounter_deck,
                         player.encounter_discard):
                state.removed.extend(pile)  # every card of his leaves the game (FA-040)
                pile.clear()
            for owned in player.items.values():
                state.removed.extend(owned)
            player.items.clear()
            ctx.emit("eliminated", "FA-040", f"{player.name} has no heroes left and is eliminated.",
                     headline=f"{player.name} is out", seat=player.seat)
    remaining = state.remaining()
    if len(remaining) <= 1:
        end_game(ctx, LAST_PLAYER if remaining else NO_PLAYER)
        return
    state.turns_this_game_turn += 1
    nxt = _next_player(ctx)
    if _game_turn_complete(ctx, nxt):
        if state.game_turn >= GAME_TURNS:
            end_game(ctx, FOUR_TURNS)
            return
        state.game_turn += 1
        state.turns_this_game_turn = 0
    state.monster = nxt
    ctx.push(PlayerTurnStep(step="player_turn"))


def _game_turn_complete(ctx: Ctx, nxt: int) -> bool:
    """Whether every player still in the game has had his player turn in this game turn
    (FA-034, FA-042): the turn passing to ``nxt`` goes back round past the first monster
    player's seat. Counting the turns played would end the game turn too early when a player
    who has already played is eliminated, before the others have had their turns."""
    state = ctx.state

    def place(seat: int) -> int:
        return (seat - state.first) % state.seats

    return place(nxt) <= place(state.monster)


def _next_player(ctx: Ctx) -> int:
    state = ctx.state
    return state.clockwise_from((state.monster + 1) % state.seats)[0]


def score(ctx: Ctx, seat: int) -> int:
    """GP of the undefeated heroes in the party plus the items granted to them (FA-038)."""
    player = ctx.player(seat)
    total = 0
    for hero in player.heroes():
        total += ctx.card(hero).gp + sum(ctx.card(item).gp for item in player.items.get(hero, []))
    return total


FOUR_TURNS, LAST_PLAYER, NO_PLAYER = "four game turns played", "last player standing", "no players remain"
END_RULES = {FOUR_TURNS: "FA-037", LAST_PLAYER: "FA-041", NO_PLAYER: "FA-041"}
"""Why a game ends (``FAState.end_reason``) and the rule that ends it: four complete game turns
(FA-037), or an elimination check that leaves one player or none (FA-041, A-02)."""


def end_game(ctx: Ctx, reason: str) -> None:
    """End the game for ``reason`` (one of :data:`END_RULES`). After four game turns the highest
    score wins, ties sharing the win (FA-039); the last player left wins whatever his score, and
    with nobody left nobody wins (FA-041)."""
    state = ctx.state
    remaining = state.remaining()
    scores = {seat: score(ctx, seat) for seat in remaining}
    best = max(scores.values(), default=0)
    state.winners = [seat for seat, points in scores.items() if points == best] if scores else []
    state.end_reason = reason
    state.stage = "over"
    text = "; ".join(f"{ctx.who(s)} {p} GP" for s, p in scores.items())
    winners = listed(ctx.who(s) for s in state.winners) or "nobody"
    rule = END_RULES[reason]
    ctx.emit("game_over", f"{rule}, FA-038, FA-039" if rule == "FA-037" else rule,
             f"The game ends ({reason}). Scores: {text}. Winner: {winners}.",
             headline=f"{winners} win{'s' if len(state.winners) == 1 else ''}", irreversible=True)
