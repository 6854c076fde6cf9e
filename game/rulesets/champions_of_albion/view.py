"""What a seat may know (checklist section 7).

Public: the map with its tokens and standees, every champion card and what is attached,
the Hand, the camp, enemy damage, both sides of the main enemy card, used story cards and
revealed events. Hidden from everyone: deck orders, the backs of tokens in the supply,
which more dangerous enemy lies where, and a story's outcomes until they are revealed
(CA-138). The view is built from the state field by field, so nothing hidden leaks by
accident; a test checks that no unrevealed outcome text appears in any seat's view.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from game.core.events import EventLog

from game.rulesets.champions_of_albion import board
from game.rulesets.champions_of_albion.content import CAContent
from game.rulesets.champions_of_albion.context import Ctx
from game.rulesets.champions_of_albion.state import MAIN, CAState, ChampionState, EnemyState
from game.rulesets.champions_of_albion.view_types import CAView, ChampionView, EnemyView, StoryView
from game.rulesets.champions_of_albion.vocabulary import ATTRIBUTES, describe


def _story(ctx: Ctx) -> StoryView | None:
    story = ctx.state.story
    if story is None:
        return None
    card = (ctx.content.quests if story.quest else ctx.content.stories)[story.card]
    part = card.parts[story.part]
    return {
        "champion": story.champion, "card": story.card, "title": card.title, "deck": card.deck,
        "quest": story.quest, "part": story.part + 1, "parts": len(card.parts), "scene": part.scene,
        "kind": part.kind,
        "test": {"attribute": part.test.attribute, "difficulty": part.test.difficulty, "aid": part.test.aid}
        if part.test else None,
        "fight": {"mode": part.fight.mode} if part.fight else None,
        "choices": [c.label for c in part.choices],
        "roll": story.roll, "total": story.total,
        "revealed": list(story.revealed),  # only outcomes already read out (CA-138)
        "previous_scenes": [p.scene for p in card.parts[: story.part]],
    }


MEMO_LIMIT = 20_000
"""Entries kept in the content's memo before it is emptied (a game needs a few hundred)."""


def _memo(ctx: Ctx, key: tuple[Any, ...], work: Callable[[], Any]) -> Any:
    """``work()``, kept in the content's memo under ``key`` (everything the value depends on)."""
    memo = ctx.content.memo
    value = memo.get(key, memo)
    if value is memo:
        if len(memo) > MEMO_LIMIT:
            memo.clear()
        value = memo[key] = work()
    return value


def _attributes(ctx: Ctx, c: ChampionState) -> dict[str, int]:
    """The modified attributes outside a test (CA-075). They depend only on the card, the
    attached cards and banes, the spells on the champion and the kind of its space."""
    key = ("attributes", c.id, tuple(c.resources), tuple(c.banes), tuple(tuple(s) for s in c.spells_on),
           ctx.space_kind(c.space))
    value: dict[str, int] | None = ctx.content.memo.get(key)
    if value is None:
        value = _memo(ctx, key, lambda: {a: ctx.attribute(c, a, test="other")[0] for a in ATTRIBUTES})
    return dict(value)


def _card_facts(ctx: Ctx, champion_id: str) -> tuple[Any, ...]:
    """What the champion card prints: name, short name, archetype, tracks, attributes, abilities."""
    def work() -> tuple[Any, ...]:
        card = ctx.content.champions[champion_id]
        return (card.name, ctx.short(champion_id), card.archetype, card.life, card.will, card.spirit_touched,
                {a: card.attribute(a) for a in ATTRIBUTES}, {"name": card.unique.name, "text": card.unique.text},
                {"name": card.passive.name, "text": card.passive.text})
    facts: tuple[Any, ...] | None = ctx.content.memo.get(("card", champion_id))
    return facts if facts is not None else _memo(ctx, ("card", champion_id), work)


def _champion(ctx: Ctx, c: ChampionState) -> ChampionView:
    name, short, archetype, max_life, max_will, spirit, printed, unique, passive = _card_facts(ctx, c.id)
    return {
        "id": c.id, "name": name, "short": short, "archetype": archetype, "seat": c.seat, "space": c.space,
        "previous": c.previous, "life": c.life, "max_life": max_life, "will": c.will, "max_will": max_will,
        "gold": c.gold, "resources": list(c.resources), "banes": list(c.banes), "aid": list(c.aid),
        "quest_tokens": c.quest_tokens, "unique_used": c.unique_used, "skills_used": list(c.skills_used),
        "used_this_round": list(c.used_this_round), "spells_on": [list(s) for s in c.spells_on],
        "spirit_touched": spirit,
        "printed": dict(printed),
        "attributes": _attributes(ctx, c),
        "unique": {"name": unique["name"], "text": unique["text"]},
        "passive": {"name": passive["name"], "text": passive["text"]},
    }


def _enemies(ctx: Ctx) -> list[EnemyView]:
    """Every standee in the order placed; a card with several standees on the map numbers
    them (``board.enemy_name``), worked out here in one pass."""
    enemies = ctx.state.enemies
    standees: dict[str, int] = {}
    for e in enemies:
        standees[e.card] = standees.get(e.card, 0) + 1
    seen: dict[str, int] = {}
    out = []
    for e in enemies:
        seen[e.card] = seen.get(e.card, 0) + 1
        name = None
        if e.kind == "ordinary" and standees[e.card] > 1:
            name = f"{ctx.content.enemies[e.card].name} {seen[e.card]}"
        out.append(_enemy(ctx, e, name))
    return out


