"""Starting the window, rendering scenes to PNG files, and the self-test."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Any, Callable

SCENES = ("title", "new-game", "game-options", "table", "pause", "load", "save", "settings", "rules", "game-over",
          "handoff", "deck-builder")
SCENE_ALIASES = {"deck_builder": "deck-builder", "new_game": "new-game", "game_over": "game-over",
                 "game_options": "game-options"}


def _headless() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


NO_DISPLAY_HINT = ("five-realms: cannot open a window ({}). Without a display, play in the terminal: "
                   "python -m game play")


def run_gui() -> int:
    """The window on the title screen; without a usable display, a one-line hint and status 2."""
    import pygame

    from game.ui.app import App, display_problem
    from game.ui.scenes.title import TitleScene

    problem = display_problem()
    if problem is None:
        try:
            app = App()
        except pygame.error as exc:
            problem = str(exc)
    if problem is not None:
        print(NO_DISPLAY_HINT.format(problem), file=sys.stderr)
        return 2
    return run_app(app, TitleScene(app))


def run_app(app: Any, first: Any) -> int:
    """Run the window's loop with SIGINT and SIGTERM saving before they quit."""
    app.install_signal_handlers()
    return int(app.run(first))


def demo_session(ruleset: str, seed: int, steps: int, seats: int = 2, humans: int = 1,
                 options: dict[str, Any] | None = None) -> Any:
    """A session with ``humans`` human seats, advanced by ``steps`` choices of AI play
    (the humans' choices made by a normal AI too), then on to the next human decision."""
    from game.ai import make_agent
    from game.session import Seat, Session

    from game.core import registry

    names = ["Ann", "Bram", "Cora", "Dain", "Edda", "Finn"]
    human_seats = list(range(humans))
    if registry.get(ruleset).default_seats[0] != "human":  # e.g. the overlord is seat 1 of Dungeon Delve
        human_seats = [seats - 1 - i for i in range(humans)]
        names = ["Morgath", "Ann", "Bram", "Cora", "Dain", "Edda"]
    seat_list = [Seat("human", names[i]) if i in human_seats else Seat("ai", names[i], "normal")
                 for i in range(seats)]
    session = Session.new(ruleset, seat_list, seed, options or {})
    stand_ins = {i: make_agent("normal", ruleset, seed + 17, i) for i in human_seats}

    def one() -> bool:
        decision = session.pending()
        if decision is None:
            return False
        if session.seats[decision.seat].is_ai:
            session.step_ai()
        else:
            agent = stand_ins[decision.seat]
            session.choose(decision.seat, agent.choose(session.game.view_for(decision.seat), decision))
        return True

    for _ in range(steps):
        if not one():
            break
    while (decision := session.pending()) is not None and session.seats[decision.seat].is_ai:
        session.step_ai()
    return session


