"""What cards do: the effects of abilities, spells and traps (FA-072, FA-185 to FA-192,
FA-199 to FA-202, FA-220 to FA-225, FA-239, FA-240).

Each effect is one verb of the vocabulary (vocabulary.py) with its parameters, resolved here the
way the rulebook's glossary says: a dependent effect "on X-Y" rolls one die first (FA-185,
FA-187); a defeat respects immunity to the effect's element (FA-203, FA-240); fear turns a hero
face down or sends a monster running (FA-188, FA-192); a heal saves a defeated card from its
discard (FA-199); a summoned card waits beside the party when it comes during a combat round
(FA-224); a "current melee" change lasts for that melee only (FA-239); a grant gives abilities
until the end of the Encounter.

Who may use what, when and on whom is uses.py's business; this module does what was chosen.
"""

from __future__ import annotations

from game.core.decision import Decision, Option
from typing import Callable

from game.core.effects import Effect
from game.rulesets.fantasy_adventures import defeat, totals, traits
from game.rulesets.fantasy_adventures.context import FLOW, Ctx
from game.rulesets.fantasy_adventures.state import Monster
from game.rulesets.fantasy_adventures.steps import SummonPlaceStep
from game.rulesets.fantasy_adventures.vocabulary import gift_phrase


def element_of(ctx: Ctx, source: str) -> str:
    """An effect's element is its source's: a hero's, a monster's or a spell's; items and traps
    have none (FA-240)."""
    info = ctx.card(source)
    return "" if info.kind in ("item", "trap") else str(info.element)


def dependent(ctx: Ctx, ability: Effect, source: str) -> bool:
    """Roll for an effect "on X-Y" (FA-185, FA-187); True when it happens (or needs no roll)."""
    if not ability.has("on"):
        return True
    low, high = ability.get("on")
    die = ctx.roll()
    happens = totals.succeeds(die, int(low), int(high))
    ctx.emit("dependent_roll", "FA-185", f"{ctx.name(source)}: rolled {die}, needs {low}"
             + (f"-{high}" if high != low else "") + (": it works." if happens else ": no effect."),
             card=source, die=die, happened=happens)
    return happens


# -- the effects --------------------------------------------------------------------------------------

def do_defeat(ctx: Ctx, source: str, target: str) -> None:
    """Defeat ``target`` by ``source``'s effect unless it is immune to the effect's element (FA-203, FA-204)."""
    element = element_of(ctx, source)
    if element and traits.immune_to(ctx, target, element):
        ctx.emit("immune", "FA-204", f"{ctx.name(target)} is immune to {element.title()}: {ctx.name(source)} "
                 "cannot defeat it.", card=target)
        return
    defeat.defeat(ctx, target, ctx.name(source))


def do_fear(ctx: Ctx, source: str, target: str) -> None:
    """Strike ``target`` with fear (FA-188 to FA-193): a hero turns face down until the end of the
    combat stage; a monster runs away, discarded with no save or heal."""
    if traits.immune_to(ctx, target, "fear"):
        ctx.emit("immune", "FA-193", f"{ctx.name(target)} is immune to fear.", card=target)
        return
    encounter = ctx.state.encounter
    if ctx.card(target).kind == "monster":
        if encounter is not None:
            defeat.monster_leaves(ctx, target)
        ctx.discard(target)
        ctx.emit("flees", "FA-192", f"{ctx.name(target)} is stricken with fear and runs away.", card=target)
        return
    player = ctx.owner_of_hero(target)
    if target not in player.feared:
        player.feared.append(target)
    if target in player.flipped:
        player.flipped.remove(target)
    if encounter is not None and target in encounter.melee_order:
        encounter.melee_order.remove(target)
    ctx.emit("feared", "FA-188", f"{ctx.name(target)} is stricken with fear and turns face down.", card=target)


def do_heal(ctx: Ctx, source: str, target: str) -> None:
    """Heal a defeated card: it is not discarded and counts as never defeated (FA-199)."""
    encounter = ctx.state.encounter
    if encounter is not None and target not in encounter.healed:
        encounter.healed.append(target)
    healed = f"{ctx.name(target)} heals itself" if source == target else \
        f"{ctx.name(source)} heals {ctx.name(target)}"
    ctx.emit("healed", "FA-199", f"{healed}: it stays, as if never defeated.", card=target, source=source)


def do_grant(ctx: Ctx, source: str, index: int, target: str) -> None:
    """Give ``target`` (a hero, or "party") the abilities of ``source``'s ``index``-th grant
    until the end of the Encounter (the Encounter's ``gained``)."""
    encounter = ctx.state.encounter
    if encounter is None:
        return
    encounter.gained.setdefault(target, []).append(f"{source}:{index}")
    gifts = gift_phrase(traits.gift(ctx, f"{source}:{index}"))
    whom = "The party's heroes have" if target == "party" else f"{ctx.name(target)} has"
    ctx.emit("granted", "FA-150", f"{whom} {gifts} until the end of the Encounter ({ctx.name(source)}).",
             card=source, target=target)


