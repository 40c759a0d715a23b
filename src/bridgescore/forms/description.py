"""What a form of scoring is, described once: its names, its settings, its deal options and its fold.

Each home form (rubber, Chicago, compensation) is one :class:`FormDescription`. The deal log
(:mod:`bridgescore.formats.deallog`), the CLI and the web pages read everything they need from it
— the words that name the form, each setting's key, accepted words, canonical text, label,
choices, default and source, the options a deal line may carry — so a setting or a form is
added in one place (docs/adding-a-form.md).

A setting is declared once, on the field of the form's settings dataclass::

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, slots=True)
    ... class Example(Settings):
    ...     FORM = Term(N_("example"))
    ...     honours: bool = setting(True, key="honours", label=N_("Honours"), choices=ON_OFF,
    ...                             source="rules §2.5")
    >>> Example().with_setting("Honors", "нет").honours
    False
    >>> Example().header(), Example().as_dict()
    ((('honours', 'on'),), {'honours': True})
    >>> Example().with_setting("honours", "maybe")
    Traceback (most recent call last):
    ...
    bridgescore.core.errors.ParseError: 'maybe' is not a value of 'honours': use on, off

The fold is uniform: ``start(settings, first_dealer, players)``, ``apply(state, deal, players)``
and ``finish(state)`` (an unfinished rubber's premiums; the other forms have nothing to close).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import Field, dataclass, field, fields, replace
from enum import Enum
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar, cast

from bridgescore.core.errors import N_, BridgeScoreError, ParseError, RuleError, Term
from bridgescore.core.seat import Seat
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.forms.logged import DealOption, LoggedDeal
from bridgescore.forms.players import Players

T = TypeVar("T")

_SETTING = "bridgescore.setting"


def setting_key(text: str) -> str:
    """A header key in one spelling: case, ``_``, ``-`` and spaces do not matter, nor honors/honours.

    >>> setting_key("Vulnerable_on deals 2 and 3"), setting_key("Honors"), setting_key("part-score")
    ('vulnerable on deals 2 3', 'honours', 'partscore')
    """
    key = " ".join(text.lower().replace("_", " ").replace("-", " ").split())
    return key.replace("honors", "honours").replace("part score", "partscore").replace("2 and 3", "2 3")


def setting_value(text: str) -> str:
    """A header value as compared with the words a setting accepts: lower case, single spaces."""
    return " ".join(text.lower().split())


@dataclass(frozen=True, slots=True)
class Choice(Generic[T]):
    """One value a setting may take: its canonical text in a log, its label, other words read for it."""

    value: T
    text: str
    """How a log writes it (``on``, ``700/500``, ``non-dealer``)."""
    label: str
    """What people read (an English msgid)."""
    words: tuple[str, ...] = ()
    """Other words read for it, in English and Russian (compared in lower case)."""


ON_OFF: tuple[Choice[bool], Choice[bool]] = (
    Choice(True, "on", N_("scored"), ("yes", "true", "да", "вкл")),
    Choice(False, "off", N_("not scored"), ("no", "false", "нет", "выкл")),
)
"""A setting that is on or off (honours scored or not), in English and Russian."""


@dataclass(frozen=True, slots=True)
class Setting(Generic[T]):
    """One setting of a form: its header key, label, choices, the rule it varies and how it is read.

    The choices are what the new-game page offers (the first is not the default: the default is
    the dataclass field's). A setting that takes values beyond its choices (a number of points, a
    table file) has a *read* function for them and a *check* for any value given in code.
    """

    key: str
    """The canonical header key (``redoubled insult``)."""
    label: str
    """What the new-game page calls it (an English msgid)."""
    choices: tuple[Choice[T], ...]
    source: str
    """Where the rule and its variants are described (``rules §2.7``)."""
    help: str = ""
    """A longer explanation (an English msgid), when the label is not enough."""
    read: Callable[[str], T] | None = None
    """Reads a value that is not among the choices' words; raises :class:`ParseError`."""
    check: Callable[[object], None] | None = None
    """Refuses a value that is not allowed (:class:`RuleError`); by default only the choices are."""
    write: Callable[[T], str] | None = None
    """Writes a value that is not among the choices; by default ``str``."""
    accepted: str = ""
    """The accepted values, as an error message lists them (default: the choices' texts)."""

    def parse(self, raw_key: str, text: str) -> T:
        """The value that *text* gives this setting (written under *raw_key* in the log)."""
        words = setting_value(text)
        for choice in self.choices:
            if words == setting_value(choice.text) or words in choice.words:
                return choice.value
        if self.read is not None:
            return self.read(text)
        raise ParseError(
            N_("{value!r} is not a value of {key!r}: use {accepted}"),
            value=text.strip(),
            key=raw_key.strip(),
            accepted=self.accepted_values(),
        )

    def accepted_values(self) -> str:
        """What this setting accepts, for an error message: ``on, off``."""
        return self.accepted or ", ".join(choice.text for choice in self.choices)

    def text(self, value: T) -> str:
        """*value* as the log writes it."""
        for choice in self.choices:
            if choice.value == value:
                return choice.text
        return self.write(value) if self.write is not None else str(value)

    def validate(self, value: object) -> None:
        """Refuse a value this setting cannot take (:class:`RuleError` naming it)."""
        if self.check is not None:
            self.check(value)
            return
        if not any(_same(choice.value, value) for choice in self.choices):
            raise RuleError(
                N_("{value!r} is not a value of {key!r}: use {accepted}"),
                value=value,
                key=self.key,
                accepted=self.accepted_values(),
            )