def build_scene(app: Any, scene: str, ruleset: str, seed: int, steps: int, seats: int | None = None,
                options: dict[str, Any] | None = None) -> None:
    """Open ``scene`` over the title screen; a table comes from ``demo_session`` with ``seats``
    seats (the game's own smallest table, at least 2, unless given) and game ``options``."""
    from game.session import Seat
    from game.ui.controller import Controller
    from game.ui.scenes.game_over import GameOverScene
    from game.ui.scenes.handoff import HandOffScene
    from game.ui.scenes.pause import PauseScene
    from game.ui.scenes.rules import RulesScene
    from game.ui.scenes.saveload import SaveLoadScene
    from game.ui.scenes.settings import SettingsScene
    from game.ui.scenes.table import TableScene
    from game.ui.scenes.title import TitleScene

    from game.core import registry

    app.stack.replace(TitleScene(app))
    if scene == "title":
        return
    if scene == "deck-builder":
        # The deck builder of ``ruleset`` when its players build decks, else the first game's
        # that does; none registered: the title stays.
        if registry.deck_builder_ids():
            app.stack.push(registry.part(ruleset if ruleset in registry.deck_builder_ids()
                                         else registry.deck_builder_ids()[0], "deck_builder")(app, ruleset))
        return
    simple: dict[str, Callable[[], Any]] = {
        "new-game": lambda: new_game_for(app, ruleset), "load": lambda: SaveLoadScene(app, "load"),
        "settings": lambda: SettingsScene(app), "rules": lambda: RulesScene(app, ruleset),
    }
    if scene in simple:
        app.stack.push(simple[scene]())
        return
    if scene == "game-options":  # the game's options page, over its New game form
        form = new_game_for(app, ruleset)
        app.stack.push(form)
        form.open_options()
        return
    humans = 2 if scene == "handoff" else 1
    count = seats if seats is not None else max(2, registry.get(ruleset).min_seats)
    session = demo_session(ruleset, seed, steps, count, humans=humans, options=options)
    if scene == "game-over":
        from game.ai import make_agent

        for i, seat in enumerate(session.seats):
            if not seat.is_ai:
                session.seats[i] = Seat("ai", seat.name, "normal")
                session.agents[i] = make_agent("normal", ruleset, seed, i)
        session.run_ai()
    controller = Controller(session, 0.0, autosave=False)
    table = TableScene(app, controller)
    app.stack.push(table)
    if scene == "handoff":
        pending = controller.decision()
        others = [i for i in controller.humans if pending is None or i != pending.seat]
        controller.shown_seat = others[0] if others else None
        app.stack.push(HandOffScene(app, table))
    elif scene == "pause":
        app.stack.push(PauseScene(app, table))
    elif scene == "save":
        app.stack.push(SaveLoadScene(app, "save", table))
    elif scene == "game-over":
        table._over_shown = True
        app.stack.push(GameOverScene(app, table))


def new_game_for(app: Any, ruleset: str) -> Any:
    """The New game screen with ``ruleset`` chosen when the window can show it."""
    from game.core import registry
    from game.ui.scenes.new_game import NewGameScene

    scene = NewGameScene(app)
    if ruleset in registry.window_ids():
        scene.pick(ruleset)
    return scene


def screenshot(ruleset: str, seed: int, steps: int, scene: str, out: str, size: tuple[int, int],
               seats: int | None = None, options: dict[str, Any] | None = None) -> int:
    """Render one scene headless to an image file (its format from the file's ending).

    It runs with its own throwaway config folder, so it never touches the player's
    settings; a file that cannot be written is one sentence, never a traceback."""
    _headless()
    from game.core.errors import FiveRealmsError

    target = Path(out)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        raise FiveRealmsError(f"Cannot write the screenshot to '{out[-60:]}': a file stands where its folder "
                              "should be.") from None
    except OSError as exc:
        raise FiveRealmsError(f"Cannot write the screenshot to '{out[-60:]}': {exc.strerror or exc}.") from None
    import io

    import pygame

    from game.ui.app import App
    from game.ui.settings import Settings

    saved_config = os.environ.get("FIVE_REALMS_CONFIG_DIR")
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["FIVE_REALMS_CONFIG_DIR"] = tmp
        try:
            app = App(size, Settings(window_size=list(size), animation_speed="off"))
            build_scene(app, scene, ruleset, seed, steps, seats, options)
            for _ in range(3):
                app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(size[0] // 2, 4), rel=(0, 0),
                                             buttons=(0, 0, 0))], 1 / 60)
            image = io.BytesIO()
            pygame.image.save(app.screen, image, target.name)
            app.shutdown()
        finally:
            if saved_config is None:
                os.environ.pop("FIVE_REALMS_CONFIG_DIR", None)
            else:
                os.environ["FIVE_REALMS_CONFIG_DIR"] = saved_config
    try:
        target.write_bytes(image.getvalue())
    except OSError as exc:
        raise FiveRealmsError(f"Cannot write the screenshot to '{out[-60:]}': {exc.strerror or exc}.") from None
    return 0