def do_current_melee(ctx: Ctx, source: str, amount: int, target: str) -> None:
    """Change a combatant's total for its current melee only (FA-239)."""
    encounter = ctx.state.encounter
    if encounter is None:
        return
    monster = ctx.monster(target)
    if monster is not None:
        monster.melee_bonus += amount
    else:
        encounter.melee_change[target] = encounter.melee_change.get(target, 0) + amount
    ctx.emit("melee_change", "FA-239", f"{ctx.name(source)}: {ctx.name(target)} {amount:+d} Melee for its "
             "current melee.", card=target, amount=amount)


def in_combat_round(ctx: Ctx) -> bool:
    encounter = ctx.state.encounter
    return encounter is not None and encounter.stage == "combat" and encounter.round > 0


def search(ctx: Ctx, seat: int, deck: str, fits: Callable[[str], bool], rule: str) -> str | None:
    """A summon's search of ``seat``'s ``deck``: draw until a card that ``fits`` appears, or until
    every card of the deck and its discard pile has been looked at (FA-220, FA-225, A-36). The
    cards passed over are discarded once the search ends: discarded at once, they would be
    shuffled back by the reshuffle of FA-049 and looked at again while others went unseen; a
    deck the search emptied is then made again at once (FA-049)."""
    player = ctx.player(seat)
    pile, discard = ((player.hero_deck, player.hero_discard) if deck == "hero"
                     else (player.encounter_deck, player.encounter_discard))
    passed: list[str] = []
    found = None
    for _ in range(len(pile) + len(discard)):
        card = ctx.draw(seat, deck)
        if card is None:
            break
        if fits(card):
            found = card
            break
        passed.append(card)
    discard.extend(passed)
    ctx.refill(seat, deck)
    if passed:
        ctx.emit("summon_search", rule, "Passed over and discarded: " + ", ".join(ctx.name(c) for c in passed) + ".",
                 cards=passed, irreversible=True)  # cards turned up from a deck: no undo past them
    return found


def do_summon_monster(ctx: Ctx, source: str, group: str | None, controller: int) -> None:
    """Draw from the controller's Encounter deck until a monster of the group appears; the cards
    passed over are discarded face up; the search ends once deck and discard pile have all been
    looked at (FA-220, FA-225). A monster that could not be used in this Encounter (Lair only,
    Wandering only) does not match. It attacks the same party (FA-221); during a combat round it
    waits beside the party until the next (FA-224)."""
    encounter = ctx.state.encounter
    if encounter is None:
        return
    found = search(ctx, controller, "encounter", lambda card: summon_fits(ctx, card, group), "FA-220")
    if found is None:
        ctx.emit("summon_none", "FA-225", f"{ctx.name(source)} summons nothing: no fitting monster was found.")
        return
    pending = in_combat_round(ctx)
    encounter.monsters.append(Monster(card=found, controller=ctx.state.monster, pending=pending))
    ctx.emit("summoned", "FA-224" if pending else "FA-220", f"{ctx.name(source)} summons {ctx.name(found)}"
             + (", which waits beside the party until the next round." if pending else "."), card=found)


def summon_fits(ctx: Ctx, card: str, group: str | None) -> bool:
    """Whether ``card`` is a monster a summon for ``group`` finds: of the group, and usable in
    this Encounter (not Lair only in a wandering one, nor Wandering only in a lair, FA-225)."""
    info = ctx.card(card)
    lair = ctx.encounter.lair
    return bool(info.kind == "monster" and (group is None or group in info.groups)
                and not (info.lair_only and not lair) and not (info.wandering_only and lair))


def do_summon_hero(ctx: Ctx, source: str, element: str, seat: int) -> None:
    """Summon a non-unique hero of ``element`` from the Hero deck into an open position (FA-223,
    FA-225, A-36): the party must have one; cards passed over go to the Hero discard pile. During
    a combat round it waits beside the party until the next round (FA-224)."""
    from game.rulesets.fantasy_adventures import party

    player = ctx.player(seat)
    positions = party.open_positions(player)
    if not positions:
        ctx.emit("summon_none", "FA-223", f"{ctx.name(source)} summons nothing: the party has no open position.")
        return
    found = search(ctx, seat, "hero", lambda card: ctx.card(card).element == element and not ctx.card(card).unique,
                   "FA-225")
    if found is None:
        ctx.emit("summon_none", "FA-225", f"{ctx.name(source)} summons nothing: no fitting hero was found.")
        return
    # It stands in the first open position while the hero player chooses its place (FA-223).
    party.place(player, found, positions[0])
    if in_combat_round(ctx):
        player.waiting.append(found)  # not in play until the next round (FA-224)
    ctx.emit("summoned", "FA-223", f"{ctx.name(source)} summons {ctx.name(found)} into the party.", card=found)
    if len(positions) > 1:
        ctx.push(SummonPlaceStep(step="summon_place", hero=found))


