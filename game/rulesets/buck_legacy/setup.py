"""Setting up a game: the decks, the Buck roll and character creation (BL-029 to BL-044).

Each player rolls for the Buck token; tied highest rollers roll again (BL-039, A-18). Then,
in priority order, each picks a Race, a Class and a Starting Weapon from the cards left
(BL-040); the weapon is equipped (BL-041). Mana starts full for a Magic Rank of 1 or more
(BL-042, A-16); in a Quick game each player then receives a Treasure in priority order
(BL-044, A-39). The first Market Part follows (BL-002).
"""

from __future__ import annotations

from game.core.decision import Decision, Option
from game.rulesets.buck_legacy import stats
from game.rulesets.buck_legacy.context import FLOW, Ctx
from game.rulesets.buck_legacy.steps import CreateStep, SetupFinishStep

PICKS = ("race", "class", "weapon")
PICK_NAMES = {"race": "Race", "class": "Class", "weapon": "Starting Weapon"}


def setup(ctx: Ctx) -> None:
    """Deal the decks, roll for the Buck token and queue character creation."""
    state, content = ctx.state, ctx.content
    state.items_deck = content.deck(content.items)
    state.dungeon_deck = content.deck(content.dungeon)
    state.treasure_deck = content.deck(content.treasures)
    for pile in (state.items_deck, state.dungeon_deck, state.treasure_deck):
        state.rng.shuffle(pile)  # BL-030
    state.purple = list(content.zones)
    state.characters = list(content.races) + list(content.classes) + list(content.starting_weapons)
    gold = 60 if state.quick else 20
    for adv in state.adventurers:
        adv.gold = gold  # BL-038
    ctx.emit("setup", "BL-038", f"Each Adventurer takes a Stat Card and {gold} Gold ("
             f"{'Quick' if state.quick else 'Standard'} game, {state.target} "
             f"Boss{'es' if state.target > 1 else ''} to defeat).", gold=gold)
    buck_roll(ctx)
    ctx.push({"step": "setup_finish"})
    ctx.push({"step": "create", "seats": state.priority(), "pick": "race"})


def buck_roll(ctx: Ctx) -> None:
    """Everyone rolls; the highest takes the Buck token, tied highest rollers roll again (BL-039, A-18)."""
    state = ctx.state
    rolling = list(range(state.seats))
    while True:
        rolls = {seat: ctx.roll("plain") for seat in rolling}
        ctx.emit("roll", "BL-039", "Buck roll: " + ", ".join(f"{ctx.who(s)} {r}" for s, r in rolls.items()) + ".",
                 die="plain", rolls={str(s): r for s, r in rolls.items()})
        best = max(rolls.values())
        rolling = [s for s, r in rolls.items() if r == best]
        if len(rolling) == 1:
            break
    state.dealer = rolling[0]
    ctx.emit("buck", "BL-039", f"{ctx.who(state.dealer)} takes the Buck token and deals.", seat=state.dealer,
             headline=f"{ctx.who(state.dealer)} holds the Buck")


def _pool(ctx: Ctx, pick: str) -> list[str]:
    content = ctx.content
    table = {"race": content.races, "class": content.classes, "weapon": content.starting_weapons}[pick]
    return [c for c in ctx.state.characters if c in table]


def ask_create(ctx: Ctx, step: CreateStep) -> Decision | None:
    if not step["seats"]:
        return None
    seat, pick = step["seats"][0], step["pick"]
    options = tuple(Option(f"{pick}:{card}", ctx.name(card), ("card", card), ctx.content.card(card).text)
                    for card in _pool(ctx, pick))
    return Decision(seat, "create", f"{ctx.who(seat)}: pick your {PICK_NAMES[pick]}.", options, rule="BL-040")


def answer_create(ctx: Ctx, step: CreateStep, seat: int, choice: tuple[str, ...]) -> None:
    pick, _, card = choice[0].partition(":")
    adv = ctx.adventurer(seat)
    ctx.state.characters.remove(card)
    if pick == "race":
        adv.race = card
        step["pick"] = "class"
    elif pick == "class":
        adv.klass = card
        step["pick"] = "weapon"
    else:
        adv.slots["weapon"] = card  # equipped in the Weapon slot (BL-041)
        step["pick"] = "race"
        step["seats"].pop(0)
    ctx.emit("create", "BL-041" if pick == "weapon" else "BL-040",
             f"{adv.name} takes the {PICK_NAMES[pick]} {ctx.name(card)}.", seat=seat, card=card, pick=pick)


def run_create(ctx: Ctx, step: CreateStep) -> None:
    ctx.state.stack.pop()


FLOW.question(CreateStep, ask_create, answer_create)
FLOW.automatic(CreateStep)(run_create)


@FLOW.automatic(SetupFinishStep)
def setup_finish(ctx: Ctx, step: SetupFinishStep) -> None:
    """Starting Mana (BL-042, A-16), Tesla 0 (BL-043, A-17), the Quick game's Treasure (BL-044)."""
    state, content = ctx.state, ctx.content
    state.stack.pop()
    for adv in state.adventurers:
        if stats.magic_rank(state, content, adv.seat) >= 1:
            adv.mana = stats.max_mana(state, content, adv.seat)
            ctx.emit("mana", "BL-042", f"{adv.name} starts with {adv.mana} Mana (Magic Rank "
                     f"{stats.magic_rank(state, content, adv.seat)}).", seat=adv.seat, mana=adv.mana)
    ctx.push({"step": "market_start"})
    if state.quick:
        for seat in reversed(state.priority()):  # the Dealer's on top: received first
            ctx.push({"step": "treasure", "seat": seat})
