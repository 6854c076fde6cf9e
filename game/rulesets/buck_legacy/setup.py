"""Setting up a game: the decks, the Buck roll and character creation (BL-029 to BL-044).

Each player rolls for the Buck token; tied highest rollers roll again (BL-039, A-18). Then,
in priority order, each picks a Race, a Class and a Starting Weapon from the cards left
(BL-040); the weapon is equipped (BL-041). Mana starts full for a Magic Rank of 1 or more
(BL-042, A-16); in a Quick game each player then receives a Treasure in priority order
(BL-044, A-39). The first Market Part follows (BL-002).

The number of Bosses to defeat is 2, or 1 in a Quick game (BL-004); the host may choose another
as a house rule, which the purple deck must be able to supply along the difficulty ladder
(A-54). The house rules in force are announced to everyone before play starts (BL-011).
"""

from __future__ import annotations

from game.core.decision import Decision, Option
from game.core.errors import FiveRealmsError
from game.rulesets.buck_legacy import stats
from game.rulesets.buck_legacy.content import BLContent
from game.rulesets.buck_legacy.context import FLOW, Ctx
from game.rulesets.buck_legacy.market import required_difficulty
from game.rulesets.buck_legacy.state import BLState
from game.rulesets.buck_legacy.steps import CreateStep, SetupFinishStep
from game.rulesets.buck_legacy.vocabulary import DIFFICULTIES

PICKS = ("race", "class", "weapon")
PICK_NAMES = {"race": "Race", "class": "Class", "weapon": "Starting Weapon"}
HOUSE_RULES = {
    "blind_shop": "Blind shop (A-02)",
    "buck_stays": "Buck stays (A-12)",
    "large_equipped_only": "Large limit counts equipped items only (A-14)",
    "protection_every_stun": "Protection covers every Monster stun (A-52)",
    "literal_useless": "Literal weapons-useless test (A-55)",
}
"""The house-rule switches (BL-011): all off unless the host turns them on."""


# -- how many Bosses (BL-004, A-54) ---------------------------------------------------------------

def ladder(seats: int, target: int) -> list[str]:
    """The difficulty of each Boss in turn: the first by BL-005/BL-006, each later one a step
    harder, staying at Advanced (BL-007, A-54)."""
    return [required_difficulty(seats, defeated) for defeated in range(target)]


def max_target(content: BLContent, seats: int) -> int:
    """The most Bosses the purple deck can supply to this many players: a defeated Boss leaves
    the game (BL-199), so each step of the ladder needs a Zone of its own (A-54)."""
    target = 0
    while True:
        steps = ladder(seats, target + 1)
        if any(steps.count(d) > sum(1 for z in content.zones.values() if z.difficulty == d) for d in DIFFICULTIES):
            return target
        target += 1


def boss_target(content: BLContent, seats: int, quick: bool, bosses: int) -> int:
    """Bosses to defeat: 2 in a Standard game, 1 in a Quick game (BL-004), or the host's house-rule
    number (``bosses``, 0 for the game's own), which the purple deck must be able to supply (A-54)."""
    target = bosses or (1 if quick else 2)
    limit = max_target(content, seats)
    if target > limit:
        raise FiveRealmsError(f"With {seats} players the purple deck can supply at most {limit} Bosses "
                              f"(A-54), not {target}.")
    return target


def house_rules(state: BLState) -> list[str]:
    """The house rules in force, to be shown to everyone before play starts (BL-011)."""
    named = [label for attr, label in HOUSE_RULES.items() if getattr(state, attr)]
    if state.target != (1 if state.quick else 2):
        named.append(f"{state.target} Boss{'es' if state.target > 1 else ''} to defeat (A-54)")
    return named


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
    rules = house_rules(state)
    ctx.emit("house_rules", "BL-011", "House rules: " + ("; ".join(rules) if rules else "none") + ".",
             rules=rules)
    buck_roll(ctx)
    ctx.push({"step": "setup_finish"})
    ctx.push({"step": "create", "seats": state.priority(), "pick": "race"})


def buck_roll(ctx: Ctx) -> None:
    """Everyone rolls; the highest takes the Buck token, tied highest rollers roll again (BL-039, A-18)."""
    state = ctx.state
    rolling = list(range(state.seats))
    while True:
        rolls = {seat: ctx.roll("plain") for seat in rolling}
        ctx.emit("roll", "BL-039", "Buck roll: " + ", ".join(f"{ctx.who(s)} rolled {r}" for s, r in rolls.items()) + ".",
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
