"""The context every step of the Champions of Albion flow works in, and the mechanics the
steps share: who is in play and in what order, dice, modified attributes (CA-075), life
and will (CA-045 to CA-047, CA-126, CA-178), champion defeat (CA-127 to CA-131), the end
of the game (CA-028), and the resource, bane and aid supplies.

Tokens and enemies on the map are in ``board.py``; this module is about champions.
"""

from __future__ import annotations

from typing import Iterable

from game.core.cards import draw
from game.core.context import BaseContext
from game.core.dice import d6, roll
from game.core.events import EventLog
from game.core.flow import Flow
from game.rulesets.champions_of_albion import piles
from game.rulesets.champions_of_albion.content import CAContent, Champion, Resource
from game.rulesets.champions_of_albion.state import CAState, ChampionState, EnemyState
from game.rulesets.champions_of_albion.steps import CAStep

D6 = d6()

FLOW: Flow["Ctx"] = Flow()

SLOTS = ("weapon", "armour", "item", "companion")
"""Resource kinds whose bonuses are attribute bonuses chosen one per kind (CA-165, CA-166)."""
MAX_ACTIONS = 3
LAST_ROUND = 5
"""The rounds of an act (CA-019, CA-026)."""
TITLES = ("Old", "Mother", "Sir", "Lady", "Father", "Brother", "Sister")
"""A first word that is a title, not a name: such champions go by both words."""
AID_VALUES = (1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2)
"""The 12 aid tokens: 8 of +1 and 4 of +2 (plan 2.4.10, G-40)."""


def half(count: int) -> int:
    """Half as many, rounded up (CA-179): 1->1, 2->1, 3->2, 4->2, 5->3."""
    return (count + 1) // 2