def _same(expected: object, value: object) -> bool:
    # True == 1 in Python: a setting of numbers must not take a bool, nor a bool a number
    return type(expected) is type(value) and expected == value


def setting(
    default: T,
    *,
    key: str,
    label: str,
    choices: Iterable[Choice[T]],
    source: str,
    help: str = "",
    read: Callable[[str], T] | None = None,
    check: Callable[[object], None] | None = None,
    write: Callable[[T], str] | None = None,
    accepted: str = "",
) -> T:
    """Declare a field of a form's settings as a :class:`Setting` with *default* (the law's value)."""
    declared = Setting(key, label, tuple(choices), source, help, read, check, write, accepted)
    return field(default=default, metadata={_SETTING: declared})


def declared(settings_type: type[Any]) -> tuple[tuple[str, Setting[Any]], ...]:
    """The settings a settings dataclass declares: ``(field name, Setting)`` in field order."""
    found: tuple[Field[Any], ...] = fields(settings_type)
    return tuple((item.name, item.metadata[_SETTING]) for item in found if _SETTING in item.metadata)


class Settings:
    """The base of a form's settings: a frozen dataclass whose fields are declared with :func:`setting`.

    Reading a header line, writing the header, JSON and the checks of values given in code are
    all derived from the declarations.
    """

    __slots__ = ()
    FORM: ClassVar[Term]
    """The form's name as the messages say it (``rubber``, ``Chicago``)."""

    def __post_init__(self) -> None:
        for name, declaration in declared(type(self)):
            declaration.validate(getattr(self, name))

    def with_setting(self, key: str, value: str) -> Self:
        """These settings with the header line ``key: value`` applied; ParseError for a bad key or value."""
        name = setting_key(key)
        for field_name, declaration in declared(type(self)):
            if setting_key(declaration.key) == name:
                return replace(cast(Any, self), **{field_name: declaration.parse(key, value)})  # type: ignore[no-any-return]
        raise ParseError(
            N_("unknown {form} setting {key!r}: the settings are {accepted}"),
            form=self.FORM,
            key=key.strip(),
            accepted=", ".join(self.keys()),
        )

    @classmethod
    def keys(cls) -> tuple[str, ...]:
        """The header keys of these settings, in canonical order."""
        return tuple(declaration.key for _, declaration in declared(cls))

    def header(self) -> tuple[tuple[str, str], ...]:
        """Every setting as a canonical ``(key, value)`` header line, in declaration order."""
        return tuple(
            (declaration.key, declaration.text(getattr(self, name)))
            for name, declaration in declared(type(self))
        )

    def as_dict(self) -> dict[str, SettingJSON]:
        """A JSON-ready mapping of every setting, by field name."""
        return {name: _json(getattr(self, name)) for name, _declaration in declared(type(self))}


SettingJSON = bool | int | str | list[int] | list[str]
"""A setting's value as JSON: a choice's value (an enum's), a number, a flag, a list of them."""


def _json(value: object) -> SettingJSON:
    if isinstance(value, Enum):
        return cast(SettingJSON, value.value)
    if isinstance(value, tuple):
        return cast(SettingJSON, [_json(item) for item in value])
    return cast(SettingJSON, value)


S = TypeVar("S", bound=Settings)
St = TypeVar("St")


@dataclass(frozen=True, slots=True)
class Preset(Generic[S]):
    """Named settings (``preset: home-variants``) with the source that describes them."""

    name: str
    settings: S
    label: str
    """What people read (an English msgid)."""
    source: str
    words: tuple[str, ...] = ()
    """Other names read for it (English and Russian)."""


class FormState(Protocol):
    """What every form's state offers a page: the next deal's number, dealer and vulnerability, JSON."""

    @property
    def next_number(self) -> int:
        """The number of the next deal."""
        ...

    @property
    def dealer(self) -> Seat:
        """Who deals next."""
        ...

    @property
    def vulnerability(self) -> Vulnerability:
        """Who is vulnerable on the next deal."""
        ...

    def as_dict(self, gettext: Callable[[str], str] | None = None) -> Mapping[str, object]:
        """The state as JSON-ready data."""
        ...


