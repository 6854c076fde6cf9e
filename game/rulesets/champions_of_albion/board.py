"""Tokens and enemies on the map: shadow and quest tokens (CA-065, CA-180, CA-181, G-27,
G-28), the enemy deck and the camp (CA-085, CA-123 to CA-125, CA-186 to CA-191, G-33),
and enemy statistics with the main enemy's combat abilities (CA-109, CA-156, CA-157).
"""

from __future__ import annotations

from game.core.cards import draw
from game.rulesets.champions_of_albion import piles
from game.rulesets.champions_of_albion.content import Effect
from game.rulesets.champions_of_albion.context import Ctx
from game.rulesets.champions_of_albion.state import MAIN, EnemyState

# ---- shadow and quest tokens -------------------------------------------------------------------


def place_random_shadow(ctx: Ctx, rule: str) -> str | None:
    """Draw a face-down shadow token, turn it over, place it on its back's space (CA-181).
    An empty supply means darkness falls: the champions lose (plan 2.4.3, G-27)."""
    state = ctx.state
    if not state.shadow_supply:
        ctx.end("defeat", "A shadow had to be placed and none was left: darkness falls.", "CA-130")
        return None
    space = state.shadow_supply.pop(state.rng.below(len(state.shadow_supply)))
    state.shadows.append(space)
    state.shadow_backs.append(space)
    ctx.emit("shadow", rule, f"A shadow falls on {ctx.space_name(space)}.", space=space, irreversible=True)
    return space


def place_shadow_at(ctx: Ctx, space: str, rule: str) -> bool:
    """A shadow on a named space takes any supply token and may stack (G-27); none left: nothing (G-40)."""
    state = ctx.state
    if not state.shadow_supply:
        ctx.emit("shadow", "G-40", f"No shadow token is left to place on {ctx.space_name(space)}.")
        return False
    back = state.shadow_supply.pop(state.rng.below(len(state.shadow_supply)))
    state.shadows.append(space)
    state.shadow_backs.append(back)
    ctx.emit("shadow", rule, f"A shadow falls on {ctx.space_name(space)}.", space=space)
    return True


def banish_shadow(ctx: Ctx, space: str, rule: str, who: str = "") -> None:
    """A banished token goes back into the face-down supply, mixed in (CA-065, G-27)."""
    state = ctx.state
    index = state.shadows.index(space)
    del state.shadows[index]
    state.shadow_supply.append(state.shadow_backs.pop(index))
    state.rng.shuffle(state.shadow_supply)
    by = f"{who} banishes" if who else "Banished:"
    ctx.emit("shadow", rule, f"{by} a shadow on {ctx.space_name(space)}.", space=space, removed=True)


def place_random_quest_token(ctx: Ctx, rule: str) -> str | None:
    """Draw a quest token, turn it over and place it on its back's space (CA-180); none: nothing (G-40)."""
    state = ctx.state
    if not state.quest_supply:
        ctx.emit("quest", "G-40", "No quest token is left to place.")
        return None
    space = state.quest_supply.pop(state.rng.below(len(state.quest_supply)))
    state.quest_tokens.append(space)
    ctx.emit("quest", rule, f"A quest token (the white stag) appears on {ctx.space_name(space)}.", space=space,
             irreversible=True)
    return space


# ---- enemies -------------------------------------------------------------------------------------


def _new_standee(ctx: Ctx, card: str, kind: str, space: str) -> EnemyState:
    state = ctx.state
    enemy = EnemyState(f"e{state.next_enemy}", card, kind, space)
    state.next_enemy += 1
    state.enemies.append(enemy)
    return enemy


def standees_of(ctx: Ctx, card: str) -> int:
    return sum(1 for e in ctx.state.enemies if e.card == card)


def place_random_enemy(ctx: Ctx, space: str, rule: str) -> EnemyState | None:
    """The top enemy card goes to the camp and one of its standees onto the space (CA-189, G-33)."""
    state = ctx.state
    while (card := draw(state.enemy_deck)) is not None:
        # A card whose standees are all on the board cannot give another; it stays in the camp.
        if standees_of(ctx, card) >= ctx.content.enemies[card].standees:
            continue
        if card not in state.camp:
            state.camp.append(card)
        enemy = _new_standee(ctx, card, "ordinary", space)
        ctx.emit("enemy", rule, f"{enemy_name(ctx, enemy)} appears on {ctx.space_name(space)}.", enemy=enemy.uid,
                 space=space, irreversible=True)
        return enemy
    ctx.emit("enemy", "G-40", "The enemy deck is empty: no enemy is placed.")
    return None


def place_specific_enemy(ctx: Ctx, card: str, space: str, rule: str) -> EnemyState | None:
    """Search the deck for the named enemy, put it in the camp, shuffle (CA-187); if it is
    already in the camp, another free standee of it (CA-188)."""
    state = ctx.state
    if card in state.camp:
        if standees_of(ctx, card) >= ctx.content.enemies[card].standees:
            ctx.emit("enemy", "CA-188", f"No free standee of {ctx.content.enemies[card].name} is left.")
            return None
    elif card in state.enemy_deck:
        turned = piles.from_top(state.enemy_deck, card)
        state.enemy_deck.remove(card)
        state.camp.append(card)
        piles.shuffle(state.rng, state.enemy_deck)
        ctx.emit("enemy", "CA-187", f"{turned} enemy cards are turned up to find {ctx.content.enemies[card].name}; "
                 "the deck is shuffled.", turned=turned, irreversible=True)
    else:
        return None
    enemy = _new_standee(ctx, card, "ordinary", space)
    ctx.emit("enemy", rule, f"{enemy_name(ctx, enemy)} appears on {ctx.space_name(space)}.", enemy=enemy.uid,
             space=space)
    return enemy