class Ctx(BaseContext[CAState, CAStep]):
    def __init__(self, state: CAState, content: CAContent, log: EventLog) -> None:
        super().__init__(state, log)
        self.content = content

    @property
    def over(self) -> bool:
        return bool(self.state.outcome)

    # -- who is in play ----------------------------------------------------------------------

    def name(self, champion_id: str) -> str:
        return self.content.champions[champion_id].name

    def short(self, champion_id: str) -> str:
        """The name a champion goes by in the log: "Gareth", "Mother Ysolde", "Old Cadoc"."""
        memo = self.content.memo
        found: str | None = memo.get(("short", champion_id))
        if found is None:
            words = self.name(champion_id).split()
            found = memo["short", champion_id] = " ".join(words[:2]) if words[0] in TITLES else words[0]
        return found

    def in_play(self) -> list[ChampionState]:
        """Champions in play, in this round's initiative order (CA-030, CA-034)."""
        state = self.state
        order = state.initiative or list(range(state.seats))
        out = []
        for seat in order:
            champion = state.seat_champion(seat)
            if champion is not None:
                out.append(champion)
        return out

    def count(self) -> int:
        """C: the champions in play now (G-03)."""
        return sum(1 for p in self.state.players if p.champion)

    def at(self, space: str) -> list[ChampionState]:
        return [c for c in self.in_play() if c.space == space]

    def card(self, champion: ChampionState) -> Champion:
        return self.content.champions[champion.id]

    def has_rule(self, champion: ChampionState, rule: str) -> bool:
        """Whether the champion's passive or one of its banes carries the rule switch."""
        card = self.card(champion)
        if any(e.verb == "rule" and e.get("rule") == rule for e in card.passive.effects):
            return True
        return any(e.verb == "rule" and e.get("rule") == rule
                   for b in champion.banes for e in self.content.banes[b].effects)

    def space_kind(self, space: str) -> str:
        return self.content.map.spaces[space].kind

    def space_name(self, space: str) -> str:
        return self.content.map.spaces[space].name

    # -- dice --------------------------------------------------------------------------------

    def d6(self) -> int:
        """A d6 roll from the game's generator, or the next entry of a written position's dice script."""
        return roll(self.state.rng, D6, self.state.dice_script) + 1

    # -- attributes (CA-075, CA-164 to CA-167, CA-174) ---------------------------------------------

    def usable(self, champion: ChampionState, resource_id: str, duel: bool = False) -> bool:
        r = self.content.resources[resource_id]
        if r.kind == "relic" and self.has_rule(champion, "no_relics"):
            return False
        if r.kind == "companion" and duel:
            return False  # CA-118
        return True

    def slot_cards(self, champion: ChampionState, slot: str, duel: bool = False) -> list[Resource]:
        """The attached cards sharing one kind's slot (a relic: its printed kind, CA-166)."""
        return [self.content.resources[r] for r in champion.resources
                if self.content.resources[r].slot == slot and self.usable(champion, r, duel)]

    def best_for(self, champion: ChampionState, attributes: Iterable[str], duel: bool = False) -> dict[str, str]:
        """The card per slot a player picks for these attributes: the highest bonus (first on ties)."""
        wanted = tuple(attributes)
        out = {}
        for slot in SLOTS:
            cards = self.slot_cards(champion, slot, duel)
            if cards:
                best = max(cards, key=lambda r: sum(r.bonus(a) for a in wanted))
                out[slot] = best.id
        return out

    def attribute(self, champion: ChampionState, attribute: str, *, use: dict[str, str] | None = None,
                  test: str = "story", enemy: EnemyState | None = None, duel: bool = False,
                  skill: str = "") -> tuple[int, list[tuple[str, int]]]:
        """The modified value and its parts. ``use`` names the one card per slot (combat,
        CA-089); otherwise the best card per slot for this attribute (CA-165). ``test`` is
        "story", "attack", "defence" or "other"."""
        card = self.card(champion)
        parts: list[tuple[str, int]] = [("printed", card.attribute(attribute))]
        resources = self.content.resources
        if use is None:
            # The best card per slot for this attribute (first on ties), as best_for picks it,
            # in one pass over the attached cards.
            best: dict[str, tuple[int, Resource]] = {}
            for rid in champion.resources:
                r = resources[rid]
                slot = r.slot
                if slot in SLOTS and self.usable(champion, rid, duel):
                    amount = r.bonus(attribute)
                    if slot not in best or amount > best[slot][0]:
                        best[slot] = (amount, r)
            for slot in SLOTS:
                if slot in best and best[slot][0]:
                    parts.append((best[slot][1].name, best[slot][0]))
        else:
            for slot in SLOTS:
                named = use.get(slot)
                if named and named in champion.resources and self.usable(champion, named, duel):
                    amount = resources[named].bonus(attribute)
                    if amount:
                        parts.append((resources[named].name, amount))
        spell = max((s for s in champion.spells_on if s[1] == attribute), key=lambda s: s[2], default=None)
        if spell is not None:  # one spell bonus at most (CA-167, G-17)
            parts.append((self.content.resources[spell[0]].name, int(spell[2])))
        for bane_id in champion.banes:
            amount = dict(self.content.banes[bane_id].modifiers).get(attribute, 0)
            if amount:
                parts.append((self.content.banes[bane_id].name, amount))  # banes always add up (CA-174)
        for effect in card.passive.effects:
            if effect.verb != "bonus" or effect.get("attribute") != attribute:
                continue
            if effect.get("on") and self.space_kind(champion.space) != effect.get("on"):
                continue
            if effect.get("against") == "treasure_3":
                if test != "attack" or enemy is None or self.treasure(enemy) < 3:
                    continue
            elif attribute == "speed" and effect.get("on") and test != "defence":
                continue  # "+1 to defence tests on wilderness spaces"
            parts.append((card.passive.name, int(effect.get("amount"))))
        if skill:
            for effect in self.content.resources[skill].effects:
                if effect.verb == "bonus" and effect.get("attribute") == attribute:
                    parts.append((self.content.resources[skill].name, int(effect.get("amount"))))
        return sum(v for _, v in parts), parts

    def treasure(self, enemy: EnemyState) -> int:
        if enemy.kind == "ordinary":
            return self.content.enemies[enemy.card].treasure
        if enemy.kind == "dangerous":
            return self.content.dangerous[enemy.card].treasure
        return 0

    # -- life and will (CA-045 to CA-047, CA-126, CA-178) ---------------------------------------

    def heal(self, champion: ChampionState, amount: int, rule: str, why: str) -> int:
        card = self.card(champion)
        before = champion.life
        champion.life = min(card.life, champion.life + amount)  # CA-046
        gained = champion.life - before
        self.emit("heal", rule, f"{self.short(champion.id)} heals {gained} life ({why}): "
                  f"{champion.life}/{card.life}.", champion=champion.id, amount=gained)
        return gained

    def restore_will(self, champion: ChampionState, amount: int, rule: str, why: str) -> int:
        card = self.card(champion)
        before = champion.will
        champion.will = min(card.will, champion.will + amount)
        gained = champion.will - before
        self.emit("will", rule, f"{self.short(champion.id)} restores {gained} will ({why}): "
                  f"{champion.will}/{card.will}.", champion=champion.id, amount=gained)
        return gained

    def lose_life(self, champion: ChampionState, amount: int, rule: str, why: str) -> None:
        if amount <= 0 or not self.state.players[champion.seat].champion == champion.id:
            return
        champion.life = max(0, champion.life - amount)
        if self.state.fight is not None:
            self.state.fight.hurt.append(champion.space)
        self.emit("wound", rule, f"{self.short(champion.id)} loses {amount} life ({why}): "
                  f"{champion.life}/{self.card(champion).life}.", champion=champion.id, amount=amount)
        if champion.life == 0:
            self.defeat(champion, "CA-126", "life")

    def lose_will(self, champion: ChampionState, amount: int, rule: str, why: str, *,
                  defeat_now: bool = True) -> None:
        """Will lost; at 0 the champion is defeated (CA-126), at once unless ``defeat_now`` is
        False (a reroll paid with the last will: its roll is resolved first, CA-093)."""
        if amount <= 0 or not self.state.players[champion.seat].champion == champion.id:
            return
        if self.has_rule(champion, "ignore_first_will_loss") and not champion.will_loss_ignored:
            champion.will_loss_ignored = True
            self.emit("will", "CA-040", f"{self.short(champion.id)} ignores the first will loss this round "
                      f"({self.card(champion).passive.name}).", champion=champion.id)
            return
        champion.will = max(0, champion.will - amount)
        if self.state.fight is not None:
            self.state.fight.hurt.append(champion.space)
        self.emit("will", rule, f"{self.short(champion.id)} loses {amount} will ({why}): "
                  f"{champion.will}/{self.card(champion).will}.", champion=champion.id, amount=-amount)
        if champion.will == 0 and defeat_now:
            self.defeat(champion, "CA-126", "will")

    def gain_gold(self, champion: ChampionState, amount: int, rule: str, why: str, story: bool = False) -> None:
        if story and self.has_rule(champion, "story_gold_plus_one"):
            amount += 1
        champion.gold += amount
        self.emit("gold", rule, f"{self.short(champion.id)} takes {amount} gold ({why}): {champion.gold} gold.",
                  champion=champion.id, amount=amount)

    def lose_gold(self, champion: ChampionState, amount: int, rule: str, why: str) -> None:
        paid = min(amount, champion.gold)
        champion.gold -= paid
        self.emit("gold", rule, f"{self.short(champion.id)} loses {paid} gold ({why}): {champion.gold} gold.",
                  champion=champion.id, amount=-paid)

    # -- defeat and the end (CA-126 to CA-131, CA-160 to CA-162, CA-028) ----------------------------

    def defeat(self, champion: ChampionState, rule: str, why: str) -> None:
        state = self.state
        seat = state.players[champion.seat]
        reason = {"life": "its life fell to 0", "will": "its will fell to 0"}.get(why, why)
        self.emit("defeat", rule, f"{self.name(champion.id)} is defeated: {reason}.", champion=champion.id)
        # Everything attached is discarded (CA-127, G-26).
        for rid in champion.resources:
            self.return_resource(rid)
        if champion.banes:
            piles.shuffle_in(state.rng, state.bane_deck, champion.banes)
        state.aid_supply.extend(champion.aid)
        champion.resources, champion.banes, champion.aid = [], [], []
        champion.gold = 0
        champion.quest_tokens = 0  # removed from the game (G-26)
        seat.champion = ""
        seat.defeated_at = 10 * state.act + state.round
        if state.act == 2:
            seat.lost = True
            self.emit("defeat", "CA-129", f"{seat.name} loses the game with {self.short(champion.id)} (Act 2).")
        fight = state.fight
        if fight is not None and champion.id in fight.fighters:
            fight.fighters.remove(champion.id)
            for uid, duellist in list(fight.duels.items()):
                if duellist == champion.id:
                    del fight.duels[uid]
        self.check_all_defeated()

    def check_all_defeated(self) -> None:
        """CA-131, CA-162: no champion in play and none can enter."""
        if self.over or self.count() > 0:
            return
        state = self.state
        if state.act == 2 or not any(self.can_replace(s) for s in range(state.seats)):
            self.end("defeat", "Every champion has fallen.", "CA-131" if state.act == 1 else "CA-162")

    def can_replace(self, seat: int) -> bool:
        """Act 1: a seat without a champion may take an unused one (CA-128, G-05)."""
        state = self.state
        return (not state.players[seat].lost and not state.players[seat].champion
                and any(c not in state.used_champions for c in self.content.champions))

    def replaced_in_act2(self, seat: int) -> bool:
        """A seat whose champion fell in Act 1 round 5 may take a new one at the start of Act 2
        round 1 (CA-128, CA-158, G-05)."""
        return self.can_replace(seat) and self.state.players[seat].defeated_at == 10 + LAST_ROUND

    def end(self, outcome: str, reason: str, rule: str) -> None:
        """The game ends; the initiative winner reads the matching ending card (CA-028, CA-195)."""
        state = self.state
        if state.outcome:
            return
        state.outcome, state.end_reason, state.end_rule = outcome, reason, rule
        state.stack.clear()
        state.turn = None
        state.phase = "over"
        ending = next(e for e in self.content.endings.values()
                      if e.main_enemy == state.main_enemy and e.outcome == outcome)
        state.ending = ending.id
        reader = state.initiative[0] if state.initiative else 0
        self.emit("end", rule, f"{'Victory' if outcome == 'victory' else 'Defeat'}: {reason}", outcome=outcome,
                  headline="Victory" if outcome == "victory" else "Defeat")
        self.emit("ending", "CA-028", f"{state.players[reader].name} reads the ending '{ending.title}'.",
                  ending=ending.id)

    # -- supplies ----------------------------------------------------------------------------

    def return_resource(self, resource_id: str) -> None:
        """A discarded resource is shuffled into the resource deck at once (CA-171)."""
        piles.shuffle_in(self.state.rng, self.state.resource_deck, [resource_id])
        self.refill_hand()

    def refill_hand(self) -> None:
        """The Hand holds 5 face-up cards while the deck can supply them (CA-054, CA-056, G-40)."""
        state = self.state
        while len(state.hand) < 5 and (card := draw(state.resource_deck)) is not None:
            state.hand.append(card)
            self.emit("hand", "CA-054", f"{self.content.resources[card].name} is turned up in the Hand.",
                      card=card, irreversible=True)

    def draw_bane(self, champion: ChampionState, kind: str, rule: str) -> None:
        """Receive a bane of a kind: turn up cards until one appears, shuffle the rest back (G-40)."""
        state = self.state
        for index in reversed(range(len(state.bane_deck))):  # turned up from the top
            bane = state.bane_deck[index]
            if self.content.banes[bane].kind == kind:
                del state.bane_deck[index]
                piles.shuffle(state.rng, state.bane_deck)
                champion.banes.append(bane)
                b = self.content.banes[bane]
                self.emit("bane", rule, f"{self.short(champion.id)} draws the {kind} bane {b.name}.",
                          champion=champion.id, bane=bane, irreversible=True)
                return
        self.emit("bane", "G-40", f"No {kind} bane is left in the deck for {self.short(champion.id)}.")

    def discard_bane(self, champion: ChampionState, bane: str, rule: str, why: str) -> None:
        """One bane removed and shuffled into the bane deck (CA-176, CA-177)."""
        champion.banes.remove(bane)
        piles.shuffle_in(self.state.rng, self.state.bane_deck, [bane])
        self.emit("bane", rule, f"{self.short(champion.id)} is rid of {self.content.banes[bane].name} ({why}).",
                  champion=champion.id, bane=bane)

    def give_aid(self, champion: ChampionState, value: int, count: int, rule: str) -> None:
        """Aid tokens from the limited supply; the other value if the named one is gone (G-40)."""
        supply = self.state.aid_supply
        for _ in range(count):
            pick = value if value in supply else (3 - value if (3 - value) in supply else 0)
            if not pick:
                self.emit("aid", "G-40", "No aid token is left in the supply.")
                return
            supply.remove(pick)
            champion.aid.append(pick)
            self.emit("aid", rule, f"{self.short(champion.id)} takes a +{pick} aid token.", champion=champion.id)

    def removable_banes(self, champion: ChampionState, condition: str) -> list[str]:
        return sorted({b for b in champion.banes if self.content.banes[b].removal.condition == condition})
