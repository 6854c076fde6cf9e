"""The context every step of the Dungeon Delve flow works in, and the mechanics the
steps share: where figures stand, the board as it is now, dice, damage and recovery,
fatigue, knock-outs, conditions and the overlord's cards.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterable

from game.core.cards import draw, shuffle_into
from game.core.context import BaseContext
from game.core.dice import Die, roll_pool, total
from game.core.events import EventLog
from game.core.flow import Flow
from game.core.words import a_or_an, counted
from game.rulesets.dungeon_delve import geometry as geo
from game.rulesets.dungeon_delve.rulesdata import Data
from game.rulesets.dungeon_delve.state import DDState, Hero, Monster
from game.rulesets.dungeon_delve.steps import DDStep, StandChoiceStep

FLOW: Flow["Ctx"] = Flow()

Square = tuple[int, int]


def sq(value: list[int] | tuple[int, int]) -> Square:
    return int(value[0]), int(value[1])


def sq_id(square: Square) -> str:
    return f"{square[0]},{square[1]}"


def parse_sq(text: str) -> Square:
    x, _, y = text.partition(",")
    return int(x), int(y)


class Ctx(BaseContext[DDState, DDStep]):
    def __init__(self, state: DDState, data: Data, log: EventLog) -> None:
        super().__init__(state, log)
        self.data = data

    # -- figures ---------------------------------------------------------------------------

    def name(self, figure: str) -> str:
        return self.data.figure_name(self.state, figure)

    def is_hero(self, figure: str) -> bool:
        """A hero's figure id is its sheet's id; a monster's never is (it names its kind)."""
        return figure in self.data.content.heroes

    def figure_square(self, figure: str) -> Square:
        if self.is_hero(figure):
            return sq(self.state.hero(figure).square)
        monster = self.state.monster(figure)
        assert monster is not None, figure
        return sq(monster.square)

    def standing_heroes(self) -> list[Hero]:
        return [h for h in self.state.heroes if not h.knocked_out]

    def figure_at(self, square: Square) -> str | None:
        """The figure standing in ``square`` (knocked-out tokens are not figures, DD-111)."""
        for h in self.state.heroes:
            if not h.knocked_out and sq(h.square) == square:
                return h.id
        for m in self.state.monsters:
            if sq(m.square) == square:
                return m.id
        return None

    def figure_squares(self, *, heroes: bool = True, monsters: bool = True, exclude: str = "") -> frozenset[Square]:
        out = set()
        if heroes:
            out |= {sq(h.square) for h in self.state.heroes if not h.knocked_out and h.id != exclude}
        if monsters:
            out |= {sq(m.square) for m in self.state.monsters if m.id != exclude}
        return frozenset(out)

    def health(self, figure: str) -> int:
        return self.data.health(self.state, figure)

    # -- the board now ------------------------------------------------------------------------

    @property
    def board(self) -> geo.Board:
        return board_for(self.data, self.state.quest)

    def walls(self) -> frozenset[geo.Edge]:
        return self.data.walls(self.state.quest, self.state.open_doors)

    def terrain(self, square: Square) -> str:
        return self.board.terrain.get(square, "void")

    def adjacent(self, a: Square, b: Square) -> bool:
        return geo.adjacent(self.board, self.walls(), a, b)  # a square is not adjacent to itself

    def neighbours(self, square: Square) -> tuple[Square, ...]:
        """The squares adjacent to ``square`` now (4.2): :meth:`adjacent` for many at once."""
        return self.board.walls_data(self.walls()).neighbours.get(square, ())

    def sight(self, a: Square, t: Square, viewer: str = "", target: str = "") -> geo.Sight:
        return self.data.sight(self.state.quest, self.state.open_doors, a, t, self.figure_squares() - {a, t},
                               a_in_pit=self.terrain(a) == "pit" and bool(viewer),
                               t_in_pit=self.terrain(t) == "pit" and bool(target))

    def sees(self, a: Square, t: Square, viewer: str = "", target: str = "",
             figures: frozenset[Square] | None = None) -> bool:
        """Whether :meth:`sight` is visible, without working out why not (faster).
        ``figures``, if given, is :meth:`figure_squares` (a caller asking many questions
        in one position works it out once)."""
        terrain = self.board.terrain
        return self.data.sees(self.state.quest, self.state.open_doors, a, t,
                              self.figure_squares() if figures is None else figures,
                              a_in_pit=bool(viewer) and terrain.get(a) == "pit",
                              t_in_pit=bool(target) and terrain.get(t) == "pit")

    def nearest_empty(self, start: Square) -> list[Square]:
        """The nearest on-map spaces holding no figure and not obstacle, lava or pit (DD-147)."""
        board = self.board
        walls = self.walls()
        occupied = self.figure_squares()
        frontier = [start]
        seen = {start}
        while frontier:
            good = sorted((s for s in frontier if s not in occupied
                           and board.terrain.get(s) in ("floor", "water")), key=lambda s: (s[1], s[0]))
            if good:
                return good
            nxt = []
            for s in frontier:
                for dx in (-1, 0, 1):
                    for dy in (-1, 0, 1):
                        q = (s[0] + dx, s[1] + dy)
                        if q not in seen and board.on_map(q) and board.terrain[q] != "obstacle" and \
                                geo.adjacent(board, walls, s, q):
                            seen.add(q)
                            nxt.append(q)
            frontier = nxt
        return []

    # -- dice (DD-141, DD-142) ---------------------------------------------------------------

    def die(self, die_id: str) -> Die:
        return self.data.die(die_id)

    def roll(self, dice: Iterable[str], who: str, why: str, rule: str = "DD-141") -> tuple[list[int], dict[str, int]]:
        """Roll dice by id with the game's RNG; returns face indices and the symbol totals."""
        ids = list(dice)
        defs = [self.die(d) for d in ids]
        faces = roll_pool(self.state.rng, defs, self.state.dice_script)
        sums = total(defs, faces)
        shown = "; ".join(f"{d.name.replace(' die', '')}: {describe_face(d.face(f))}" for d, f in zip(defs, faces))
        self.emit("dice", rule, f"{who} rolls for {why}: {shown}.", dice=ids, faces=faces, totals=sums,
                  irreversible=True)
        return faces, sums

    def attribute_test(self, hero: Hero, attribute: str, why: str) -> bool:
        """Gray + black; passes if the shields are at most the attribute (DD-117, DD-118)."""
        value = self.data.attribute(hero.id, attribute)
        dice = list(self.data.test_dice())
        faces, sums = self.roll(dice, self.name(hero.id), f"{a_or_an(attribute)} test ({why})", "DD-117")
        passed = sums.get("shields", 0) <= value
        stone = next((i for i in hero.equipped if i not in hero.exhausted
                      and self.data.item(i).when == "attribute_test"), None)
        if not passed and stone is not None:
            # A reroll can only help a failed test, so a ready Lucky Stone is used then, on the
            # die showing more shields (DD-118 lets only cards that name tests affect them).
            worst = max(range(len(dice)), key=lambda k: self.die(dice[k]).face(faces[k]).get("shields", 0))
            hero.exhausted.append(stone)
            new_faces, _ = self.roll([dice[worst]], self.name(hero.id), f"{self.data.item(stone).name}'s reroll",
                                     "DD-117")
            faces[worst] = new_faces[0]
            sums = total([self.die(d) for d in dice], faces)
            passed = sums.get("shields", 0) <= value
        shields = counted(sums.get("shields", 0), "shield")
        self.emit("test", "DD-117", f"{self.name(hero.id)} {'passes' if passed else 'fails'} the {attribute} "
                  f"test: {shields}, {'not ' if passed else ''}more than {attribute} {value}.", hero=hero.id,
                  passed=passed)
        return passed

    # -- damage, fatigue, recovery (DD-053, DD-054, DD-107 to DD-113) -----------------------------

    def suffer_damage(self, figure: str, amount: int, rule: str, why: str) -> None:
        if amount <= 0:
            return
        if self.is_hero(figure):
            hero = self.state.hero(figure)
            if hero.knocked_out:
                return  # DD-110
            health = self.health(figure)
            hero.damage = min(health, hero.damage + amount)
            self.emit("damage", rule, f"{self.name(figure)} suffers {amount} damage ({why}); "
                      f"{health - hero.damage} health left.", figure=figure, amount=amount)
            if hero.damage >= health:
                self.knock_out(hero)
            return
        monster = self.state.monster(figure)
        if monster is None:
            return
        health = self.health(figure)
        monster.damage = min(health, monster.damage + amount)
        self.emit("damage", rule, f"{self.name(figure)} suffers {amount} damage ({why}); "
                  f"{health - monster.damage} health left.", figure=figure, amount=amount)
        if monster.damage >= health:
            self.defeat_monster(monster)

    def suffer_fatigue(self, hero: Hero, amount: int, rule: str, why: str) -> None:
        """Fatigue the hero did not choose: beyond Stamina it becomes damage (DD-054)."""
        if hero.knocked_out or amount <= 0:
            return
        stamina = self.data.stamina(self.state, hero.id)
        room = stamina - hero.fatigue
        taken = min(room, amount)
        hero.fatigue += taken
        self.emit("fatigue", rule, f"{self.name(hero.id)} suffers {amount} fatigue ({why}).", hero=hero.id,
                  amount=amount)
        if amount > taken:
            self.suffer_damage(hero.id, amount - taken, "DD-054", "fatigue beyond Stamina")

    def recover(self, hero: Hero, hearts: int, fatigue: int, rule: str, why: str) -> None:
        """Recovery never takes damage or fatigue below 0 (DD-107); it stands a knocked-out
        hero back up when he recovers at least one damage (DD-113)."""
        healed = min(hero.damage, max(0, hearts))
        hero.damage -= healed
        rested = min(hero.fatigue, max(0, fatigue))
        hero.fatigue -= rested
        self.emit("recover", rule, f"{self.name(hero.id)} {recovery_words(healed, rested)} ({why}).",
                  hero=hero.id, hearts=healed, fatigue=rested)
        if hero.knocked_out and healed >= 1:
            self.stand_up_in_place(hero, rule)

    def stand_up_in_place(self, hero: Hero, rule: str) -> None:
        """Replace the token by the figure (DD-071): on the token's space unless another figure
        stands there or it is lava; then on the nearest empty space, the hero side choosing
        among ties (DD-147). Being placed is not entering (DD-065)."""
        here = sq(hero.square)
        if self.figure_at(here) is not None or self.terrain(here) == "lava":
            choices = self.nearest_empty(here)
            if len(choices) > 1:
                self.push({"step": "stand_choice", "hero": hero.id, "squares": [list(q) for q in choices],
                           "rule": rule})
                return
            if choices:
                here = choices[0]
        self.place_standing(hero, here, rule)

    def place_standing(self, hero: Hero, here: Square, rule: str) -> None:
        hero.square = [here[0], here[1]]
        hero.knocked_out = False
        self.emit("stand", rule, f"{self.name(hero.id)} stands up again at {sq_id(here)}.", hero=hero.id,
                  square=list(here))

    def knock_out(self, hero: Hero) -> None:
        """DD-109: damage and fatigue full, token in place of figure, conditions gone, a card drawn."""
        hero.damage = self.health(hero.id)
        hero.fatigue = self.data.stamina(self.state, hero.id)
        hero.knocked_out = True
        hero.conditions = []
        self.emit("knocked_out", "DD-109", f"{self.name(hero.id)} is knocked out.", hero=hero.id)
        self.draw_overlord(1, "DD-109")
        if all(h.knocked_out for h in self.state.heroes):
            self.end_game("overlord", "every hero is knocked out at the same time", "DD-139")

    def defeat_monster(self, monster: Monster) -> None:
        self.state.monsters.remove(monster)
        self.emit("defeated", "DD-108", f"{self.name(monster.id)} is defeated and removed.", monster=monster.id)
        if self.data.is_boss(monster.kind):
            self.end_game("heroes", f"the {self.data.monster_name(monster.kind)} is defeated", "DD-137")

    def end_game(self, winner: str, reason: str, rule: str) -> None:
        if self.state.winner:
            return
        self.state.winner = winner
        self.state.end_reason = reason
        self.state.end_rule = rule
        self.state.phase = "over"
        self.state.stack.clear()
        self.state.activation = None
        self.state.attack = None
        side = "The heroes" if winner == "heroes" else "The overlord"
        self.emit("game_over", rule, f"{side} win: {reason}.", winner=winner, headline=f"{side} win")

    # -- conditions (DD-132) ------------------------------------------------------------------

    def give_condition(self, figure: str, condition: str, rule: str) -> None:
        holder = self.state.hero(figure) if self.is_hero(figure) else self.state.monster(figure)
        if holder is None or condition in holder.conditions:
            return
        if isinstance(holder, Hero) and holder.knocked_out:
            return  # DD-136
        holder.conditions.append(condition)
        self.emit("condition", rule, f"{self.name(figure)} is {condition.capitalize()}.", figure=figure,
                  condition=condition)
        act = self.state.activation
        if condition == "immobilized" and act is not None and act.figure == figure:
            act.mp = 0  # DD-135: unspent MP are lost at once
            act.held = True  # ...and it lasts through his next turn too (DD-146)

    # -- the overlord's cards (DD-120, DD-143) ---------------------------------------------------

    def draw_overlord(self, count: int, rule: str) -> None:
        state = self.state
        for _ in range(count):
            if not state.overlord_deck:
                if not state.overlord_discard:
                    self.emit("draw", "DD-143", "The overlord deck and discard pile are empty: no card is drawn.")
                    continue
                shuffle_into(state.rng, state.overlord_deck, state.overlord_discard)
                state.overlord_discard.clear()
                self.emit("reshuffle", "DD-143", "The overlord discard pile is shuffled into a new deck.",
                          irreversible=True)
            card = draw(state.overlord_deck)
            assert card is not None  # the deck was refilled above
            state.overlord_hand.append(card)
            self.emit("draw", rule, f"The overlord draws a card ({len(state.overlord_hand)} in hand).",
                      count=1, irreversible=True)
            self.emit("draw_private", rule, f"You draw {self.data.card_name(card)}.", seats=(0,), card=card,
                      irreversible=True)


