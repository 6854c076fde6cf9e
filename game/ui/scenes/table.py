"""The table scene: the top bar, the rule system's table, the prompt bar, the action panel
and the game log.

Input becomes intents for the controller: clicking a lit thing on the table or a row of the
action panel chooses an option; number keys choose the panel's rows and E its fixed ending
row; Space skips animations; Ctrl+Z undoes; Ctrl+S saves; Esc opens the pause menu.

Safe input (issue 12): a click acts on what the player saw. After the question or its answers
change, clicks and shortcuts on the table and the panel are ignored for ``GUARD_SECONDS``;
the answer that ends a turn, a phase or a window has the panel's fixed place; and an answer
the table calls risky (a once-per-game feat, a blow to your own side) asks for a second click
unless the player turned that off in Settings.
"""

from __future__ import annotations

import math
import time
from typing import Any, Mapping

import pygame

from game.core import registry
from game.core.decision import ENDING, Decision, Option, Target, told_apart
from game.core.events import Event
from game.core.words import listed
from game.ui import theme
from game.ui.animation import AnimationQueue, Banner, ResultCard
from game.ui.controller import Controller
from game.ui.scene import Scene
from game.ui.scenes.moment import MomentScene
from game.ui.scenes.saveload import picture_of
from game.ui.tables import table_for
from game.ui.widgets.action_panel import END_KEY, HOTKEYS, ActionPanel, Entry, Group
from game.ui.widgets.basic import Button, draw_panel, hover_tooltip, route
from game.ui.widgets.card_view import CardRenderer
from game.ui.widgets.log_panel import LogPanel


CONFIRM = "__sure:"
"""The id prefix of the row that confirms an option the table asked a second click for."""
BOARD = "__board:"
"""The id prefix of the row that lists a group of answers lit on the board."""
BOARD_ROWS = 4
"""A group with at most this many answers lit on the board lists each; more get one row."""
PASS_ON = "__pass_on"
"""The panel's "Pass until my turn" row (Session.pass_until_turn)."""
PASS_MOMENT = "__pass_moment"
"""The panel's "Pass the rest of this fight" row (Session.pass_moment)."""
GUARD_SECONDS = 0.25
"""How long clicks and shortcuts wait after the question or its answers change."""

TARGET_NOUNS = {"shop": "shop card", "seat": "adventurer"}
"""How the action panel names the things an option's target points at (by the target's kind)."""
PLURALS = {"territory": "territories", "die": "dice"}


def lit_summary(options: list[Option]) -> str:
    """The action panel's row for many options that point at things on the table: how many
    things of each kind are lit (not how many options: several spells may point at the same
    Adventurer), and how many answers they hold when that is more."""
    counts: dict[str, set[str]] = {}
    for option in options:
        kind, ident = option.target if option.target else ("thing", option.id)
        counts.setdefault(kind, set()).add(ident)
    things = []
    for kind, idents in counts.items():
        noun = TARGET_NOUNS.get(kind, kind)
        things.append(f"{len(idents)} {noun if len(idents) == 1 else PLURALS.get(noun, noun + 's')}")
    lit = listed(things)
    total = sum(len(idents) for idents in counts.values())
    answers = f"{len(options)} answers: " if len(options) > total else ""
    return f"{lit} lit on the table ({answers}list them)"


