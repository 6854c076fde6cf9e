"""Setting up a quest (checklist 3.2): heroes, monsters, tokens, decks (DD-007 to DD-010, DD-148)."""

from __future__ import annotations

from game.core.decision import Decision, Option
from game.rulesets.dungeon_delve.context import FLOW, Ctx
from game.rulesets.dungeon_delve.state import Hero, Monster
from game.rulesets.dungeon_delve.steps import ShareCardsStep

SHOP_CARDS_AT_START = 2


def setup(ctx: Ctx, hero_ids: list[str], hero_seats: int) -> None:
    state = ctx.state
    data = ctx.data
    quest = data.quest(state.quest)
    content = data.content
    # Heroes on the start squares, each with his class's equipment equipped (DD-008, DD-148).
    for index, hero_id in enumerate(hero_ids):
        start = quest.hero_starts[index]
        equipment = list(content.class_for(hero_id).equipment)
        state.heroes.append(Hero(hero_id, 1 + index % hero_seats, [start[0], start[1]], items=list(equipment),
                                 equipped=list(equipment)))
    ctx.emit("setup", "DD-148", "The heroes: " + ", ".join(ctx.name(h) for h in hero_ids) + ".")
    # Monsters by group size for this many heroes (DD-007, 2.7).
    count = len(hero_ids)
    numbered: dict[str, int] = {}  # minions of a kind are numbered 1, 2, … across the placements
    for placement in quest.placements:
        group = content.groups[placement.group]
        master = Monster(group.master, group.id, group.master, True, list(placement.master))
        state.monsters.append(master)
        for square in placement.minions[: group.minions_for(count)]:
            numbered[group.minion] = n = numbered.get(group.minion, 0) + 1
            state.monsters.append(Monster(f"{group.minion}#{n}", group.id, group.minion, False, list(square)))
    ctx.emit("setup", "DD-007", f"The map of {quest.name} is laid out: doors closed, "
             f"{len(state.monsters)} monsters and {len(quest.search_tokens)} search tokens placed.")
    state.search_tokens = [list(t) for t in quest.search_tokens]
    state.open_doors = [d.id for d in quest.doors if d.open]
    # Decks (DD-009) and the party's shop cards (DD-008).
    state.search_deck = content.search_deck()
    state.rng.shuffle(state.search_deck)
    state.overlord_deck = data.overlord_deck()
    state.rng.shuffle(state.overlord_deck)
    shop = [i for i in content.items_in("shop")]
    state.rng.shuffle(shop)
    state.party_cards = shop[: quest.starting_shop_cards or SHOP_CARDS_AT_START]
    ctx.emit("setup", "DD-009", "The search and overlord decks are shuffled.", irreversible=True)
    ctx.draw_overlord(count, "DD-009")
    ctx.push({"step": "round_start"})
    if state.party_cards:
        ctx.push({"step": "share_cards"})


def ask_share(ctx: Ctx, step: ShareCardsStep) -> Decision | None:
    state = ctx.state
    if not state.party_cards:
        return None
    card = state.party_cards[0]
    seat = min(h.seat for h in state.heroes)
    return Decision(seat, "share", f"The party's shop card {ctx.data.item(card).name}: who takes it? "
                    f"({ctx.data.item(card).text})",
                    tuple(Option(f"give:{card}:{h.id}", ctx.name(h.id), ("figure", h.id)) for h in state.heroes),
                    rule="DD-008")


def answer_share(ctx: Ctx, step: ShareCardsStep, seat: int, choice: tuple[str, ...]) -> None:
    _, card, hero_id = choice[0].split(":")
    state = ctx.state
    state.party_cards.remove(card)
    state.hero(hero_id).items.append(card)  # equipped at his first Equip step (DD-008)
    ctx.emit("share", "DD-008", f"{ctx.name(hero_id)} takes {ctx.data.item(card).name}.", hero=hero_id, item=card)


@FLOW.automatic(ShareCardsStep)
def share_done(ctx: Ctx, step: ShareCardsStep) -> None:
    ctx.state.stack.pop()


FLOW.question(ShareCardsStep, ask_share, answer_share)