def place_dangerous(ctx: Ctx, card: str, space: str, rule: str) -> EnemyState | None:
    """A quest brings a more dangerous enemy into play: face up, standee on the map (CA-142)."""
    state = ctx.state
    if card not in state.dangerous_waiting:
        return None
    state.dangerous_waiting.remove(card)
    enemy = _new_standee(ctx, card, "dangerous", space)
    ctx.emit("enemy", rule, f"{enemy_name(ctx, enemy)}, a more dangerous enemy, appears on {ctx.space_name(space)}.",
             enemy=enemy.uid, space=space, irreversible=True)
    return enemy


def place_main_enemy(ctx: Ctx, space: str, rule: str) -> EnemyState:
    enemy = EnemyState(MAIN, ctx.state.main_enemy, "main", space)
    ctx.state.enemies.append(enemy)
    ctx.emit("enemy", rule, f"{enemy_name(ctx, enemy)} appears on {ctx.space_name(space)}.", enemy=MAIN, space=space)
    return enemy


def remove_enemy(ctx: Ctx, enemy: EnemyState, rule: str, why: str) -> None:
    """A standee leaves the map. An ordinary enemy's card returns to the shuffled deck when its
    last standee goes (CA-124, CA-191); a more dangerous enemy leaves the game (CA-125)."""
    state = ctx.state
    state.enemies.remove(enemy)
    ctx.emit("enemy", rule, f"{enemy_name(ctx, enemy)} is {why}.", enemy=enemy.uid, removed=True)
    if enemy.kind == "ordinary" and standees_of(ctx, enemy.card) == 0 and enemy.card in state.camp:
        state.camp.remove(enemy.card)
        piles.shuffle_in(state.rng, state.enemy_deck, [enemy.card])
        ctx.emit("enemy", "CA-124", f"The card of {ctx.content.enemies[enemy.card].name} goes back into the enemy "
                 "deck, which is shuffled.")
    if fight := state.fight:
        fight.duels.pop(enemy.uid, None)


def enemies_at(ctx: Ctx, space: str) -> list[EnemyState]:
    """Enemies on a space, in the order they were placed (G-20)."""
    return [e for e in ctx.state.enemies if e.space == space]


# ---- enemy statistics ---------------------------------------------------------------------------


def enemy_name(ctx: Ctx, enemy: EnemyState) -> str:
    if enemy.kind == "main":
        return ctx.content.main_enemies[enemy.card].name
    if enemy.kind == "dangerous":
        return ctx.content.dangerous[enemy.card].name
    name = ctx.content.enemies[enemy.card].name
    same = [e for e in ctx.state.enemies if e.card == enemy.card]
    if len(same) > 1 and enemy in same:
        return f"{name} {same.index(enemy) + 1}"
    return name


def abilities(ctx: Ctx, enemy: EnemyState) -> tuple[Effect, ...]:
    if enemy.kind == "ordinary":
        return ctx.content.enemies[enemy.card].abilities
    if enemy.kind == "dangerous":
        return ctx.content.dangerous[enemy.card].abilities
    return ()


def has_rule(ctx: Ctx, enemy: EnemyState, rule: str) -> bool:
    return any(e.verb == "enemy_rule" and e.get("rule") == rule for e in abilities(ctx, enemy))


def ability_amount(ctx: Ctx, enemy: EnemyState, verb: str) -> int:
    return sum(int(e.get("amount", 0)) for e in abilities(ctx, enemy) if e.verb == verb)


def _stat_bonus(ctx: Ctx, enemy: EnemyState, stat: str) -> int:
    """Space-kind bonuses: the enemy's own card and, in Act 1, the main enemy's combat ability."""
    kind = ctx.space_kind(enemy.space)
    effects = list(abilities(ctx, enemy))
    if ctx.state.act == 1:
        effects += list(ctx.content.main_enemies[ctx.state.main_enemy].act1.combat_effects)
    return sum(int(e.get("amount")) for e in effects
               if e.verb == "enemy_bonus" and e.get("stat") == stat and e.get("on") == kind)


def dv(ctx: Ctx, enemy: EnemyState) -> int:
    if enemy.kind == "main":
        return ctx.content.main_enemies[enemy.card].act2.dv + ctx.state.main_dv_bonus
    base = (ctx.content.enemies[enemy.card].dv if enemy.kind == "ordinary" else ctx.content.dangerous[enemy.card].dv)
    return base + _stat_bonus(ctx, enemy, "dv")


def av(ctx: Ctx, enemy: EnemyState) -> int:
    if enemy.kind == "main":
        return ctx.content.main_enemies[enemy.card].act2.av + ctx.state.main_av_bonus
    base = (ctx.content.enemies[enemy.card].av if enemy.kind == "ordinary" else ctx.content.dangerous[enemy.card].av)
    return base + _stat_bonus(ctx, enemy, "av")


def max_life(ctx: Ctx, enemy: EnemyState) -> int:
    if enemy.kind == "main":
        return ctx.state.main_life
    return ctx.content.enemies[enemy.card].life if enemy.kind == "ordinary" else ctx.content.dangerous[enemy.card].life


def life(ctx: Ctx, enemy: EnemyState) -> int:
    return max(0, max_life(ctx, enemy) - enemy.damage)