def random_events(rng: Any, size: tuple[int, int], count: int) -> list[Any]:
    """Random mouse and keyboard input, for the self-test and the UI tests."""
    import pygame

    keys = [pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_SPACE, pygame.K_RETURN, pygame.K_DOWN, pygame.K_UP,
            pygame.K_a, pygame.K_BACKSPACE, pygame.K_PAGEDOWN, pygame.K_TAB]
    out = []
    for _ in range(count):
        pos = (rng.below(size[0]), rng.below(size[1]))
        roll = rng.below(10)
        if roll < 4:
            out.append(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        elif roll < 7:
            button = 1 if rng.below(4) else 3
            out.append(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
            out.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        elif roll < 8:
            out.append(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.between(-2, 2), flipped=False))
        elif roll < 9:
            out.append(pygame.event.Event(pygame.TEXTINPUT, text=rng.choice("ab1 9x")))
        else:
            key = rng.choice(keys)
            out.append(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    return out


def first_frame() -> int:
    """Open the window, draw the title once and exit (for timing cold start)."""
    from game.ui.app import App, display_problem
    from game.ui.scenes.title import TitleScene

    problem = display_problem()
    if problem is not None:
        print(NO_DISPLAY_HINT.format(problem), file=sys.stderr)
        return 2
    app = App()
    app.run(TitleScene(app), max_frames=1)
    return 0


def _selftest_search_worker() -> None:
    """Every game loaded in the worker process (as a table with a hard seat has it load its
    game), one hard decision searched there, as the window has it searched, then one with a
    budget of time, shared with a helper process (in the packaged game this proves that the
    executable can start itself as the worker and as its helper, and find every game there)."""
    from game.ai.agents import make_agent
    from game.ai.hard import SearchAgent
    from game.ai.search import Budget
    from game.ai.worker import SearchWorker

    from game.core import registry
    from game.core.game import Game

    game = Game.new(registry.get("fantasy-heroes"), 3, 2)
    while (decision := game.pending()) is not None and (decision.window or len(decision.options) < 2):
        game.choose(decision.seat, decision.option_ids[:decision.min_choices] or ("pass",))
    assert decision is not None
    agent = make_agent("hard", "fantasy-heroes", 3, decision.seat)
    assert isinstance(agent, SearchAgent)
    agent.budget = Budget(iterations=3)
    worker = SearchWorker(helpers=1)  # (a helper whatever the machine: it must start here too)
    try:
        warmed = list(registry.window_ids())
        for ruleset in warmed:
            worker.warm_up(ruleset)  # as a table with a hard seat opens (a failure raises)
        answer = worker.search(agent.request(game, decision)).answer
        agent.budget = Budget(seconds=0.2)  # the window's kind of budget: shared with the helper
        shared = worker.search(agent.request(game, decision))
    finally:
        worker.stop()
    decision.validate(decision.seat, answer)
    decision.validate(decision.seat, shared.answer)
    if shared.helped == 0:
        raise RuntimeError("the search worker's helper process played no part in a search")
    print(f"selftest: the hard player's search worker loaded {len(warmed)} games and answered {', '.join(answer)}; "
          f"with its helper, {shared.played} iterations in 0.2 s ({shared.helped} by the helper)")


def selftest(events_per_scene: int = 300) -> int:
    """Open every scene headless, feed it random input, and exit 0 (1 on any error)."""
    _headless()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["FIVE_REALMS_DATA_DIR"] = str(Path(tmp) / "data")
        os.environ["FIVE_REALMS_CONFIG_DIR"] = str(Path(tmp) / "config")
        from game.core.rng import Rng
        from game.ui.app import App
        from game.ui.settings import Settings

        size = (1280, 720)
        app = App(size, Settings(animation_speed="fast"))
        rng = Rng.seeded(1)
        from game.core import registry

        for ruleset in registry.window_ids():
            for scene in SCENES:
                build_scene(app, scene, ruleset, 3, 40)
                for batch in range(0, events_per_scene, 25):
                    if not app.running:
                        app.running = True
                        build_scene(app, scene, ruleset, 3, 40)
                    app.step(random_events(rng, size, 25), 1 / 30)
                print(f"selftest: {ruleset} {scene} ok")
        app.shutdown()
    _selftest_search_worker()
    print("selftest: all scenes ok")
    return 0