class TableScene(Scene):
    name = "table"

    def __init__(self, app: Any, controller: Controller) -> None:
        super().__init__(app)
        self.controller = controller
        self.renderer = CardRenderer(app.assets)
        self.animations = AnimationQueue()
        self.animations.speed = app.settings.speed_factor
        controller.search_seconds = app.settings.thinking_seconds
        controller.prepare_search()
        self.table = table_for(controller.session.system_id)(self)
        self.log = LogPanel()
        self.panel = ActionPanel()
        self.column = pygame.Rect(0, 0, 1, 1)  # the right-hand column: the panel above the log
        self.clock = 0.0  # seconds of this scene's frames (the input guard counts in them)
        self.guard_until = 0.0
        self.held: ResultCard | None = None  # a result waiting on the table (staged outcomes)
        self.moment: MomentScene | None = None  # a player's own moment being watched
        self._others_moved = False  # another seat moved since this screen's player last chose
        self._guarded_for: Decision | None = None
        self.selected: list[str] = []
        self.sub_options: list[Option] | None = None
        self.buttons: list[Button] = []
        self.menu_button: Button | None = None
        self.undo_button: Button | None = None
        self._buttons_for: Any = None  # what the prompt buttons were built for
        self.hover: Target | None = None
        self.mouse = (0, 0)
        self.prompt_rect = pygame.Rect(0, 0, 1, 1)
        self.top_rect = pygame.Rect(0, 0, 1, 1)
        self._decision_seen: Decision | None = None
        self._handoff_open = False
        self._over_shown = False
        app.on_quit.append(self._on_quit)

    # -- lifecycle -------------------------------------------------------------------------------

    def exit(self) -> None:
        if self._on_quit in self.app.on_quit:
            self.app.on_quit.remove(self._on_quit)
        self.controller.close()

    def _on_quit(self) -> str | None:
        """Closing the window autosaves the game in progress (issue: never lose a game); a
        failure is returned for the app to say."""
        self.controller.finish_ai_now()
        if not self.controller.session.over:
            return self.controller.autosave()
        return None

    def resume(self) -> None:
        super().resume()
        self.animations.speed = self.app.settings.speed_factor
        self.controller.speed_factor = self.app.settings.speed_factor
        self.controller.search_seconds = self.app.settings.thinking_seconds
        self._handoff_open = False
        self._decision_seen = None

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        s = theme.scale_for(size)
        top = theme.px(40, s)
        log_w = theme.px(300, s)
        prompt_h = theme.px(54, s)
        self.top_rect = pygame.Rect(0, 0, w, top)
        self.column = pygame.Rect(w - log_w, top, log_w, h - top)
        self.log.rect = pygame.Rect(self.column)
        main = pygame.Rect(0, top, w - log_w, h - top)
        self.table.layout(main, s)
        self.prompt_rect = self.table.prompt_rect(prompt_h)  # type: ignore[attr-defined]
        bw = theme.px(92, s)
        self.menu_button = Button(pygame.Rect(w - bw - 6, 5, bw, top - 10), "Menu", self.open_pause,
                                  tooltip="Pause: save, load, settings, rules (Esc)", icon="hamburger-menu")
        self.undo_button = Button(pygame.Rect(w - 2 * bw - 12, 5, bw, top - 10), "Undo", self.undo,
                                  tooltip="Take back your last choice (Ctrl+Z), when it drew or revealed nothing")
        self._decision_seen = None
        self._buttons_for = None

    # -- intents ------------------------------------------------------------------------------------

    def open_pause(self) -> None:
        from game.ui.scenes.pause import PauseScene

        self.app.stack.push(PauseScene(self.app, self))

    def undo(self) -> None:
        error = self.controller.undo()
        self.animations.skip()
        self.selected.clear()
        self.sub_options = None
        self._decision_seen = None
        self.app.show_toast(error or "Undone.")

    def choose(self, ids: tuple[str, ...]) -> None:
        error = self.controller.choose(ids)
        self.selected.clear()
        self.sub_options = None
        if error:
            self.app.show_toast(error, 4.0)

    def click_target(self, target: Target, decision: Decision) -> None:
        options = [o for o in decision.options if o.target == target]
        if decision.max_choices > 1:
            if options:
                oid = options[0].id
                if oid in self.selected:
                    self.selected.remove(oid)
                elif len(self.selected) < decision.max_choices:
                    self.selected.append(oid)
                self._decision_seen = None
            return
        if len(options) == 1:
            self.pick(options[0], decision)
        elif len(options) > 1:
            self.sub_options = options
            self._decision_seen = None
        else:
            for blocked in decision.blocked:
                if blocked.target == target:
                    self.app.show_toast(blocked.reason, 4.0)
                    return

    def pick(self, option: Option, decision: Decision) -> None:
        """Choose ``option``, or first ask for a second click if the table wants one."""
        sure = self.table.confirm(option, decision) if self.app.settings.confirm_risky else None
        if sure is None:
            self.choose((option.id,))
            return
        label, warning = sure
        self.sub_options = [Option(CONFIRM + option.id, label, None, warning)]
        self._decision_seen = None

    # -- the prompt bar --------------------------------------------------------------------------------

    def _rebuild_buttons(self, decision: Decision | None) -> None:
        """Lay out the action panel for ``decision`` (and the log under it)."""
        groups, fixed = self._panel_rows(decision)
        if not groups and fixed is None:
            self.panel.clear()
        else:
            area = pygame.Rect(self.column.x, self.column.y, self.column.width, int(self.column.height * 0.6))
            self.panel.build(area, groups, fixed, self._act, self.app.assets, self.app.scale)
            if self.panel.scrollable:  # many answers: the panel takes the column but a few log lines
                area.height = self.column.height - theme.px(96, self.app.scale)
                self.panel.build(area, groups, fixed, self._act, self.app.assets, self.app.scale)
        self.buttons = list(self.panel.buttons)
        top = self.panel.rect.bottom if self.panel.rect.height else self.column.y
        self.log.rect = pygame.Rect(self.column.x, top, self.column.width, self.column.bottom - top)

    def _panel_rows(self, decision: Decision | None) -> tuple[list[Group], Entry | None]:
        """The panel's groups and its fixed ending row for ``decision``."""
        if decision is None:
            if self.controller.session.over and self._over_shown and self.app.stack.top is self:
                # looking at the final table (not while the results themselves are open)
                return [], Entry("__results", "Back to the results", "The winners and how the game ended")
            return [], None
        shown = self._labels(decision)
        if self.sub_options is not None:
            entries = [Entry(o.id, shown.get(o.id, o.label), o.detail, primary=o.id.startswith(CONFIRM))
                       for o in self.sub_options]
            return [Group("Choose", entries + [Entry("__back", "Back", "Esc goes back too")])], None
        if decision.max_choices > 1 or decision.min_choices > 1:
            count = len(self.selected)
            ok = decision.min_choices <= count <= decision.max_choices
            return [], Entry("__confirm", f"Confirm ({count}/{decision.max_choices})", enabled=ok)
        on_table = self.table.visible_targets()  # type: ignore[attr-defined]
        groups: dict[str, Group] = {}
        on_board: dict[str, list[Option]] = {}
        fixed: Entry | None = None
        for option in decision.options:
            if option.id in ENDING and fixed is None:
                fixed = Entry(option.id, option.label, option.detail)
                continue
            title = self.table.group_of(option)
            group = groups.setdefault(title, Group(title))
            if self.table.wants_button(option, on_table):
                group.entries.append(Entry(option.id, shown[option.id], option.detail))
            else:
                on_board.setdefault(title, []).append(option)
        for title, options in on_board.items():
            if len(options) <= BOARD_ROWS:  # a few: each its own row, with its whole label
                groups[title].entries += [Entry(o.id, shown[o.id], o.detail) for o in options]
                continue
            groups[title].entries.append(Entry(BOARD + title, lit_summary(options),
                                               ", ".join(shown[o.id] for o in options[:12])))
        order = self.table.group_order
        ordered = sorted(groups.values(), key=lambda g: order.index(g.title) if g.title in order else len(order))
        shown_groups = [g for g in ordered if g.entries]
        system = registry.get(self.controller.session.system_id)
        passes = []
        if self.controller.may_pass_moment():
            words = system.moment_words(self.controller.session.game.moment_key() or "")
            passes.append(Entry(PASS_MOMENT, f"Pass the rest of {words}",
                                f"Pass now, and let the game pass for you at every response window of "
                                f"{words} until it ends (any other question of yours in it is asked as usual)."))
        if self.controller.may_pass_until_turn():
            passes.append(Entry(PASS_ON, "Pass until my turn",
                                f"Pass now, and let the game pass for you at every response window until one "
                                f"is about you ({system.own_moments}) or you are asked anything else."))
        if passes:
            shown_groups.append(Group("Pass on", passes))
        return shown_groups, fixed

    def _labels(self, decision: Decision) -> dict[str, str]:
        """Each answer's label as the panel shows it: answers with the same words say where
        their things lie on the table (``told_apart``)."""
        return dict(zip((o.id for o in decision.options), told_apart(decision.options, self.table.place_of)))

    def _act(self, entry: Entry) -> None:
        if entry.key == "__results":
            from game.ui.scenes.game_over import GameOverScene

            self.app.stack.push(GameOverScene(self.app, self))
            return
        decision = self.controller.my_decision()  # (the input guard already held back early clicks)
        if decision is None:
            return
        if entry.key in (PASS_ON, PASS_MOMENT):
            moment = entry.key == PASS_MOMENT
            session = self.controller.session
            words = registry.get(session.system_id).moment_words(session.game.moment_key() or "")
            error = self.controller.pass_on(moment)
            self.selected.clear()
            self.sub_options = None
            self.app.show_toast(error or (f"Passing for the rest of {words}." if moment else "Passing until your turn."),
                                4.0)
        elif entry.key == "__back":
            self.sub_options = None
            self._decision_seen = None
        elif entry.key.startswith(BOARD):
            title = entry.key[len(BOARD):]
            self.sub_options = [o for o in decision.options if self.table.group_of(o) == title]
            self._decision_seen = None
        elif entry.key == "__confirm":
            if decision.min_choices <= len(self.selected) <= decision.max_choices:
                self.choose(tuple(self.selected))
        elif entry.key.startswith(CONFIRM):
            self.choose((entry.key[len(CONFIRM):],))
        else:
            option = decision.option(entry.key)
            if option is not None:
                self.pick(option, decision)

    def _goes_on(self, event: pygame.event.Event) -> bool:
        """A click on the table or Space, which sends a held result away."""
        if event.type == pygame.KEYDOWN:
            return bool(event.key == pygame.K_SPACE)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            corners = [b.rect for b in (self.menu_button, self.undo_button) if b is not None]
            return not any(r.collidepoint(event.pos) for r in corners)
        return False

    def _hold(self, event: Any) -> None:
        """Keep a result on the table until a click, Space or the set time (Normal speed;
        with animations off nothing waits)."""
        speed = self.app.settings.speed_factor
        if speed <= 0:
            return
        seconds = self.app.settings.result_seconds * speed
        centre = self.table.area.center
        self.held = ResultCard(event.headline or event.text, event.rule, centre, seconds)

    @property
    def guard_left(self) -> float:
        """Seconds until clicks and shortcuts on the table and the panel act again."""
        return max(0.0, self.guard_until - self.clock)

    def _guarded(self, event: pygame.event.Event) -> bool:
        """Whether ``event`` is a click or shortcut that the input guard holds back."""
        if self.guard_left <= 0:
            return False
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1:
            free = [b.rect for b in (self.menu_button, self.undo_button) if b is not None] + [self.log.rect]
            return not any(r.collidepoint(event.pos) for r in free)  # the corners and the log answer nothing
        return event.type == pygame.KEYDOWN and (event.key in HOTKEYS or event.key == END_KEY)

    # -- the frame ---------------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        if self.held is not None and self._goes_on(event):
            self.held = None  # the player has seen the result: play goes on
            return True
        if self._guarded(event):
            return True  # the question just changed: this input was meant for what was there before
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                if self.sub_options is not None:
                    self.sub_options = None
                    self._decision_seen = None
                else:
                    self.open_pause()
                return True
            if event.key == pygame.K_SPACE:
                self.animations.skip()
                skip = getattr(getattr(self.table, "tray", None), "skip", None)
                if skip is not None:
                    skip()
                return True
            if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
                self.undo()
                return True
            if event.key == pygame.K_s and event.mod & pygame.KMOD_CTRL:
                self.app.show_toast(self.controller.save("quicksave"))
                return True
        if event.type == pygame.MOUSEWHEEL and self.panel.wheel(self.mouse, event.y, self.app.scale):
            self.buttons = list(self.panel.buttons)
            return True
        if event.type == pygame.MOUSEWHEEL and self.log.rect.collidepoint(self.mouse):
            self.log.scroll(event.y)
            return True
        if event.type == pygame.MOUSEWHEEL and self.table.wheel(self.mouse, event.y):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            held = getattr(event, "buttons", (0, 0, 0))
            if (held[1] or held[2]) and self.table.drag(event.pos, event.rel):
                return True  # right- or middle-drag pans a zoomed board
            self.hover = self.table.target_at(event.pos)
        widgets = [w for w in (self.menu_button, self.undo_button) if w is not None] + self.buttons
        if route(widgets, event):
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.log.rect.collidepoint(event.pos):
            rule = self.log.rule_at(event.pos)
            if rule:  # a rule ID in the log opens the rules book at that rule
                from game.ui.scenes.rules import RulesScene

                self.app.stack.push(RulesScene(self.app, self.controller.session.system_id, rule))
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            decision = self.controller.my_decision()
            target = self.table.target_at(event.pos)
            lit = decision is not None and any(o.target == target for o in decision.options)
            if target is not None and not lit and self.table.inspect(target):
                return True
            if decision is not None and target is not None and not self.animations.busy:
                self.click_target(target, decision)
                return True
        return False

    @property
    def busy(self) -> bool:
        """Whether something is still moving or held on the table, or a player watches their moment."""
        return self.animations.busy or self.table.busy or self.held is not None or self.moment is not None

    def update(self, dt: float) -> None:
        problem = self.controller.take_autosave_problem()
        if problem:
            self.app.show_toast(f"Autosave failed: {problem}", 6.0)
        self.clock += dt
        self.animations.update(dt)
        self.table.update(dt)
        if self.held is not None:
            self.held.update(dt)
            if self.held.done:
                self.held = None
        # Events not yet shown keep the table busy too: an AI seat starts thinking (on its own
        # thread, which shares the interpreter with this one) only after the frame that shows
        # them, never during the most expensive frame there is.
        busy = self.busy or bool(self.controller.new_events)
        self.controller.update(busy)
        if not self.controller.new_events and self.app.stack.top is self and not self.controller.needs_handoff():
            self.table.idle()  # (only while the table itself is looked at: a hand-off screen draws nothing of it)
        view = self.controller.view()
        mine_before = self.controller.my_decision()
        if self.controller.new_events and self.moment is None:  # a move arrived: its log lines are lit
            self.log.fresh_from = len(self.controller.visible_log()) - len(self.controller.new_events)
        while self.controller.new_events and self.moment is None:
            event = self.controller.new_events.popleft()
            if self._open_moment(event, view):
                break
            self.table.animate(event, view)
            if event.kind in self.table.results:
                self._hold(event)
            elif event.kind == "skipped" and event.headline:  # nothing was legal: say so, and why
                self.animations.add(Banner(f"{event.headline} ({event.rule})", self.table.area.center, 1.6,
                                           theme.PARCHMENT_DARK))
            if mine_before is None:
                self._others_moved = True
        decision = self.controller.my_decision()
        if decision is not None and self._others_moved and self._guarded_for is None \
                and not self.controller.hot_seat:
            self.animations.add(Banner("Your turn", self.table.area.center, 0.9, theme.GOLD_LIGHT))
        if decision is not None:
            self._others_moved = False
        if decision is not None and decision != self._guarded_for:
            self.guard_until = self.clock + GUARD_SECONDS  # a new question: let the player see it first
        self._guarded_for = decision
        if decision != self._decision_seen:
            if decision is None or self._decision_seen is None or decision.kind != self._decision_seen.kind:
                self.selected = [s for s in self.selected if decision and decision.option(s)]
            self._decision_seen = decision
            self._buttons_for = None  # rebuilt after the next draw, when the table knows what it shows

        if self.undo_button is not None:
            self.undo_button.enabled = self.controller.can_undo()
        if self.app.stack.top is self and not busy:
            if self.controller.needs_handoff() and not self._handoff_open:
                from game.ui.scenes.handoff import HandOffScene

                self._handoff_open = True
                self.app.stack.push(HandOffScene(self.app, self))
            elif self.controller.session.over and not self._over_shown:
                from game.ui.scenes.game_over import GameOverScene

                self._over_shown = True
                self.controller.autosave_soon()
                self.app.stack.push(GameOverScene(self.app, self))

    def _open_moment(self, event: Event, view: Mapping[str, Any]) -> bool:
        """At a shared screen, a moment that belongs to one human player (a story that asks
        them nothing) stops the table until that player has watched it (``MomentScene``): the
        events of the moment go to that scene, the rest wait in the queue."""
        controller = self.controller
        if not controller.hot_seat:
            return False
        owner = self.table.own_moment(event, view)
        if owner is None or controller.session.seats[owner[0]].is_ai:
            return False
        events = [event]
        queue = controller.new_events
        while queue and self.table.moment_goes_on(event, events[-1], queue[0]):
            events.append(queue.popleft())
        self.moment = MomentScene(self.app, self, owner[0], events, owner[1])
        self.app.stack.push(self.moment)
        return True

    def moment_closed(self) -> None:
        """The moment's player pressed Continue: play goes on (handing the screen on if another
        player must answer next)."""
        self.moment = None
        self.guard_until = self.clock + GUARD_SECONDS

    def draw(self, surface: pygame.Surface) -> None:
        s = self.app.scale
        a = self.app.assets
        view = self.controller.view()
        decision = self.controller.my_decision()
        lit: set[Target] = set()
        selected: set[Target] = set()
        if decision is not None:
            if self.sub_options is not None:
                lit = {o.target for o in self.sub_options if o.target}
            else:
                lit = {o.target for o in decision.options if o.target}
            selected = {o.target for o in decision.options if o.id in self.selected and o.target}
        self.table.draw(surface, view, decision, lit, selected, self.hover)
        shown = (decision, frozenset(self.table.visible_targets()), len(self.selected),  # type: ignore[attr-defined]
                 None if self.sub_options is None else tuple(o.id for o in self.sub_options), self._over_shown,
                 self.app.stack.top is self)
        if shown != getattr(self, "_buttons_for", None):
            before = getattr(self, "_buttons_for", None)
            if before is not None and before[0] == decision and before[3] != shown[3]:
                self.guard_until = self.clock + GUARD_SECONDS  # other rows now stand where the pointer is
            self._buttons_for = shown
            self._rebuild_buttons(decision)
        self._draw_top(surface, view)
        self._draw_prompt(surface, decision)
        # A spectator (no human seat) sees public lines only; a player also sees their own private ones.
        self.log.draw(surface, a, s, self.controller.visible_log())
        self.panel.draw(surface, a, s)
        for corner in (self.menu_button, self.undo_button):
            if corner:
                corner.draw(surface, a, s)
        self.animations.draw(surface, a, s)
        if self.held is not None:
            self.held.draw(surface, a, s)
        if self.controller.wants_picture and not self.busy:
            # The saves' picture of the table: this frame, drawn before any menu over it and
            # the tooltips, once per position and only when the move has settled.
            self.controller.keep_picture(picture_of(surface))
        if self.app.stack.top is self:
            tip = hover_tooltip(self.buttons + [b for b in (self.menu_button, self.undo_button) if b], self.mouse)
            if tip is None and self.hover is not None:
                tip = self.table.tooltip(self.hover, view, decision)
            if tip is None:
                tip = self.log.tooltip_at(self.mouse)
            if tip:
                self.app.tooltip = (tip, self.mouse)
                tray = getattr(self.table, "tray", None)  # dice being read stay in sight, and the question
                self.app.tooltip_avoid = [self.prompt_rect] + ([tray.rect] if tray is not None else [])

    def _draw_top(self, surface: pygame.Surface, view: Mapping[str, Any]) -> None:
        s = self.app.scale
        pygame.draw.rect(surface, theme.WALNUT, self.top_rect)
        pygame.draw.line(surface, theme.GOLD, self.top_rect.bottomleft, self.top_rect.bottomright, 2)
        label = self.app.assets.text(self.table.turn_label(view), "heading", theme.px(19, s), theme.PARCHMENT)
        surface.blit(label, (theme.px(14, s), self.top_rect.centery - label.get_height() // 2))

    def _draw_prompt(self, surface: pygame.Surface, decision: Decision | None) -> None:
        s = self.app.scale
        a = self.app.assets
        rect = self.prompt_rect
        draw_panel(surface, rect, s, colour=theme.WALNUT, border=theme.GOLD, alpha=235)
        x = rect.x + theme.px(14, s)
        size = max(theme.MIN_TEXT_PX, theme.px(17, s))
        text, colour, thinking = self.prompt_text(decision)
        if thinking:
            self._draw_spinner(surface, (x + theme.px(8, s), rect.centery))
            x += theme.px(24, s)
        right = rect.right - theme.px(10, s)  # the answers are in the action panel, beside
        lines = a.wrap(text, "bold", size, max(50, right - x))
        line_h = a.font("bold", size).get_linesize()
        if len(lines) > 2:
            size = theme.MIN_TEXT_PX
            lines = a.wrap(text, "bold", size, max(50, right - x))[:2]
            line_h = a.font("bold", size).get_linesize()
        y = rect.centery - line_h * len(lines[:2]) // 2
        for line in lines[:2]:
            surface.blit(a.text(line, "bold", size, colour), (x, y))
            y += line_h


    def prompt_text(self, decision: Decision | None) -> tuple[str, tuple[int, int, int], bool]:
        """The prompt bar's words, their colour, and whether an AI is thinking (a spinner)."""
        controller = self.controller
        session = controller.session
        thinking = False
        if session.over:
            text, colour = "The game is over.", theme.PARCHMENT
        elif decision is not None:
            text = decision.prompt
            if decision.max_choices > 1:
                text = f"{decision.prompt} Click cards to select them."
            if self.sub_options is not None:
                text = next((o.detail for o in self.sub_options if o.id.startswith(CONFIRM)), decision.prompt)
            if decision.rule:
                text = f"{text} [{decision.rule}]"
            colour = theme.GOLD_LIGHT
        elif controller.thinking_seat is not None:
            seat = controller.thinking_seat
            text, colour, thinking = f"{session.seats[seat].name} is thinking…", theme.PARCHMENT, True
            if session.seats[seat].level == "hard" and controller.thinking_seconds >= 0.5:
                text = f"{session.seats[seat].name} is thinking… {controller.thinking_seconds:.1f} s"
        else:
            pending = controller.decision()
            name = session.seats[pending.seat].name if pending else ""
            text, colour = f"Waiting for {name}.", theme.PARCHMENT
        if decision is None and not session.over and controller.shown_seat in session.passing:
            # (chosen in the panel: the game asks no more till then)
            moment = session.passing[controller.shown_seat]
            words = registry.get(session.system_id).moment_words(moment)
            text += f" You pass for the rest of {words}." if moment else " You pass until your turn."
        return text, colour, thinking

    def _draw_spinner(self, surface: pygame.Surface, centre: tuple[int, int]) -> None:
        """Eight dots turning; the leading dots gold, the trailing ones muted."""
        t = time.monotonic() * 4
        r = theme.px(8, self.app.scale)
        for i in range(8):
            angle = t + i * math.pi / 4
            pos = (int(centre[0] + r * math.cos(angle)), int(centre[1] + r * math.sin(angle)))
            pygame.draw.circle(surface, theme.GOLD if i >= 5 else theme.MUTED, pos, max(2, r // 4))