def ask_summon_place(ctx: Ctx, step: SummonPlaceStep) -> Decision:
    """The hero player places the summoned hero in any open position (FA-223); the slots are
    fixed, so no rank can hold more than four and no third rank appears (FA-029)."""
    from game.rulesets.fantasy_adventures import party

    hero = step["hero"]
    player = ctx.owner_of_hero(hero)
    here = f"{player.rank_of(hero)}:{(player.front if hero in player.front else player.back).index(hero)}"
    options = tuple(Option(f"place:{p}", f"the {party.position_name(p)}", ("card", hero)) for p in [here] + party.open_positions(player))
    return Decision(player.seat, "summon_place", f"Where does {ctx.name(hero)} join your party?", options,
                    rule="FA-223")


def answer_summon_place(ctx: Ctx, step: SummonPlaceStep, seat: int, choice: tuple[str, ...]) -> None:
    from game.rulesets.fantasy_adventures import party

    ctx.state.stack.pop()
    hero, position = step["hero"], choice[0].partition(":")[2]
    player = ctx.player(seat)
    for rank in (player.front, player.back):
        if hero in rank:
            rank[rank.index(hero)] = None
    party.place(player, hero, position)
    ctx.emit("summon_place", "FA-223", f"{ctx.name(hero)} takes its place: the {party.position_name(position)}.",
             hero=hero, position=position)


@FLOW.automatic(SummonPlaceStep)
def run_summon_place(ctx: Ctx, step: SummonPlaceStep) -> None:
    ctx.state.stack.pop()


FLOW.question(SummonPlaceStep, ask_summon_place, answer_summon_place)


def monster_joins(ctx: Ctx, card: str) -> None:
    """A monster joins the current Encounter from a player's hand, as if just summoned; the monster
    player controls it, and afterwards it goes back to its owner's discard pile (FA-158, FA-222)."""
    encounter = ctx.state.encounter
    assert encounter is not None
    pending = in_combat_round(ctx)
    encounter.monsters.append(Monster(card=card, controller=ctx.state.monster, pending=pending))
    ctx.emit("joins", "FA-158", f"{ctx.name(card)} joins the attack on {ctx.who(encounter.target)}'s party"
             + (" and waits until the next round." if pending else "."), card=card)


# -- traps (FA-069, FA-072) -----------------------------------------------------------------------------

def trap_could_act(ctx: Ctx, trap: str, hero: str) -> bool:
    """Whether a revealed trap could have any effect at all (FA-069): an item-loss trap on a hero
    with no such item could not, nor fear on a hero immune to it, nor a summon that would find
    no monster."""
    player = ctx.owner_of_hero(hero)
    owned = player.items.get(hero, [])
    for ability in ctx.card(trap).abilities:
        if ability.verb == "lose_item":
            group = ability.get("group")
            if any(group is None or group in ctx.card(i).item_groups for i in owned):
                return True
        elif ability.verb == "fear" and ability.get("target") == "entering":
            if not traits.immune_to(ctx, hero, "fear"):
                return True
        elif ability.verb == "summon_monster":
            # A summon with no fitting monster in the monster player's deck or discard pile
            # would find nothing (FA-225).
            searched = ctx.player(ctx.state.monster)
            if any(summon_fits(ctx, card, ability.get("group"))
                   for card in searched.encounter_deck + searched.encounter_discard):
                return True
        else:
            return True
    return False


def trap_fires(ctx: Ctx, trap: str, hero: str) -> None:
    """A trap goes off on the entering hero unless it names another target (FA-072, A-12)."""
    from game.rulesets.fantasy_adventures.steps import LoseItemStep

    encounter = ctx.encounter
    player = ctx.owner_of_hero(hero)
    for ability in ctx.card(trap).abilities:
        verb = ability.verb
        if verb == "defeat" and ability.get("target") == "front_rank":
            from game.rulesets.fantasy_adventures import party

            for front in party.front_rank(player):
                if dependent(ctx, ability, trap):
                    do_defeat(ctx, trap, front)
        elif verb == "defeat":
            if dependent(ctx, ability, trap):
                do_defeat(ctx, trap, hero)
        elif verb == "fear":
            if dependent(ctx, ability, trap):
                do_fear(ctx, trap, hero)
        elif verb == "lose_item" and ability.has("group"):
            group = ability.get("group")
            lost = [i for i in player.items.get(hero, []) if group in ctx.card(i).item_groups]
            for item in lost:
                player.items[hero].remove(item)
                ctx.discard(item)
            ctx.emit("items_lost", "FA-174", f"{ctx.name(hero)} discards " + ", ".join(ctx.name(i) for i in lost) + ".",
                     hero=hero, cards=lost)
        elif verb == "lose_item":
            ctx.push(LoseItemStep(step="lose_item", hero=hero))
        elif verb == "summon_monster":
            do_summon_monster(ctx, trap, ability.get("group"), ctx.state.monster)
        elif verb == "opponent_penalty":
            encounter.party_penalty += int(ability.get("amount"))
            ctx.emit("party_penalty", "FA-182", f"Every hero of {ctx.who(encounter.target)}'s party has "
                     f"-{ability.get('amount')} Melee until the end of this Encounter.")