def _ask_stand(ctx: "Ctx", step: StandChoiceStep) -> Any:
    from game.core.decision import Decision, Option

    hero = ctx.state.hero(step["hero"])
    return Decision(hero.seat, "place", f"{ctx.name(hero.id)} stands up: on which of the nearest empty spaces?",
                    tuple(Option(f"place:{sq_id(sq(q))}", f"Stand up at {sq_id(sq(q))}", ("square", sq_id(sq(q))))
                          for q in step["squares"]), rule="DD-071")


def _answer_stand(ctx: "Ctx", step: StandChoiceStep, seat: int, choice: tuple[str, ...]) -> None:
    ctx.state.stack.pop()
    ctx.place_standing(ctx.state.hero(step["hero"]), parse_sq(choice[0].split(":", 1)[1]), step["rule"])


FLOW.question(StandChoiceStep, _ask_stand, _answer_stand)


def describe_face(face: dict[str, int]) -> str:
    """A face in words for the log ("range 3, 2 hearts"); the dice tray draws the symbols."""
    if face.get("miss"):
        return "X (miss)"
    parts = []
    for symbol, one, many in (("range", "range", "range"), ("hearts", "heart", "hearts"),
                              ("surge", "surge", "surges"), ("shields", "shield", "shields")):
        n = face.get(symbol)
        if n:
            parts.append(f"range {n}" if symbol == "range" else f"{n} {one if n == 1 else many}")
    return ", ".join(parts) or "blank"


@lru_cache(maxsize=8)
def board_for(data: Data, quest: str) -> geo.Board:
    return data.board(quest)


def recovery_words(damage: int, fatigue: int) -> str:
    """What a recovery did, naming only what it took away: "recovers 2 damage", "recovers 1
    damage and 1 fatigue", "has nothing to recover" (not "recovers 0 damage and 0 fatigue")."""
    parts = [f"{amount} {what}" for amount, what in ((damage, "damage"), (fatigue, "fatigue")) if amount > 0]
    return "recovers " + " and ".join(parts) if parts else "has nothing to recover"
