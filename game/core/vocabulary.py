"""The effect vocabulary: the verbs a rule system's content may write, in one registry.

Every rule system writes card abilities as effect records (``{verb = "heal", amount = 2}``,
STYLE 9). What a verb *means* is the rule system's business, but the shape of a verb is the
same everywhere, so it lives here:

- its **parameters** (:class:`~game.core.cards.Field` records), checked when content loads,
  plus an optional cross-check of the whole record;
- how it **reads** on a card: a sentence for players, made from the parameters;
- how it **applies**: either a handler that carries it out when the rules resolve it
  (registered with :meth:`Vocabulary.handles`), or the name of the rule that reads it where it
  counts (a bonus read by the battle totals, a permission read when options are offered);
- what the **AI** thinks it is worth: a base estimate per unit (``worth``), which a game's AI
  refines by the situation, or ``None`` where the AI reads the effect through the rules
  themselves (totals, odds, the board).

A test per game checks that every verb is complete: it reads, and it applies or is read.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterator, Mapping, Sequence

from game.core.cards import Field, check_record
from game.core.effects import Effect
from game.core.errors import ContentError, RulesError

Check = Callable[[Mapping[str, Any]], "str | None"]
Refine = Callable[[Effect, Mapping[str, Any], str], None]
"""A rule system's own check of a parsed effect against the rest of its content (a die id, a
condition, a resource); it raises ContentError naming ``where``."""
Handler = Callable[..., Any]


@dataclass(frozen=True)
class Verb:
    """One verb: its kind, its parameters, its sentence, its checks, how it applies, its worth.

    ``read_by`` names where the rules read a verb that has no handler (a static bonus read by
    the totals); ``worth`` is the AI's base estimate per unit of ``amount`` (or ``None``).
    """

    kind: str
    params: Mapping[str, Field]
    describe: Callable[[Mapping[str, Any]], str]
    check: Check | None = None
    read_by: str = ""
    worth: float | None = None


def as_record(effect: Effect | Mapping[str, Any]) -> dict[str, Any]:
    """An effect as a plain record (``verb`` and its parameters; nested effect lists too)."""
    if isinstance(effect, Mapping):
        return dict(effect)
    out: dict[str, Any] = {"verb": effect.verb}
    for key, value in effect.params:
        if isinstance(value, tuple) and value and isinstance(value[0], Effect):
            out[key] = [as_record(inner) for inner in value]
        elif isinstance(value, tuple):
            out[key] = list(value)
        else:
            out[key] = value
    return out


class Vocabulary:
    """A rule system's verbs (an ordered mapping of name to :class:`Verb`) and their handlers.

    ``nested`` names the parameters whose value is itself a list of effect records (a test's
    ``on_pass``); they are read with the same checks as the effect that holds them.
    """

    def __init__(self, verbs: Mapping[str, Verb], *, nested: Sequence[str] = ()) -> None:
        self.verbs: dict[str, Verb] = dict(verbs)
        self.nested = tuple(nested)
        self._handlers: dict[str, Handler] = {}

    # -- the mapping of verbs ----------------------------------------------------------------

    def __getitem__(self, verb: str) -> Verb:
        return self.verbs[verb]

    def __contains__(self, verb: object) -> bool:
        return verb in self.verbs

    def __iter__(self) -> Iterator[str]:
        return iter(self.verbs)

    def __len__(self) -> int:
        return len(self.verbs)

    def items(self) -> Iterator[tuple[str, Verb]]:
        return iter(self.verbs.items())

    def values(self) -> Iterator[Verb]:
        return iter(self.verbs.values())

    # -- reading content ---------------------------------------------------------------------

    def read(self, raw: Any, where: str, *, kinds: Sequence[str] | None = None,
             refine: Refine | None = None, make: type[Effect] = Effect) -> tuple[Effect, ...]:
        """Check a list of effect records and turn them into :class:`Effect` values.

        Every problem is a ContentError naming ``where``, the effect's place in the list, its
        verb and the field. ``kinds`` limits the kinds of verb allowed here; ``refine`` checks
        each parsed effect against the rest of the content (nested effects included); ``make``
        is the Effect class to build (a rule system's subclass that knows its sentence).
        """
        if not isinstance(raw, (list, tuple)):
            raise ContentError(f"{where}: must list effect tables")
        out = []
        for index, record in enumerate(raw, 1):
            here = f"{where}: effect {index}"
            if not isinstance(record, Mapping):
                raise ContentError(f"{here}: must be a table")
            name = record.get("verb")
            if not isinstance(name, str) or name not in self.verbs:
                raise ContentError(f"{here}: unknown verb '{str(name)[:40]}'")
            verb = self.verbs[name]
            here = f"{here} ({name})"
            if kinds is not None and verb.kind not in kinds:
                raise ContentError(f"{here}: a '{verb.kind}' verb cannot be used here")
            check_record(record, {"verb": Field((str,)), **verb.params}, here)
            if verb.check is not None:
                problem = verb.check(record)
                if problem:
                    raise ContentError(f"{here}: {problem}")
            params: list[tuple[str, Any]] = []
            for key, value in sorted(record.items()):
                if key == "verb":
                    continue
                if key in self.nested:
                    value = self.read(value, f"{here}: {key}", kinds=kinds, refine=refine, make=make)
                elif isinstance(value, list):
                    value = tuple(value)
                params.append((key, value))
            effect = make(name, tuple(params))
            if refine is not None:
                refine(effect, record, here)
            out.append(effect)
        return tuple(out)

    # -- how a verb reads ----------------------------------------------------------------------

    def text(self, effect: Effect | Mapping[str, Any]) -> str:
        """The player-facing sentence for one effect (a parsed Effect or a plain record)."""
        record = as_record(effect)
        params = {k: v for k, v in record.items() if k != "verb"}
        return self.verbs[record["verb"]].describe(params)

    # -- how a verb applies --------------------------------------------------------------------

    def handles(self, *verbs: str) -> Callable[[Handler], Handler]:
        """Register the function that carries out ``verbs`` when the rules resolve them."""
        unknown = [v for v in verbs if v not in self.verbs]
        if unknown:
            raise ValueError(f"no such verb: {', '.join(unknown)}")

        def register(fn: Handler) -> Handler:
            for verb in verbs:
                self._handlers[verb] = fn
            return fn
        return register

    def handler(self, verb: str) -> Handler | None:
        return self._handlers.get(verb)

    def apply(self, ctx: Any, effect: Effect | Mapping[str, Any], *args: Any) -> Any:
        """Carry out one effect with its handler: ``handler(ctx, effect, *args)``."""
        verb = effect.verb if isinstance(effect, Effect) else effect["verb"]
        fn = self._handlers.get(verb)
        if fn is None:
            raise RulesError(f"the verb '{verb}' has no handler: it is read by {self.verbs[verb].read_by or 'nothing'}")
        return fn(ctx, effect, *args)

    def incomplete(self) -> list[str]:
        """The verbs that neither have a handler nor name the rule that reads them."""
        return [name for name, verb in self.verbs.items() if name not in self._handlers and not verb.read_by]

    # -- what the AI thinks a verb is worth --------------------------------------------------

    def worth(self, verb: str) -> float:
        """The AI's base estimate of one unit of ``verb`` (0 where the AI reads it through the rules)."""
        value = self.verbs[verb].worth
        return 0.0 if value is None else value