@dataclass(frozen=True, slots=True, kw_only=True)
class FormDescription(Generic[S, St]):
    """A form of scoring, described once: names, settings, deal options, and its fold.

    ``start(settings, first_dealer, players)`` gives an empty state, ``apply(state, deal,
    players)`` the state after one more deal (*players*: who sat where on it, None when unchanged)
    and ``finish(state)`` the state as it stands if play stops now.
    """

    name: str
    """The form's name in a log, an address and on the command line (``rubber``)."""
    title: str
    """Its name for people (an English msgid: ``Rubber bridge``)."""
    words: tuple[str, ...]
    """Other names a log may give it (``роббер``)."""
    settings: type[S]
    """The settings dataclass (its fields are the declared settings; its defaults the law)."""
    options: tuple[DealOption, ...]
    """The ``key=value`` options a deal line of this form may carry."""
    start: Callable[[S, Seat, Players | None], St]
    apply: Callable[[St, LoggedDeal, Players | None], St]
    finish: Callable[[St], St]
    source: str
    """Where its rules are described (``rules §2``)."""
    presets: tuple[Preset[S], ...] = ()
    we: bool = False
    """Whether its sheet has a «We» column, and so a log's ``we:`` line matters."""
    offered: Callable[[S], frozenset[DealOption]] | None = None
    """The deal options these settings score (honours only when on); all of them by default."""
    check: Callable[[S, LoggedDeal], None] | None = None
    """Refuses (RuleError) a deal these settings cannot score, beyond the options it carries."""

    @property
    def defaults(self) -> S:
        """The settings by default: the law, or the source the form follows."""
        return self.settings()

    def declared(self) -> tuple[tuple[str, Setting[Any]], ...]:
        """``(field name, Setting)`` for each setting, in order."""
        return declared(self.settings)

    def preset(self, name: str) -> S:
        """The settings of preset *name* (any of its words); ParseError naming the presets otherwise."""
        key = setting_key(name)
        for preset in self.presets:
            if key in (preset.name, *(setting_key(word) for word in preset.words)):
                return preset.settings
        if not self.presets:
            raise ParseError(N_("the {form} form has no presets"), form=self.name)
        raise ParseError(
            N_("unknown preset {value!r}: use {accepted}"),
            value=name.strip(),
            accepted=", ".join(preset.name for preset in self.presets),
        )

    def read_settings(self, header: Mapping[str, str] | Iterable[tuple[str, str]]) -> S:
        """The settings that header lines describe: a ``preset`` (wherever it stands), then each key.

        Raises :class:`ParseError` for an unknown key, a bad value or a key given twice.
        """
        pairs = list(header.items()) if isinstance(header, Mapping) else list(header)
        seen: set[str] = set()
        for key, _value in pairs:
            name = setting_key(key)
            if name in seen:
                raise ParseError(N_("the setting {key!r} is given twice"), key=key.strip())
            seen.add(name)
        presets = [value for key, value in pairs if setting_key(key) == "preset"]
        settings = self.preset(presets[0]) if presets else self.defaults
        for key, value in pairs:
            if setting_key(key) != "preset":
                settings = settings.with_setting(key, value)
        return settings

    def options_for(self, settings: S) -> frozenset[DealOption]:
        """The deal options a game with *settings* offers (honours only when they are scored)."""
        return self.offered(settings) if self.offered is not None else frozenset(self.options)

    def refuse(self, settings: S, deal: LoggedDeal) -> None:
        """Raise :class:`RuleError` if *settings* cannot score *deal* (an option they do not take …)."""
        allowed = self.options_for(settings)
        for option in DealOption:
            if option.value_of(deal) is None:
                continue
            if option not in self.options:
                raise RuleError(N_("a {form} deal has no {key}= option"), form=self.name, key=option.key)
            if option not in allowed:
                raise RuleError(
                    option.refused, option=option.key, form=self.settings.FORM, value=option.text_of(deal)
                )
        if self.check is not None:
            self.check(settings, deal)

    def settings_of(self, settings: object) -> S:
        """*settings* as this form's settings; RuleError if they belong to another form."""
        if not isinstance(settings, self.settings):
            raise RuleError(N_("{value!r} are not the settings of a {form}"), value=settings, form=self.name)
        return settings

    def fold(
        self,
        entries: Iterable[LoggedDeal | Players],
        settings: S | None = None,
        *,
        first_dealer: Seat = Seat.NORTH,
        players: Players | None = None,
    ) -> St:
        """The state after every deal of *entries* (a :class:`Players` entry seats the deals after it).

        Errors name the deal: ``deal 3: …``.
        """
        chosen = self.defaults if settings is None else self.settings_of(settings)
        state = self.start(chosen, first_dealer, players)
        seated, count = players, 0
        for entry in entries:
            if isinstance(entry, Players):
                seated = entry
                continue
            count += 1
            try:
                state = self.apply(state, entry, seated)
            except BridgeScoreError as error:
                raise RuleError(N_("deal {number}: {problem}"), number=count, problem=error) from None
        return state