def _enemy(ctx: Ctx, e: EnemyState, name: str | None) -> EnemyView:
    if e.kind == "main":
        dv, av, max_life, treasure, texts = board.dv(ctx, e), board.av(ctx, e), board.max_life(ctx, e), 0, ()
        plain = ctx.content.main_enemies[e.card].name
    else:
        # An ordinary or more dangerous enemy's statistics follow from its card, the kind of
        # its space, the act and the main enemy (whose Act 1 combat ability adds to them).
        key = ("enemy", e.kind, e.card, ctx.space_kind(e.space), ctx.state.act, ctx.state.main_enemy)
        facts = ctx.content.memo.get(key)
        if facts is None:
            facts = _memo(ctx, key, lambda: (
                board.dv(ctx, e), board.av(ctx, e), board.max_life(ctx, e), ctx.treasure(e),
                tuple(describe(a) for a in board.abilities(ctx, e)),
                (ctx.content.enemies if e.kind == "ordinary" else ctx.content.dangerous)[e.card].name))
        dv, av, max_life, treasure, texts, plain = facts
    return {"uid": e.uid, "card": e.card, "kind": e.kind, "name": name or plain, "space": e.space,
            "dv": dv, "av": av, "life": max(0, max_life - e.damage), "max_life": max_life, "damage": e.damage,
            "treasure": treasure, "abilities": list(texts)}


def _pending(state: CAState) -> Mapping[str, Any]:
    """The step on top of the stack read as plain data, whatever its kind (empty if none):
    the view looks for fields that only some kinds have."""
    return state.stack[-1] if state.stack else {}


def _deciding(state: CAState) -> str:
    """The champion the pending question is about (its own step or the choice's arguments)."""
    if not state.stack:
        return ""
    step = _pending(state)
    cid = step.get("champion") or step.get("args", {}).get("champion", "")
    if not cid and "seat" in step:
        cid = state.players[step["seat"]].champion
    return str(cid or "")


def _counterpart(state: CAState) -> str:
    """The other champion of a give, take or consent question (its ``source`` and ``dest``)."""
    if not state.stack or state.stack[-1].get("step") != "choose":
        return ""
    step = _pending(state)
    args = step.get("args", {})
    mine = state.players[step["seat"]].champion
    pair = [args.get("source", ""), args.get("dest", "")]
    return next((str(c) for c in pair if c and c != mine), "")


def view(state: CAState, content: CAContent, seat: int | None) -> CAView:
    ctx = Ctx(state, content, EventLog())
    main = content.main_enemies[state.main_enemy]
    fight = state.fight
    in_play = [c for c in state.champions if state.players[c.seat].champion == c.id]
    ending = content.endings[state.ending] if state.ending else None
    return {
        "ruleset": "champions-of-albion",
        "seat": seat,
        "act": state.act, "round": state.round, "fate": state.fate, "phase": state.phase,
        "initiative": list(state.initiative),
        "deciding": _deciding(state),
        "counterpart": _counterpart(state),
        "deciding_enemy": str(_pending(state).get("args", {}).get("enemy", "")),
        "players": [{"name": p.name, "champion": p.champion, "lost": p.lost} for p in state.players],
        "champions": [_champion(ctx, c) for c in in_play],
        "used_champions": list(state.used_champions),
        "main_enemy": {
            "id": main.id, "name": main.name, "lair": main.lair, "act1": {
                "setup": main.act1.setup, "event_phase": main.act1.event_phase,
                "combat_ability": main.act1.combat_ability, "defeat": main.act1.defeat},
            "act2": {"start": main.act2.start, "dv": main.act2.dv + state.main_dv_bonus,
                     "av": main.act2.av + state.main_av_bonus, "life": state.main_life,
                     "behaviour": main.act2.behaviour, "quest_token_use": main.act2.quest_token_use,
                     "defeat": main.act2.defeat},
            "on_map": state.enemy(MAIN) is not None,
        },
        "enemies": _enemies(ctx),
        "shadows": list(state.shadows),
        "quest_tokens": list(state.quest_tokens),
        "shadow_supply": len(state.shadow_supply),
        "quest_supply": len(state.quest_supply),
        "aid_supply": sorted(state.aid_supply),
        "hand": list(state.hand),
        "resource_deck": len(state.resource_deck),
        "bane_deck": len(state.bane_deck),
        "world_decks": {k: len(v) for k, v in state.world_decks.items()},
        "world_used": {k: list(v) for k, v in state.world_used.items()},
        "quest_deck": len(state.quest_deck),
        "quest_used": list(state.quest_used),
        "enemy_deck": len(state.enemy_deck),
        "camp": list(state.camp),
        "dangerous_waiting": len(state.dangerous_waiting),
        "event_deck": len(state.event_deck),
        "events_seen": list(state.events_seen),
        "round_rules": list(state.round_rules),
        "story": _story(ctx),
        "fight": {"kind": fight.kind, "spaces": list(fight.spaces), "fighters": list(fight.fighters),
                  "duels": dict(fight.duels), "round": fight.round, "target": fight.target,
                  "enemies": list(fight.enemies),
                  "fallen": list(fight.fallen)} if fight else None,
        "turn": {"seat": state.turn.seat, "actions": state.turn.actions, "travels": state.turn.travels}
        if state.turn else None,
        "last_roll": dict(state.last_roll),
        "outcome": state.outcome or None,
        "end_reason": state.end_reason,
        "ending": {"title": ending.title, "text": ending.text, "outcome": ending.outcome} if ending else None,
    }
