"""The table session: card sightings and taps in, engine moves, prompts and warnings out.

A :class:`TableSession` owns an engine :class:`~engine.game.Game` and, when
given one, a :class:`~assistant.store.Store`. Every input method returns a
:class:`Reply` and refreshes :attr:`TableSession.prompt`. A move is pushed to
the game and appended to the store together: when either refuses it, the
other is rolled back, so a refused input changes nothing.

Sightings are read against the pending prompt: a Sha in the play phase opens
target selection, a Shan answers the Ask for it, an equipment card equips, a
card during the discard phase is discarded, a general card during setup seats
that general, an action token acts like its button. A card the state says
cannot be where it was seen raises a question (mis-read, duplicate sticker, or
a skill the engine does not know); ambiguity asks, it never guesses.

Corrections keep the game: a move replaced, inserted or deleted is planned
first (:meth:`TableSession.plan_correction`, a preview that changes nothing)
and then made (:meth:`TableSession.apply_correction`): the later moves are
played again where they still fit, and those that no longer do are listed
(:attr:`TableSession.set_aside`) for the table to put back or dismiss one by
one. Undone moves can be made again (:meth:`TableSession.redo`). Both lists
are read back from the store when a game is resumed or reloaded.

Scripts, the prompt buttons and the app reach these methods through
`assistant.session.script.perform`, one table script command each, which
journals every input (:meth:`TableSession.journal`) beside the moves.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import wraps
from typing import Concatenate, ParamSpec

from assistant.i18n import (
    _,
    card_name,
    card_text,
    general_name,
    join_list,
    language,
    mode_name,
    ngettext,
    phase_name,
    tr,
    variant_name,
)
from assistant.session.corrections import CorrectionPlan, CorrectionRefused
from assistant.session.names import role_label, rule_label
from assistant.session.prompts import current_prompt, seat_label, targets_for
from assistant.session.readings import (
    Reading,
    asks_nullification,
    card_readings,
    legal,
    used_when_drawn,
)
from assistant.session.replies import (
    DUPLICATE_STICKER,
    MISREAD,
    SKILL,
    PendingCard,
    Question,
    Reply,
    SessionPrompt,
    answer_label,
)
from assistant.session.sightings import (
    DUPLICATE_WINDOW,
    Sighting,
    kind_problem,
    region_problem,
    region_seat,
)
from assistant.session.skill_input import PendingSkill, confirm_label
from assistant.stickers import sticker_problem
from assistant.store import ConflictError, JournalEntry, SetAsideMove, Store, StoreError
from assistant.terms import ROLE_CARDS
from engine.cards import CardType, Target
from engine.catalogue import standard_catalogue
from engine.corrections import KINDS, Edit, find_edit, rewrite
from engine.derived import card, hand_limit_value, kind, sha_limit
from engine.frames import Ask, Expect, Window
from engine.game import Game
from engine.moves import (
    Choose,
    Damage,
    Deal,
    Discard,
    Draw,
    Forced,
    General,
    Heal,
    Judge,
    Move,
    MoveCards,
    MoveSyntaxError,
    Name,
    Next,
    Pass,
    Recast,
    Respond,
    Reveal,
    RoleReveal,
    Setup,
    Skill,
    Take,
    Use,
    default_packages,
    name_problem,
    unforced,
)
from engine.record import RecordError
from engine.registry import RULES, Rule, rule_name
from engine.rules import apply
from engine.state import GameState, Phase
from engine.table import IllegalMove, Table
from engine.windows import window_offers
from vision.payload import (
    Action,
    ActionTag,
    CardTag,
    GeneralTag,
    PayloadError,
    RoleTag,
    SeatTag,
    parse,
)

__all__ = ["TableSession"]

_SUSPECT_OPTIONS = (MISREAD, DUPLICATE_STICKER, SKILL)
# Requests for 无懈可击 passed over by one input: 桃园结义 or 南蛮入侵 at ten seats asks
# one a target.
_MOST_SILENCES = 10

# What the session waits for between inputs (a card's targets, a question, a skill
# collecting, a silence ...): put back as it was when an input is refused.
_WAITING = (
    "_last_seen",  # a refused sighting is not seen: the card laid again where it lies reads
    "_pending",
    "_question",
    "_seat_hint",
    "_skill",
    "_gathered",
    "_gathered_unseen",
    "_spear",
    "_luanji",
    "_silence",
    "_discard_ended_at",
    "_skill_done_at",
    "_targeted",
    "_set_aside",
    "_redo",
    "_corrections",
)


@dataclass
class _InputMark:
    """Where an input began (`TableSession.begin_input`), and the moves it made that
    wait to be stored with it."""

    moves: int
    game: Game
    game_id: int | None
    next_seq: int
    waiting: dict[str, object]
    unwritten: list[Move] = field(default_factory=list)


# The header of a game continued from another's move (TableSession.continue_from).
ORIGIN = "Origin"
_ROLES = {number: english for number, _chinese, english, _copies in ROLE_CARDS}
_ASKING = ("respond", "peach", "nullify")
# Where a card is, in words (worded when shown).
_ZONE_WORDS: dict[str, Callable[[], str]] = {
    "discard": lambda: _("already in the discard pile"),
    "processing": lambda: _("being settled (in the processing area)"),
    "removed": lambda: _("removed from the game"),
}


_P = ParamSpec("_P")


def _moves_on(
    tap: Callable[Concatenate[TableSession, _P], Reply],
) -> Callable[Concatenate[TableSession, _P], Reply]:
    """A tap that, refused while a 无懈可击 is asked for, means the table moved on."""

    @wraps(tap)
    def moved_on(self: TableSession, /, *args: _P.args, **kwargs: _P.kwargs) -> Reply:
        return self._moving_on(lambda: tap(self, *args, **kwargs))

    return moved_on


class TableSession:
    """One table: the engine game, the store, and what the session waits for."""

    def __init__(self, store: Store | None = None) -> None:
        self.game = Game()
        self.store = store
        self.game_id: int | None = None
        self.warnings: list[str] = []
        self._next_seq = 0
        self._pending: PendingCard | None = None
        self._question: Question | None = None
        self._seat_hint: int | None = None
        self._last_seen: tuple[str, float, int] | None = None
        self._skill: PendingSkill | None = None  # a skill collecting its cards and seats
        self._gathered: tuple[int, ...] = ()  # cards laid so far for a request of several
        self._gathered_unseen = 0
        self._spear: tuple[int, ...] = ()  # 丈八蛇矛: the seat, then the cards laid so far
        self._luanji = False  # the two cards laid are 乱击's 万箭齐发, not 丈八蛇矛's 杀
        # Nobody answered the open request (Pass(None)): in the game, not yet stored;
        # stored just before the move of the input that implied it (_after_silence).
        self._silence = 0
        # The moves when the discard phase last ended by itself (a 结束 right after is done).
        self._discard_ended_at = -1
        # The moves when a skill was used at once, no seat more fitting (a 确定 right
        # after is done).
        self._skill_done_at = -1
        self._targeted = (-1, 0)  # the move count and seat of a card used on its only target
        self._prompt = SessionPrompt(current_prompt(self.game.state))
        self._prompt_language = language()
        # The table's clock as the last input left it (seconds), and the
        # journal's next row: see assistant.session.script.perform.
        self.t = 0.0
        self._next_input = 1
        # Later moves corrections set aside, for the table to put back or dismiss;
        # the moves undone since the last other move, the next to redo last.
        self._set_aside: list[SetAsideMove] = []
        self._redo: list[Move] = []
        self._corrections = 0  # corrections made without a store (their items' keys)
        self._input: _InputMark | None = None  # the input under way (begin_input)

    @classmethod
    def resume(cls, store: Store, game_id: int) -> TableSession:
        """A session on a stored game, at its last move (raises StoreError if it cannot load)."""
        session = cls(store)
        session.game_id = game_id
        session._load()
        session._refresh()
        return session

    @classmethod
    def looking_at(cls, game: Game, moves: int | None = None) -> TableSession:
        """A session over a game's first ``moves`` moves (None: all), without a store:
        whatever it is then asked to do is never stored (a record opened to be
        looked at, ``sgs-table app --open``)."""
        session = cls()
        # A game of its own: what the table then does never changes the game looked at.
        session.game = Game(game.moves[: len(game) if moves is None else max(moves, 0)])
        session._refresh()
        return session

    @classmethod
    def continue_from(cls, store: Store, game_id: int, moves: int) -> TableSession:
        """从这里继续: a new stored game of the first ``moves`` moves of a stored one, opened.

        The new game's ``Origin`` header names where it came from ("game 12,
        move 140"); the stored game is left as it is. Raises StoreError when
        the game cannot be read or ``moves`` is not 1..its moves.
        """
        record = store.record(game_id)
        if not 1 <= moves <= len(record.moves):
            raise StoreError(
                _("game {game} has moves 1..{last}: cannot continue from {n}").format(
                    game=game_id, last=len(record.moves), n=moves
                )
            )
        origin = {ORIGIN: f"game {game_id}, move {moves}"}  # a record header: not translated
        try:
            new_id = store.create_game(record.moves[:moves], origin)
        except RecordError as exc:
            raise StoreError(
                _("cannot continue game {game}: {reason}").format(game=game_id, reason=tr(exc))
            ) from None
        return cls.resume(store, new_id)

    def _load(self) -> None:
        """Take the game, and the rows its next move and input get, from the store.

        Everything is read before anything is replaced, so a StoreError leaves
        the session as it was.
        """
        assert self.store is not None and self.game_id is not None
        # The session's own game: the store moves its own on with what it writes.
        game = self.store.load_game(self.game_id).copy()
        next_seq = self.store.next_seq(self.game_id)
        next_input, t = self.store.next_input(self.game_id)
        set_aside = self.store.set_aside(self.game_id)
        redo = self.store.undone(self.game_id)
        self.game, self._next_seq, self._next_input = game, next_seq, next_input
        self._set_aside, self._redo = set_aside, redo
        self.t = max(self.t, t)  # the journal's times never go back

    # ------------------------------------------------------------ views

    @property
    def state(self) -> GameState:
        return self.game.state

    @property
    def prompt(self) -> SessionPrompt:
        """What the table is asked for now, in the language in use (made again
        when the language changed since it was made)."""
        if self._prompt_language != language():
            self._refresh()
        return self._prompt

    @property
    def moves(self) -> tuple[str, ...]:
        return tuple(str(m) for m in self.game.moves)

    @property
    def set_aside(self) -> tuple[SetAsideMove, ...]:
        """The later moves corrections set aside, not yet put back or dismissed: the
        table's list to fix one by one (``dismiss K`` names the K-th, from 1)."""
        return tuple(self._set_aside)

    @property
    def redoable(self) -> tuple[Move, ...]:
        """The moves undone since the last other move; redo makes the last one again."""
        return tuple(self._redo)

    # ------------------------------------------------------------ plumbing

    def _refresh(self) -> None:
        self._prompt_language = language()
        self._prompt = SessionPrompt(
            current_prompt(self.state),
            self._pending,
            self._question,
            self._skill,
            (*self._gathered, *(0,) * self._gathered_unseen),
            _luanji_note(self._spear) if self._luanji else _spear_note(self._spear),
        )

    def _clear(self) -> None:
        """Forget what the session was collecting (a target, a question, a skill's cards)."""
        self._pending = self._question = None
        self._skill = None
        self._gathered, self._gathered_unseen = (), 0
        self._spear = ()
        self._luanji = False

    def _fail(self, message: str) -> Reply:
        self._refresh()
        return Reply(False, message)

    def _apply(self, move: Move, message: str = "") -> Reply:
        """Push a move to the game and the store, both or neither."""
        if not self.game.moves and not isinstance(move, Setup):
            return self._fail(_("set up the table first (mode and number of players)"))
        turn, turn_seat = self.state.turn.number, self.state.turn.seat
        try:
            self.game.push(move)
        except IllegalMove as exc:
            return self._fail(tr(exc))
        if self.store is not None:
            try:
                if isinstance(move, Setup):
                    self.game_id = self.store.create_game([move])
                    self._next_seq = self.store.next_seq(self.game_id)
                    self._next_input = self.store.next_input(self.game_id)[0]
                else:
                    assert self.game_id is not None
                    self._store_silence()
                    self._write(move)
            except (StoreError, IllegalMove, RecordError) as exc:
                self.game.undo()
                return self._fail(_not_stored(exc))
        else:
            self._store_silence()
        self._made(move)
        self._clear()
        self._seat_hint = None
        self._refresh()
        if (
            turn
            and self.state.turn.number > turn
            and not isinstance(move, Next)
            and getattr(move, "seat", None) == turn_seat
        ):
            # The turn ended by itself (闭月's draw, the last discard): a 结束 right after
            # is the table's usual tap, not a decline of the next turn's first window.
            self._discard_ended_at = len(self.game.moves)
        text = str(move)
        if isinstance(move, Discard) and self._discard_phase_done():
            # The hand is down to its limit: the discard phase ends by itself.
            ended = self._apply(Next(), "")
            if ended.ok:
                self._discard_ended_at = len(self.game.moves)
                done = _("{said}; the hand is at its limit: the discard phase ends by itself")
                return Reply(True, done.format(said=message or text), text)
        return Reply(True, message or text, text)

    def _discard_phase_done(self) -> bool:
        """The current seat's discard phase has nothing left to wait for: its hand is
        at or under the limit, and nothing is being settled."""
        state = self.state
        if state.turn.phase is not Phase.DISCARD or state.stack or state.over:
            return False
        s = state.seat(state.turn.seat)
        return s.alive and s.hand_count <= hand_limit_value(state, s.seat)

    # ------------------------------------------------------------ the table moved on

    def _moving_on(self, act: Callable[[], Reply], dying: int | None = None) -> Reply:
        """``act`` (an input); if it is refused while a request is open that the input
        shows is over, the silence and then ``act`` (see `_after_silence`)."""
        reply = act()
        if reply.ok or reply.asks:
            return reply
        return self._after_silence(act, dying) or reply

    def _after_silence(self, act: Callable[[], Reply], dying: int | None = None) -> Reply | None:
        """The table visibly moved on past an open request: nobody laid a 无懈可击 (or,
        for ``dying``, nobody saved that seat, whose role card is turned over). The
        silence (one ``pass`` for everyone) goes first, then ``act``; when ``act`` is
        still refused and another request for 无懈可击 follows (桃园结义, 南蛮入侵: one a
        target), that one passes too. All or nothing: None, with nothing changed, when
        ``act`` is refused after every silence it could follow."""
        if self._silence or self._collecting or not self._silence_ends(dying):
            return None
        reply: Reply | None = None
        for _i in range(_MOST_SILENCES):
            if self._silence and not self._silence_ends(None):
                break
            try:
                self.game.push(Pass(None))
            except IllegalMove:
                break
            self._silence += 1
            reply = act()
            if not self._silence:  # stored with the move the input made
                return reply
            if reply.ok or reply.asks:
                break
        if reply is None or not (reply.ok or reply.asks):
            self._undo_silence()
            return None
        try:  # the input collects more (a skill's cards, a question): the silence stands
            self._store_silence()
        except (StoreError, IllegalMove, RecordError) as exc:
            self._undo_silence()
            self._clear()
            return self._fail(_not_stored(exc))
        return reply

    def _after_no_answer(
        self, act: Callable[[], Reply], by: int | None, own: bool = False
    ) -> Reply | None:
        """The turn's seat plays on (``by``: a card laid in front of it, or its 结束), or
        with ``own`` the seat asked taps a skill only its damage brings (奸雄, 反馈), while
        a seat is asked for a 闪 or a 杀 of its own (a 杀's target, 南蛮入侵's, 决斗's):
        that seat had none. Its ``pass`` (the damage follows, and the windows
        after it close as the table moves on), then ``act``. None when it does not
        apply or ``act`` is still refused: the input is then refused whole, and taken
        back with the pass (`end_input`)."""
        state = self.state
        top = state.stack[-1] if state.stack else None
        if (
            by is None
            or by not in (state.turn.seat, *((top.asked,) if own and isinstance(top, Ask) else ()))
            or self._collecting
            or not isinstance(top, Ask)
            or top.anyone
            or top.helping
            or top.want not in ("shan", "sha")
            or (top.asked == by and not own)
        ):
            return None
        asked = top.asked
        passed = self._apply(Pass(asked), _("seat {seat} gives nothing").format(seat=asked))
        if not passed.ok:
            return None
        reply = act()
        if not (reply.ok or reply.asks):
            return None
        return replace(reply, message=_then(passed.message, reply.message))

    def _undo_silence(self) -> None:
        """Take back the passes of a silence not stored."""
        for _i in range(self._silence):
            self.game.undo()
        self._silence = 0
        self._refresh()

    def _silence_ends(self, dying: int | None) -> bool:
        top = self.state.stack[-1] if self.state.stack else None
        if asks_nullification(top):
            return True
        return (
            isinstance(top, Ask)
            and dying is not None
            and top.want == "tao"
            and top.for_seat == dying
        )

    def _after_nullification(self) -> GameState | None:
        """The state once nobody lays a 无懈可击 for the request on top (and for any that
        follows at once), or None when no such request is open."""
        state = self.state
        for _i in range(_MOST_SILENCES):
            top = state.stack[-1] if state.stack else None
            if not asks_nullification(top):
                break
            try:
                state = apply(state, Pass(None))
            except IllegalMove:
                return None
        return None if state is self.state else state

    def _store_silence(self) -> None:
        if not self._silence:
            return
        if self.store is not None:
            assert self.game_id is not None
            for _i in range(self._silence):
                self._write(Pass(None))
                self._made(Pass(None))
        else:
            for _i in range(self._silence):
                self._made(Pass(None))
        self._silence = 0

    def _write(self, move: Move) -> None:
        """Store a move made (already in the game): at once, or with the rest of the
        input that made it when an input is under way (`begin_input`)."""
        assert self.store is not None and self.game_id is not None
        if self._input is not None:
            self._input.unwritten.append(move)
            self._next_seq += 1
        else:
            self._next_seq = self.store.append(self.game_id, move, self._next_seq) + 1

    # ------------------------------------------------------------ one input

    def begin_input(self) -> None:
        """An input starts: what it does is kept back until `end_input` says how it
        went, so that a refused input changes nothing (the moves it made on the way,
        a window it passed, are taken back) and an accepted one is stored whole, with
        its journal row, in one transaction."""
        self._input = _InputMark(
            moves=len(self.game.moves),
            game=self.game,
            game_id=self.game_id,
            next_seq=self._next_seq,
            waiting={name: copy.copy(getattr(self, name)) for name in _WAITING},
        )

    def end_input(self, t: float, text: str, reply: Reply) -> Reply:
        """The input begun with `begin_input` is over with ``reply``: refused, it is
        undone; otherwise its moves and its journal row (``text`` at ``t``) are stored
        together. The reply, or the refusal the store gave."""
        mark = self._input
        self._input = None
        if mark is None:
            self.journal(t, text, reply)
            return reply
        same_game = self.game is mark.game and self.game_id == mark.game_id
        if reply.refused and same_game:
            self._take_back(mark)
            reply = self._naming_what_waits(reply)
        elif mark.unwritten and same_game and self.store is not None:
            assert self.game_id is not None
            entry = JournalEntry(
                self._next_input,
                t,
                _storable(text),
                refused=False,
                reply=_storable(reply.message),
            )
            try:
                self.store.append_moves(self.game_id, mark.unwritten, mark.next_seq, entry)
            except (StoreError, IllegalMove, RecordError) as exc:
                self._take_back(mark)
                reply = self._fail(_not_stored(exc))
            else:
                self._next_input += 1
                return reply
        self.journal(t, text, reply)
        return reply

    def _naming_what_waits(self, refused: Reply) -> Reply:
        """A refusal while a skill collects (or a card waits for its target) names it, so
        the table sees in one line what is missing, whatever the input was."""
        waiting = named = None
        if self._skill is not None:
            waiting, named = self._skill.text, self._skill.name
        elif self._pending is not None:
            waiting, named = self.prompt.text, self._pending.name
        if waiting is None or named is None or named in refused.message:
            return refused  # nothing collects, or the refusal is about it
        # TRANSLATORS: why an input was refused, then what the table still waits for
        said = _("{reason} (waiting: {waiting})").format(reason=refused.message, waiting=waiting)
        return replace(refused, message=said)

    def _take_back(self, mark: _InputMark) -> None:
        """Everything an input did, undone: its moves, and what the session waited for."""
        while len(self.game.moves) > mark.moves:
            self.game.undo()
        for name, value in mark.waiting.items():
            setattr(self, name, value)
        self._next_seq = mark.next_seq
        self._refresh()

    def _made(self, move: Move) -> None:
        """A move was made (and stored): the next to redo, if it is that one, else the
        end of redoing (the store reads the same back: `Store.undone`)."""
        if self._redo and self._redo[-1] == move:
            self._redo.pop()
        else:
            self._redo.clear()

    def _ask(
        self,
        text: str,
        options: tuple[str, ...],
        decide: Callable[[str], Reply],
        labels: tuple[str, ...] = (),
    ) -> Reply:
        """Ask ``text``: ``options`` answer it (as a script writes them), ``labels``
        name them for the player (the options themselves when not given)."""
        self._question = Question(text, options, decide, labels)
        self._refresh()
        answers = " / ".join(self._question.shown)
        return Reply(
            False,
            _("question: {question} ({answers})").format(question=text, answers=answers),
            asks=True,
        )

    def journal(self, t: float, text: str, reply: Reply) -> None:
        """Store an input (a table script line without its time) and whether it was refused.

        Nothing is journaled before the game exists; a journal that cannot be
        written is a warning, never a reason to take back what the input did.
        """
        if self.store is None or self.game_id is None:
            return
        try:
            seq = self.store.append_input(
                self.game_id,
                self._next_input,
                t,
                _storable(text),
                refused=reply.refused,
                reply=_storable(reply.message),
            )
        except StoreError as exc:
            self.warnings.append(_("input not journaled: {reason}").format(reason=tr(exc)))
            return
        self._next_input = seq + 1

    def _checked_seat(self, seat: int) -> str | None:
        if not self.state.mode:
            return _("set up the table first")
        if not 1 <= seat <= self.state.players:
            return _("there is no seat {seat} (seats 1-{last})").format(
                seat=seat, last=self.state.players
            )
        return None

    def _asked_seats(self) -> tuple[int, ...]:
        base = current_prompt(self.state)
        return base.who if base.expects in _ASKING else ()

    # ------------------------------------------------------------ setting up

    def setup(
        self,
        mode: str,
        players: int,
        packages: tuple[str, ...] | None = None,
        variant: str = "",
    ) -> Reply:
        """Set the table up; ``packages`` None: the mode's own (新1V1: its deck)."""
        if self.game.moves:
            return self._fail(_("the table is set up already (start a new session for a new game)"))
        if variant:
            what = ngettext(
                "{mode} table for {n} player ({variant})",
                "{mode} table for {n} players ({variant})",
                players,
            )
        else:
            what = ngettext("{mode} table for {n} player", "{mode} table for {n} players", players)
        what = what.format(mode=mode_name(mode), n=players, variant=variant_name(variant))
        if packages is None:
            packages = default_packages(mode)
        return self._apply(Setup(mode, players, packages, variant), what)

    def seat_general(
        self, seat: int, key: str, *more: str, kingdom: str = "", hidden: bool = False
    ) -> Reply:
        """Seat ``seat`` takes general ``key`` (and ``more``, in modes with several each);
        a 神 general in identity says the ``kingdom`` he plays for. ``hidden``: face
        down, as hegemony's always are (the record's word, refused in other modes)."""
        if (bad := self._checked_seat(seat)) is not None:
            return self._fail(bad)
        if hidden and self.state.mode != "hegemony":
            return self._fail(_("generals are face down only in hegemony (国战)"))
        keys = (key, *more)
        if self.state.turn.phase is not Phase.SETUP:
            return self._fail(
                _("generals are chosen during setup; the game has started ({keys})").format(
                    keys=" ".join(keys)
                )
            )
        generals = []
        for k in keys:
            try:
                generals.append(standard_catalogue().general(k))
            except KeyError:
                return self._fail(_("no general {key} in the catalogue").format(key=repr(k)))
        # Hegemony generals start face down; they are turned up by reveal_general.
        hidden = self.state.mode == "hegemony"
        took = _("seat {seat} takes {generals}").format(seat=seat, generals=join_list(generals))
        return self._apply(General(seat, keys, hidden, kingdom), took)

    def reveal_general(self, seat: int, key: str) -> Reply:
        """Hegemony: seat ``seat`` turns its face-down general ``key`` face up."""
        if (bad := self._checked_seat(seat)) is not None:
            return self._fail(bad)
        try:
            name = general_name(standard_catalogue().general(key))
        except KeyError:
            name = key  # the engine refuses it, with its reason
        return self._apply(
            Reveal(seat, key), _("seat {seat} reveals {general}").format(seat=seat, general=name)
        )

    def reveal_role(self, seat: int, role: str) -> Reply:
        if (bad := self._checked_seat(seat)) is not None:
            return self._fail(bad)
        said = _("seat {seat} is the {role}").format(
            seat=seat, role=role_label(role, self.state.mode)
        )
        return self._moving_on(lambda: self._apply(RoleReveal(seat, role), said), dying=seat)

    def deal(self) -> Reply:
        return self._apply(Deal(), _("starting hands dealt"))

    # ------------------------------------------------------------ playing

    @_moves_on
    def next_phase(self) -> Reply:
        if self._discard_ended_at == len(self.game.moves) and not self._collecting:
            # 结束 tapped after the last discard, as a table used to: already done.
            self._discard_ended_at = -1
            if (
                self.state.turn.phase is not Phase.DISCARD
                and self.game.moves
                and not isinstance(self.game.moves[-1], (Next, Discard))
            ):
                return Reply(True, _("the turn ended by itself: nothing to end"))
            return Reply(True, _("the hand is at its limit: the discard phase ends by itself"))
        return self._next_phase()

    def _next_phase(self) -> Reply:
        if self._question is not None:
            return self._fail(self._answer_first())
        if self._skill is not None:
            return self._fail(
                _("finish or cancel {skill} first: {prompt}").format(
                    skill=self._skill.name, prompt=self._skill.text
                )
            )
        asked = self._asked_seats()
        if asked and (moved := self._after_no_answer(self._next_phase, self.state.turn.seat)):
            return moved  # 结束 by the turn's seat: the seat asked had nothing
        if asked:
            return self._fail(
                ngettext(
                    "seat {seats} is being asked: respond or pass first",
                    "seats {seats} are being asked: respond or pass first",
                    len(asked),
                ).format(seats=join_list(asked))
            )
        if self._pending is not None:
            return self._fail(
                _("{card} waits for a target: choose or cancel").format(
                    card=card_text(card(self._pending.card_id))
                )
            )
        return self._apply(Next())

    def _answer_first(self) -> str:
        assert self._question is not None
        return _("answer the question first: {question}").format(question=self._question.text)

    @_moves_on
    def draw(self, seat: int, n: int) -> Reply:
        if (bad := self._checked_seat(seat)) is not None:
            return self._fail(bad)
        if n < 1:
            return self._fail(_("draw {n}: a seat draws at least 1 card").format(n=n))
        return self._apply(Draw(seat, n), _("seat {seat} draws {n}").format(seat=seat, n=n))

    def choose_target(self, *seats: int) -> Reply:
        """Seats tapped as targets: of the card waiting for them, or of the skill being entered."""
        if not seats:
            return self._fail(_("choose at least one target seat"))
        if self._skill is not None:
            return self._skill_targets(seats)
        pending = self._pending
        if pending is None and self._targeted == (len(self.game.moves), *seats):
            self._targeted = (-1, 0)
            return Reply(
                True, _("seat {seat} is the target already: nothing to do").format(seat=seats[0])
            )
        if pending is None:
            return self._fail(_("no card is waiting for a target"))
        by_seat = {o.seat: o for o in pending.options}
        for s in seats:
            option = by_seat.get(s)
            if option is None:
                return self._fail(
                    _("seat {seat} cannot be a target (no living seat {seat})").format(seat=s)
                )
            if not option.legal and not pending.forced and pending.most == 1:
                return self._fail(
                    _("seat {seat} cannot be the target: {reason}").format(
                        seat=s, reason=option.reason
                    )
                )
        chosen = (*pending.chosen, *seats)
        if len(chosen) > pending.most:
            return self._fail(
                ngettext(
                    "{card} takes at most {n} target",
                    "{card} takes at most {n} targets",
                    pending.most,
                ).format(card=pending.name, n=pending.most)
            )
        if len(chosen) < pending.most and len(seats) == 1:
            self._pending = replace(pending, chosen=chosen)  # more may be tapped, or 确定
            self._refresh()
            return Reply(
                True,
                ngettext(
                    "target {seats} chosen; more, or {button}",
                    "targets {seats} chosen; more, or {button}",
                    len(chosen),
                ).format(seats=join_list(chosen), button=confirm_label()),
            )
        return self._use_pending(chosen)

    def recast(self) -> Reply:
        """重铸: the card waiting for its targets (铁索连环) is recast instead: discarded,
        and its owner draws one."""
        pending = self._pending
        as_kind = pending.as_kind if pending is not None else None  # 连环: a club as 铁索连环
        if pending is None or not (
            card(pending.card_id).kind.recastable or (as_kind and kind(as_kind).recastable)
        ):
            return self._fail(_("no card that can be recast is waiting"))
        said = _("seat {seat} recasts").format(seat=pending.seat)
        return self._apply(Recast(pending.seat, pending.card_id), said)

    def _use_pending(self, targets: tuple[int, ...]) -> Reply:
        pending = self._pending
        assert pending is not None
        if len(targets) < pending.least:
            return self._fail(
                ngettext(
                    "{card} needs {n} target", "{card} needs {n} targets", pending.least
                ).format(card=pending.name, n=pending.least)
            )
        cards = (pending.card_id, *pending.more)
        move: Move = Use(pending.seat, cards, pending.as_kind, targets)
        if pending.forced:
            move = Forced(move)
        said = _("seat {seat} uses {card} on {targets}").format(
            seat=pending.seat, card=pending.name, targets=join_list(targets)
        )
        return self._apply(move, said)

    @_moves_on
    def respond(self, seat: int, card_id: int) -> Reply:
        if (bad := self._checked_seat(seat)) is not None:
            return self._fail(bad)
        if (bad := self._card_problem(card_id)) is not None:
            return self._fail(bad)
        asked = self._asked_seats()
        if not asked:
            return self._fail(_("nobody is asked to respond now"))
        if seat not in asked:
            return self._fail(
                ngettext(
                    "seat {seat} is not asked; seat {seats} is ({prompt})",
                    "seat {seat} is not asked; seats {seats} are ({prompt})",
                    len(asked),
                ).format(seat=seat, seats=join_list(asked), prompt=self.prompt.base.text)
            )
        said = _("seat {seat} answers with {card}").format(seat=seat, card=card_text(card(card_id)))
        return self._apply(Respond(seat, (card_id,)), said)

    def pass_turn(self, seat: int | None = None) -> Reply:
        if seat is not None and (bad := self._checked_seat(seat)) is not None:
            return self._fail(bad)
        asked = self._asked_seats()
        if not self.state.stack:
            return self._fail(_("nothing to pass on: nobody is being asked"))
        said = _("passed") if seat is None else _("seat {seat} passes").format(seat=seat)
        if seat is not None and (path := self._on_the_way_to(seat)):
            # The target of a trick says 不出 while windows or 无懈可击 come first: they
            # close unused (the table moved on), and the seat gives nothing.
            for move in path:
                if not (reply := self._apply(move, "")).ok:
                    return reply
            return self._apply(Pass(seat), said)
        if seat is not None and asked and seat not in asked:
            return self._fail(
                ngettext(
                    "seat {seat} is not asked; seat {seats} is",
                    "seat {seat} is not asked; seats {seats} are",
                    len(asked),
                ).format(seat=seat, seats=join_list(asked))
            )
        if seat is not None and self._asked_next(seat):
            # The target of a trick says 不出 while 无懈可击 may still be laid: nobody
            # nullified it (the table moved on), and the seat gives no 杀 or 闪.
            passed = self._after_silence(lambda: self._apply(Pass(seat), said))
            if passed is not None:
                return passed
        return self._apply(Pass(seat), said)

    def _on_the_way_to(self, seat: int) -> tuple[Move, ...]:
        """The passes that bring the table to ``seat`` asked for a card of its own (the
        杀 of 决斗 or 南蛮入侵, the 闪 of 万箭齐发) through what comes first: a window
        (another seat's 天香: closed unused; the seat's own 激将: declined) and requests
        for 无懈可击 (nobody nullifies). Empty when the seat is asked now, or is not
        asked at the end of such a path, or no 无懈可击 request is on the way (the seat's
        `pass` then declines its own window, 护驾's), or no window is (`_asked_next`
        reads that)."""
        state = self.state
        path: list[Move] = []
        windows = nullifications = 0
        for _i in range(_MOST_SILENCES):
            top = state.stack[-1] if state.stack else None
            if isinstance(top, Ask) and not top.anyone:
                found = top.asked == seat and windows and nullifications
                return tuple(path) if found else ()
            if asks_nullification(top):
                move: Move = Pass(None)
                nullifications += 1
            elif isinstance(top, Window):
                move = Pass(seat) if seat in top.seats else Pass(None)
                windows += 1
            else:
                return ()
            try:
                state = apply(state, move)
            except IllegalMove:
                return ()
            path.append(move)
        return ()

    def _asked_next(self, seat: int) -> bool:
        """Whether ``seat`` is the one asked (for a 杀, a 闪 ...) once nobody lays the
        无懈可击 a request on top waits for."""
        after = self._after_nullification()
        top = after.stack[-1] if after is not None and after.stack else None
        return isinstance(top, Ask) and not top.anyone and top.asked == seat

    @_moves_on
    def discard(self, seat: int, *card_ids: int, unknown: int = 0) -> Reply:
        if (bad := self._checked_seat(seat)) is not None:
            return self._fail(bad)
        if not card_ids and unknown < 1:
            return self._fail(_("discard what? name cards or a number of unseen cards"))
        for c in card_ids:
            if (bad := self._card_problem(c)) is not None:
                return self._fail(bad)
        base = current_prompt(self.state)
        if base.expects not in ("discard", "choose_card", "fire_discard") or seat not in (
            *base.who,
            *(self._expect_other(),),
        ):
            return self._fail(
                _(
                    "seat {seat} is not asked to discard now ({prompt}); force it for a skill"
                ).format(seat=seat, prompt=base.text)
            )
        return self._apply(Discard(seat, tuple(card_ids), unknown))

    def _expect_other(self) -> int:
        top = self.state.stack[-1] if self.state.stack else None
        return int(getattr(top, "other", 0) or 0)

    @_moves_on
    def use_skill(
        self,
        seat: int,
        key: str,
        cards: tuple[int, ...] = (),
        unknown: int = 0,
        targets: tuple[int, ...] = (),
    ) -> Reply:
        """Seat ``seat`` uses its skill or equipment effect ``key`` (发动技能).

        With its cards and seats named, or when it needs none, the move is made
        now. Otherwise (a skill button tapped) the session collects them: the
        cards the owner lays, ``unseen`` hand cards, the seats tapped, then 确定.
        """
        for s in (seat, *targets):
            if (bad := self._checked_seat(s)) is not None:
                return self._fail(bad)
        for c in cards:
            if (bad := self._card_problem(c)) is not None:
                return self._fail(bad)
        if key == "spear" and not cards:  # two hand cards laid as one 杀
            return self._start_spear(seat)
        if key == "luanji" and not cards:  # 乱击: two hand cards of a suit as 万箭齐发
            return self._start_luanji(seat)
        if self._skill is not None and (self._skill.seat, self._skill.key) != (seat, key):
            return self._fail(
                _("finish or cancel {skill} first: {prompt}").format(
                    skill=self._skill.name, prompt=self._skill.text
                )
            )
        rule = RULES.get(key)
        pending = PendingSkill(seat, key, cards, unknown, targets)
        if rule is not None and not self._silence and self._offered_after_nullification(rule, seat):
            # Asked for a 杀 once nobody lays a 无懈可击 (激将 against 南蛮入侵): the table
            # moved on to the request the skill answers.
            used = self._after_silence(lambda: self.use_skill(seat, key, cards, unknown, targets))
            if used is not None:
                return used
        if rule is None or cards or unknown or targets or pending.full or self._at_once(rule, seat):
            used = self._apply(pending.move(), self._uses(pending))
            again = lambda: self.use_skill(seat, key, cards, unknown, targets)  # noqa: E731
            if used.refused and (
                moved := self._after_no_answer(again, seat, own=True) or self._after_windows(again)
            ):
                return moved  # 奸雄 tapped while its seat was asked for a 闪: it had none
            return used
        if (why_not := self._not_now(rule, seat)) is not None:
            moved = self._after_no_answer(
                lambda: self.use_skill(seat, key), seat, own=True
            ) or self._after_windows(lambda: self.use_skill(seat, key))
            return moved or self._fail(why_not)
        self._clear()
        self._skill = pending
        self._refresh()
        return Reply(True, pending.text)

    def _after_windows(self, act: Callable[[], Reply]) -> Reply | None:
        """A skill tapped while the windows on top do not offer it (雷击 while 鬼道's
        window is open): the table moved on past them. They close unused, one at a
        time, until ``act`` is accepted; None (the input then refused whole, taken
        back) when it never is."""
        if self._collecting or self._silence:
            return None
        for _i in range(_MOST_SILENCES):
            top = self.state.stack[-1] if self.state.stack else None
            if not isinstance(top, Window):
                return None
            closed = self._apply(Pass(None), "")
            if not closed.ok:
                return None
            reply = act()
            if reply.ok or reply.asks:
                return reply
        return None

    def _not_now(self, rule: Rule, seat: int) -> str | None:
        """Why ``seat`` cannot start ``rule`` now (its cards and seats to be collected),
        or None: a button tapped out of its time is refused at once, with the reason,
        not two inputs later at 确定."""
        state = self.state
        top = state.stack[-1] if state.stack else None
        name = rule_label(rule.key)
        if isinstance(top, Window) and rule.key in window_offers(state, top, seat):
            return None
        if (
            isinstance(top, Ask)
            and rule.answers is not None
            and rule.answers(Table(state), seat, top)
        ):
            return None
        if not rule.phases:
            return _("{skill} is not offered now: {prompt}").format(
                skill=name, prompt=self.prompt.text
            )
        if state.turn.seat != seat or state.turn.phase not in rule.phases:
            phases = join_list([phase_name(p) for p in Phase if p in rule.phases])
            return _("{skill} is used in its owner's {phases}: {prompt}").format(
                skill=name, phases=phases, prompt=self.prompt.text
            )
        uses = dict(state.turn.skill_uses)
        if rule.limit_per_phase and uses.get(f"{seat}:{rule.key}", 0) >= rule.limit_per_phase:
            return _("{skill}: used already this phase").format(skill=name)
        if state.turn.phase is Phase.PLAY and isinstance(top, Ask | Expect):
            return _("{skill} is not used while a card settles: {prompt}").format(
                skill=name, prompt=self.prompt.text
            )
        return None

    def _start_luanji(self, seat: int) -> Reply:
        """乱击's button: the next two cards the seat lays are one 万箭齐发."""
        reply = self._start_spear(seat, luanji=True)
        self._luanji = reply.ok
        self._refresh()
        return reply

    def _start_spear(self, seat: int, luanji: bool = False) -> Reply:
        """丈八蛇矛's button: the next two cards the seat lays are one 杀."""
        weapon = self.state.seat(seat).weapon
        if luanji:
            self._clear()
            self._spear = (seat,)
            return Reply(True, _luanji_note(self._spear))
        if weapon is None or card(weapon).key != "spear":
            return self._fail(_("seat {seat} has no {weapon}").format(seat=seat, weapon=_spear()))
        self._clear()
        self._spear = (seat,)
        self._refresh()
        return Reply(
            True,
            _("seat {seat} {weapon}: lay the two hand cards used as one {sha}").format(
                seat=seat, weapon=_spear(), sha=_sha()
            ),
        )

    def _spear_card(self, card_id: int) -> Reply:
        seat, *cards = self._spear
        cards.append(card_id)
        if len(cards) < 2:
            self._spear = (seat, *cards)
            self._refresh()
            if self._luanji:
                return Reply(True, _luanji_note(self._spear))
            return Reply(
                True, _("seat {seat} {weapon}: one more card").format(seat=seat, weapon=_spear())
            )
        pair = (cards[0], cards[1])
        if self._luanji:  # 乱击: used at once, every other player its target
            self._spear, self._luanji = (), False
            said = _("seat {seat} uses two cards as {card} ({skill})").format(
                seat=seat, card=card_name(kind("archery_attack")), skill=rule_label("luanji")
            )
            return self._apply(Use(seat, pair, "archery_attack", ()), said)
        top = self.state.stack[-1] if self.state.stack else None
        if isinstance(top, Ask | Window):  # asked for a 杀: the two cards are played as one
            said = _("seat {seat} plays {weapon}'s {sha}").format(
                seat=seat, weapon=_spear(), sha=_sha()
            )
            return self._apply(Respond(seat, pair, "sha"), said)
        self._spear = ()
        reply = self._open_targets(seat, pair[0], "sha", forced=False)
        if self._pending is not None:
            self._pending = replace(self._pending, more=(pair[1],))
            self._refresh()
        return reply

    def _offered_after_nullification(self, rule: Rule, seat: int) -> bool:
        """Whether the window that opens once nobody lays a 无懈可击 offers ``rule`` to
        ``seat`` (and the window on top, if any, does not)."""
        top = self.state.stack[-1] if self.state.stack else None
        if isinstance(top, Window) and rule.key in window_offers(self.state, top, seat):
            return False
        after = self._after_nullification()
        if after is None or not after.stack:
            return False
        window = after.stack[-1]
        return isinstance(window, Window) and rule.key in window_offers(after, window, seat)

    def _at_once(self, rule: Rule, seat: int) -> bool:
        """A skill whose cards and seats are all optional, offered by the window on top:
        one tap uses it (激将 asked for a 杀 names no target)."""
        top = self.state.stack[-1] if self.state.stack else None
        return (
            isinstance(top, Window)
            and rule.cards[0] == 0
            and rule.targets[0] == 0
            and rule.key in window_offers(self.state, top, seat)
            and legal(self.state, Skill(seat, rule.key))  # 放权 at the end: a card and a seat
        )

    def _skill_card(self, card_id: int) -> Reply:
        skill = self._skill
        assert skill is not None
        if not skill.wants_cards:
            return self._fail(
                _("{skill} needs no more cards: {prompt}").format(
                    skill=skill.name, prompt=skill.text
                )
            )
        self._skill = skill.with_card(card_id)
        return self._skill_progress()

    def _skill_targets(self, seats: tuple[int, ...]) -> Reply:
        """Seats tapped for the skill being entered: each one the engine allows next
        (`PendingSkill.options`), or the tap is refused with the rule's reason."""
        skill = self._skill
        assert skill is not None
        for seat in seats:
            if not skill.wants_targets:
                return self._fail(
                    _("{skill} takes no more seats: {prompt}").format(
                        skill=skill.name, prompt=skill.text
                    )
                )
            if (bad := self._checked_seat(seat)) is not None:
                return self._fail(bad)
            option = {o.seat: o for o in skill.options(self.state)}.get(seat)
            if option is None:
                return self._fail(
                    _("seat {seat} cannot be a target (no living seat {seat})").format(seat=seat)
                )
            if not option.legal:
                return self._fail(
                    _("seat {seat} cannot be the target: {reason}").format(
                        seat=seat, reason=option.reason
                    )
                )
            skill = skill.with_target(seat)
        self._skill = skill
        return self._skill_progress()

    def _skill_progress(self) -> Reply:
        skill = self._skill
        assert skill is not None
        if skill.full:
            return self._apply(skill.move(), self._uses(skill))
        if skill.ready and not skill.wants_cards and self._no_seat_fits(skill):
            # Nothing more can be added: used at once, no 确定 to tap (节命 with the
            # one seat its one point of damage allows). A 确定 right after, as a table
            # used to tap, is done already.
            made = self._apply(skill.move(), self._uses(skill))
            if made.ok:
                self._skill_done_at = len(self.game.moves)
            return made
        self._refresh()
        return Reply(True, skill.text)

    def _no_seat_fits(self, skill: PendingSkill) -> bool:
        """The skill may take more seats by its rule, but the engine allows none more:
        the move as it stands is accepted, and with any living seat added refused."""
        if not skill.wants_targets or not skill.targets:
            return False
        state = self.state
        move = skill.move()
        try:
            apply(state, move)
        except IllegalMove:
            return False
        for s in state.seats:
            if not s.alive:
                continue
            try:
                apply(state, replace(move, targets=(*move.targets, s.seat)))
            except IllegalMove:
                continue
            return False
        return True

    @_moves_on
    def choose(self, seat: int, option: str) -> Reply:
        """A seat answers a choice by its word (反间: the suit it names)."""
        if (bad := self._checked_seat(seat)) is not None:
            return self._fail(bad)
        said = _("seat {seat} chooses {word}").format(seat=seat, word=option)
        return self._apply(Choose(seat, option), said)

    @_moves_on
    def unseen(self, n: int = 1) -> Reply:
        """暗牌: a hand card nobody may see moves (a skill's cost or gift, a card taken
        from a hand, a discard chosen blind): it is never shown to the camera."""
        if n < 1:
            return self._fail(_("unseen cards: at least 1"))
        if self._skill is not None:
            if not self._skill.wants_cards:
                return self._fail(_("{skill} needs no more cards").format(skill=self._skill.name))
            self._skill = self._skill.with_unseen(n)
            return self._skill_progress()
        top = self.state.stack[-1] if self.state.stack else None
        if isinstance(top, Expect):
            if top.what == "take_one":
                return self._apply(Take(top.seat, top.other, (), n))
            if top.what == "discard_one":
                return self._apply(Discard(top.other, (), n))
            if top.what in _GATHERING and top.what != "reveal":
                return self._gather(top, 0, n)
        base = current_prompt(self.state)
        if base.expects == "discard":
            return self.discard(base.who[0], unknown=n)
        return self._fail(_("no hidden card moves now ({prompt})").format(prompt=base.text))

    @_moves_on
    def pick_card(self, card_id: int) -> Reply:
        """A card tapped on the screen (a known card in a seat's zones): chosen as if laid."""
        return self._card_seen(card_id, trusted=False)

    def adjust_hp(self, seat: int, delta: int) -> Reply:
        """A correction of HP, recorded as a forced (flagged) damage or heal."""
        if (bad := self._checked_seat(seat)) is not None:
            return self._fail(bad)
        if delta == 0:
            return self._fail(_("adjust HP by what? +1 heals, -1 damages"))
        move: Move = Damage(seat, -delta) if delta < 0 else Heal(seat, delta)
        said = _("seat {seat} HP {delta} (flagged)").format(seat=seat, delta=f"{delta:+d}")
        reply = self._apply(Forced(move), said)
        if reply.ok:
            self.warnings.append(_("forced: {move}").format(move=move))
        return reply

    def force(self, text: str) -> Reply:
        """Apply a move the engine may think illegal; it is flagged in the log."""
        try:
            move = Move.parse(text)
        except MoveSyntaxError as exc:
            return self._fail(_("not a move: {reason}").format(reason=tr(exc)))
        if isinstance(move, Setup):
            return self._fail(_("setup is not forced: use setup()"))
        if not isinstance(move, Forced):
            move = Forced(move)
        reply = self._apply(move, _("forced: {move} (flagged)").format(move=move))
        if reply.ok:
            self.warnings.append(_("forced: {move}").format(move=move))
        return reply

    def enter(self, text: str) -> Reply:
        """A move typed on the log screen (the last resort): made as it is when the engine
        accepts it, else forced, flagged for review with the engine's reason."""
        try:
            move = Move.parse(text)
        except MoveSyntaxError as exc:
            return self._fail(_("not a move: {reason}").format(reason=tr(exc)))
        if isinstance(move, Setup):
            return self._fail(_("setup is not typed: use the setup screen"))
        if isinstance(move, Forced):
            return self.force(text)
        plain = self._apply(move)
        if plain.ok:
            return plain
        said = _("forced: {move} (flagged; {reason})").format(move=move, reason=plain.message)
        reply = self._apply(Forced(move), said)
        if reply.ok:
            self.warnings.append(
                _("forced: {move} ({reason})").format(move=move, reason=plain.message)
            )
        return reply

    def correct(self, number: int, text: str) -> Reply:
        """Replace move ``number`` (1-based, in effect); the moves after it stop counting.

        The old correction (``correct N MOVE``), kept as it was: `replace` keeps
        the later moves that still fit.
        """
        moves = self.game.moves
        if not 2 <= number <= len(moves):
            return self._fail(
                _("move {n} cannot be corrected (moves 2-{last})").format(n=number, last=len(moves))
            )
        try:
            move = Move.parse(text)
        except MoveSyntaxError as exc:
            return self._fail(_("not a move: {reason}").format(reason=tr(exc)))
        if isinstance(move, Setup):
            return self._fail(_("the setup is not corrected"))
        try:
            game = Game([*moves[: number - 1], move])
        except IllegalMove as exc:
            return self._fail(_("refused: {reason}").format(reason=tr(exc)))
        if self.store is not None:
            assert self.game_id is not None
            try:
                seq = self.store.moves(self.game_id)[number - 1].seq
                first = self._next_seq
                self._next_seq = self.store.correct(self.game_id, seq, move, self._next_seq) + 1
            except (StoreError, IllegalMove) as exc:
                return self._fail(_not_stored(exc))
        else:
            first = 0
        before = self.game.moves
        self.game = game
        self._corrected(before, number, move, first)
        self._pending = self._question = None
        self._refresh()
        said = _("move {n} is now {move}; later moves dropped").format(n=number, move=move)
        return Reply(True, said, str(move))

    def undo(self) -> Reply:
        if self._collecting:
            self._clear()
            self._refresh()
            return Reply(True, _("cancelled"))
        if len(self.game.moves) <= 1:
            return self._fail(_("nothing to undo"))
        if self.store is not None:
            assert self.game_id is not None
            try:
                self._next_seq = self.store.undo(self.game_id, self._next_seq) + 1
            except StoreError as exc:
                return self._fail(_not_stored(exc))
        undone = self.game.undo()
        self._redo.append(undone)
        self._refresh()
        return Reply(True, _("undone: {move}").format(move=undone))

    def redo(self) -> Reply:
        """重做: the move undone last, made again (refused, with the reason, when it no
        longer fits); any other move ends redoing."""
        if not self._redo:
            return self._fail(_("nothing to redo"))
        move = self._redo[-1]
        return self._apply(move, _("redone: {move}").format(move=move))

    # ------------------------------------------------------------ corrections

    def plan_correction(self, kind: str, number: int, text: str = "") -> CorrectionPlan:
        """What ``kind`` (replace, insert, delete) of move ``number`` with the move
        ``text`` would do, worked out on the game as it stands; nothing changes.

        An insertion of a move the table set aside puts it back. Raises
        CorrectionRefused (one line) when the correction cannot be made: no
        game, a move that does not read, a number out of range, the setup, a
        move the rules refuse there (force it with ``!``), or no change at all.
        """
        if not self.game.moves:
            raise CorrectionRefused(_("set up the table first (mode and number of players)"))
        if kind not in KINDS:
            raise CorrectionRefused(
                _("unknown correction {kind}: replace, insert or delete").format(kind=repr(kind))
            )
        move: Move | None = None
        if kind != "delete":
            try:
                move = Move.parse(text)
            except MoveSyntaxError as exc:
                raise CorrectionRefused(_("not a move: {reason}").format(reason=tr(exc))) from None
        elif text.strip():
            raise CorrectionRefused(_("a deletion takes no move"))
        try:
            fixed = rewrite(self.game.moves, Edit(kind, number, move))
        except IllegalMove as exc:
            raise CorrectionRefused(_("refused: {reason}").format(reason=tr(exc))) from None
        if kind == "insert" and number <= len(self.game.moves):
            # The move it pushes down no longer fits: it takes that move's place, and
            # is told (and stored, and read back: engine.corrections.find_edit) so.
            instead = rewrite(self.game.moves, Edit("replace", number, move))
            if instead.moves == fixed.moves:
                fixed = instead
        if fixed.moves == self.game.moves:
            raise CorrectionRefused(
                _("move {n} is {move} already: nothing changes").format(n=number, move=move)
            )
        back = None
        if kind == "insert" and move is not None:
            back = next(
                (item for item in self._set_aside if unforced(item.move) == unforced(move)),
                None,
            )
        seq = self._next_seq if self.store is not None else 0
        return CorrectionPlan(fixed, self.state, seq, back)

    def apply_correction(self, plan: CorrectionPlan) -> Reply:
        """Make a planned correction (the app's 确定): stored as one transaction; the
        moves it sets aside join the list. Refused, nothing changed, when the game
        moved on since it was planned, or the store refuses it."""
        if not self.plan_current(plan):
            return self._fail(_("the game changed since this correction was shown: look again"))
        first = self._next_seq
        if self.store is not None:
            assert self.game_id is not None
            puts_back = () if plan.puts_back is None else (plan.puts_back.key,)
            try:
                self.store.rewrite(self.game_id, plan.edit, first, puts_back=puts_back)
                self._next_seq = self.store.next_seq(self.game_id)
            except (StoreError, IllegalMove) as exc:
                return self._fail(_not_stored(exc))
        self.game = plan.rewrite.game
        self._discard_ended_at = -1
        if plan.puts_back in self._set_aside:
            self._set_aside.remove(plan.puts_back)
        self._corrected(plan.before, plan.number, plan.move, first)
        self._clear()
        self._refresh()
        move = None if plan.move is None else str(plan.move)
        return Reply(True, plan.summary(), move)

    def plan_current(self, plan: CorrectionPlan) -> bool:
        """Whether ``plan`` was made on the game as it stands (nothing stored since)."""
        seq = self._next_seq if self.store is not None else 0
        return plan.next_seq == seq and plan.before == self.game.moves

    def replace(self, number: int, text: str) -> Reply:
        """Move ``number`` becomes ``text``; the later moves are played again where they fit."""
        return self._correction("replace", number, text)

    def insert(self, number: int, text: str) -> Reply:
        """``text`` becomes move ``number`` (a missed move, or one set aside put back)."""
        return self._correction("insert", number, text)

    def delete(self, number: int) -> Reply:
        """Move ``number`` goes; the later moves are played again where they fit."""
        return self._correction("delete", number)

    def _correction(self, kind: str, number: int, text: str = "") -> Reply:
        try:
            plan = self.plan_correction(kind, number, text)
        except CorrectionRefused as exc:
            return self._fail(str(exc))
        return self.apply_correction(plan)

    def dismiss(self, k: int) -> Reply:
        """The K-th move set aside (from 1) is dropped for good: the table will not put
        it back."""
        if not 1 <= k <= len(self._set_aside):
            if not self._set_aside:
                return self._fail(_("no move is set aside"))
            return self._fail(
                _("there is no set-aside move {k} (1-{last})").format(
                    k=k, last=len(self._set_aside)
                )
            )
        item = self._set_aside[k - 1]
        if self.store is not None:
            assert self.game_id is not None
            try:
                self.store.settle(self.game_id, item.key)
            except StoreError as exc:
                return self._fail(_("not stored: {reason}").format(reason=tr(exc)))
        self._set_aside.remove(item)
        self._refresh()
        return Reply(
            True,
            _("dismissed: {move} (set aside from move {n})").format(move=item.move, n=item.number),
        )

    def _corrected(
        self, before: tuple[Move, ...], number: int, move: Move | None, first: int
    ) -> None:
        """The lists after a correction from ``before`` at ``number`` (its first row:
        ``first``): the moves it set aside join those to fix; redoing ends, unless it
        took back the last move (an undo). As the store reads them back."""
        if self.store is not None and self.game_id is not None:
            try:
                self._set_aside = self.store.set_aside(self.game_id)
                self._redo = self.store.undone(self.game_id)
                return
            except StoreError as exc:
                self.warnings.append(tr(exc))
        if move is None and number == len(before) and len(self.game.moves) == number - 1:
            self._redo.append(before[-1])
            return
        self._redo.clear()
        found = find_edit(before, number, move, self.game.moves)
        if found is None:
            return
        self._corrections += 1
        self._set_aside += [
            SetAsideMove(first or self._corrections, self._corrections, s.number, s.move, s.reason)
            for s in found.set_aside
        ]

    @property
    def _collecting(self) -> bool:
        return bool(
            self._pending
            or self._question
            or self._skill
            or self._gathered
            or self._gathered_unseen
        )

    def cancel(self) -> Reply:
        """取消: drop what the session collects (a card's targets, a question, a skill's
        cards and seats, cards laid for a request); never a move."""
        if not self._collecting:
            return self._fail(_("nothing to cancel"))
        self._clear()
        self._refresh()
        return Reply(True, _("cancelled"))

    def forget(self) -> Reply:
        """What a session reopened on a stored game no longer knows, forgotten here too.

        The scanned card waiting for a target, the open question, the seat
        picked by its marker during setup and the last sighting live only in
        the session that saw them; the journal marks the reopening so that a
        replay forgets them at the same point.
        """
        self._forget()
        return Reply(True, _("reopened after move {n}").format(n=len(self.game.moves)))

    def name_seat(self, seat: int, text: str) -> Reply:
        """The name of the person playing ``seat`` ("": forget it): a ``name`` move,
        at any time (it changes nothing else, and leaves what waits waiting)."""
        if (bad := self._checked_seat(seat)) is not None:
            return self._fail(bad)
        problem = name_problem(text)
        if problem is not None:
            return self._fail(tr(problem))
        # Naming a player answers nothing: what the session collects stays collected.
        kept = (
            self._pending,
            self._question,
            self._skill,
            self._gathered,
            self._gathered_unseen,
            self._spear,
        )
        reply = self._apply(Name(seat, text))
        if reply.ok:
            (
                self._pending,
                self._question,
                self._skill,
                self._gathered,
                self._gathered_unseen,
                self._spear,
            ) = kept
            self._refresh()
            if text:
                said = _("seat {seat} is played by {player}").format(seat=seat, player=text)
            else:
                said = _("seat {seat}'s player is no longer named").format(seat=seat)
            return Reply(True, said, reply.move)
        return reply

    def note(self, move: int, text: str) -> Reply:
        """备注: a note on move ``move`` of this game (0: on the game as a whole), kept
        with the game in the store (append-only) and by its export and import."""
        if self.store is None or self.game_id is None:
            return self._fail(_("notes are kept with a stored game: nothing to note on"))
        try:
            self.store.add_note(self.game_id, move, text)
        except StoreError as exc:
            return self._fail(_("not noted: {reason}").format(reason=tr(exc)))
        return Reply(True, _("note on move {n}: {note}").format(n=move, note=text))

    def reload(self) -> Reply:
        """重新载入: the game as the store has it now, in place of this session's own.

        When another session (the game continued on a second phone) stored
        moves of the same game, this session's next move conflicts with them
        and is refused; reading the game back, with the rows its next move and
        input get, lets the table go on without restarting the app. Like a
        reopened game, it forgets what it was collecting (see `forget`).
        """
        if self.store is None or self.game_id is None:
            return self._fail(_("nothing to reload: this game is not kept in a store"))
        try:
            self._load()
        except StoreError as exc:
            return self._fail(_("not reloaded: {reason}").format(reason=tr(exc)))
        self._silence = 0  # a silence not yet stored belonged to the game replaced
        self._forget()
        n = len(self.game.moves)
        return Reply(True, ngettext("reloaded: {n} move", "reloaded: {n} moves", n).format(n=n))

    def _forget(self) -> None:
        self._clear()
        self._seat_hint = None
        self._last_seen = None
        self._refresh()

    def answer(self, option: str) -> Reply:
        question = self._question
        if question is None:
            return self._fail(_("there is no question to answer"))
        if option not in question.options:
            return self._fail(
                _("answer one of: {answers}").format(answers=", ".join(question.options))
            )
        self._question = None
        reply = question.decide(option)
        self._refresh()
        return reply

    # ------------------------------------------------------------ sightings

    def sight(self, sighting: Sighting) -> Reply:
        """A sticker seen (or gone) in a region of the frame at a time.

        A kind other than seen or gone, or a region `region_problem` refuses,
        is refused before the payload is read. A payload that is not a sticker
        is refused with `sticker_problem` (vision's `PayloadError.summary` in the source's
        words), which never repeats another QR
        code's text (a Wi-Fi password), so no reply or journal row holds it.
        """
        problem = kind_problem(sighting.kind) or region_problem(sighting.region)
        if problem is not None:
            return self._fail(problem)
        try:
            tag = parse(sighting.payload)
        except PayloadError as exc:
            if sighting.kind == "gone":
                return Reply(True, _("an unreadable sticker gone: nothing to do"))
            return self._fail(_("unreadable sticker: {reason}").format(reason=sticker_problem(exc)))
        if sighting.kind == "gone":
            return Reply(True, _("{sticker} gone: nothing to do").format(sticker=sighting.payload))
        last = self._last_seen
        moves = len(self.game.moves)
        self._last_seen = (sighting.payload, sighting.t, moves)
        if (
            last is not None
            and last[0] == sighting.payload
            and last[2] == moves
            and 0 <= sighting.t - last[1] <= DUPLICATE_WINDOW
        ):
            return self._fail(
                _("duplicate sighting of {sticker}: ignored").format(sticker=sighting.payload)
            )
        named_seat = region_seat(sighting.region)
        if isinstance(tag, CardTag):
            return self._card_seen(tag.card_id, named_seat)
        if isinstance(tag, GeneralTag):
            return self._general_seen(tag.number, named_seat)
        if isinstance(tag, RoleTag):
            return self._role_seen(tag.number, named_seat)
        if isinstance(tag, SeatTag):
            return self._seat_seen(tag.seat)
        if isinstance(tag, ActionTag):
            return self.action(tag.action)
        return self._fail(  # pragma: no cover
            _("{sticker}: not a sticker this table uses").format(sticker=sighting.payload)
        )

    def action(self, action: Action) -> Reply:
        """An action token (or its button)."""
        if action is Action.UNDO:
            return self.undo()
        if action is Action.END_PHASE:
            return self.next_phase()
        asked = self._asked_seats()
        if action is Action.PASS:
            if self._collecting:
                # TRANSLATORS: NO is the action token (its sticker: 取消)
                return self._fail(_("finish or cancel the scanned card first (NO cancels)"))
            if not self.state.stack:
                return self._fail(_("pass: nobody is being asked"))
            return self.pass_turn(asked[0] if len(asked) == 1 else None)
        if action is Action.NO:
            if self._collecting:
                return self.cancel()
            if len(asked) == 1:
                return self.pass_turn(asked[0])
            # TRANSLATORS: NO is the action token (its sticker: 取消)
            return self._fail(_("NO: there is nothing to decline"))
        # OK: confirm the single choice the screen offers.
        if self._skill_done_at == len(self.game.moves) and not self._collecting:
            self._skill_done_at = -1
            return Reply(True, _("the skill was used at once: nothing more to confirm"))
        base = current_prompt(self.state)
        if self._question is not None:
            return self._fail(
                _("answer the question: {answers}").format(answers=", ".join(self._question.shown))
            )
        if self._skill is not None:
            if not self._skill.ready:
                # TRANSLATORS: OK is the action token (its sticker: 确定)
                return self._fail(_("OK: {prompt}").format(prompt=self._skill.text))
            return self._apply(self._skill.move(), self._uses(self._skill))
        if self._pending is not None:
            if self._pending.chosen:
                return self._use_pending(self._pending.chosen)
            legal = [o.seat for o in self._pending.options if o.legal]
            if len(legal) == 1:
                return self.choose_target(legal[0])
            # TRANSLATORS: OK is the action token (its sticker: 确定)
            return self._fail(_("OK: choose the target first (several are legal)"))
        if base.expects == "draw" and len(base.options) == 1:
            return self.draw(base.who[0], int(base.options[0].split()[-1]))
        if base.expects == "setup" and base.options in (("deal",), ("next",)):
            return self.deal() if base.options == ("deal",) else self.next_phase()
        # TRANSLATORS: OK is the action token (its sticker: 确定)
        return self._fail(_("OK: nothing to confirm now ({prompt})").format(prompt=base.text))

    def _uses(self, skill: PendingSkill) -> str:
        return _("seat {seat} uses {skill}").format(seat=skill.seat, skill=skill.name)

    def _card_problem(self, card_id: int) -> str | None:
        state = self.state
        if not state.mode:
            return _("card {id} seen before the table is set up").format(id=card_id)
        try:
            c = card(card_id)
        except KeyError:
            return _("card {id} is not in the catalogue").format(id=card_id)
        if card_id not in state.deck:
            packages = ", ".join(p.value for p in state.packages)
            return _("{card} is not in this game's deck (packages: {packages})").format(
                card=card_text(c), packages=packages
            )
        return None

    def _card_seen(self, card_id: int, region: int | None = None, trusted: bool = False) -> Reply:
        """A card laid on the table: read against what the table waits for, by the seat
        in front of which it lies when the camera knows (``region``)."""
        if (bad := self._card_problem(card_id)) is not None:
            return self._fail(bad)
        if self._question is not None:
            return self._fail(self._answer_first())
        state = self.state
        c = card(card_id)
        if state.over:
            return self._fail(_("{card}: the game is over").format(card=card_text(c)))
        if state.turn.phase is Phase.SETUP:
            return self._fail(
                _("{card}: the game has not started (deal, then next)").format(card=card_text(c))
            )
        if self._pending is not None and card_id != self._pending.card_id:
            return self._card_after_pending(card_id, region)
        top = state.stack[-1] if state.stack else None
        if (elsewhere := self._lies_elsewhere(card_id, region, top)) is not None:
            return self._fail(elsewhere)
        if self._skill is not None:
            return self._skill_card(card_id)
        if self._spear:
            return self._spear_card(card_id)
        if isinstance(top, Expect):
            if top.what in (*_CHOSEN, "take_shown"):
                return self._card_chosen(card_id, trusted)
            if top.what in _GATHERING:
                return self._gather(top, card_id)
            if top.what == "pick":
                move = MoveCards((card_id,), f"hand:{top.seat}")
                said = _("seat {seat} takes {card}").format(seat=top.seat, card=card_text(c))
                return self._apply(move, said)
        readings = card_readings(state, card_id, region)
        if readings and isinstance(top, Window):
            # The window's own reading (鬼才's card) or the table moved on past it (the
            # judgement stands, the seat drew and plays the card): both legal, a question.
            closed, closing = _windows_closed(state)
            readings += [
                replace(r, before=(*closing, *r.before)) if r.before else r
                for r in card_readings(closed, card_id, region) or _drawn(closed, card_id, region)
                if r.seat in {w.seat for w in readings}
            ]
        if not readings and isinstance(top, Window):
            # A card for a skill of the window (流离's discard), or the table has moved on
            # past the window (a 闪 laid instead): both possible is a question.
            spender = self._window_spender(top, region)
            closed, closing = _windows_closed(state)
            # A move the closed state takes closes the windows by itself (the engine's
            # moving on); the seats that pass before it (the 桃 of a seat after the
            # one asked, for a seat dying of the damage a window let through) need the
            # windows' silence first, or the first pass would decline the window.
            readings = [
                replace(r, before=(*closing, *r.before)) if r.before else r
                for r in card_readings(closed, card_id, region) or _drawn(closed, card_id, region)
            ]
            if spender is not None:
                seat, key = spender
                start = Reading(seat, rule_name(key), use_as=key, text=rule_label(key))
                readings = [start, *readings]
        if not readings:
            readings = _drawn(state, card_id, region)
        if not readings:
            readings = used_when_drawn(state, card_id, region)  # the 玉玺, shown as drawn
        if not readings and isinstance(top, Ask) and top.anyone:
            # Nobody laid a 无懈可击: the card is what comes after the request (a delayed
            # trick's judgement card turned over, a 杀 answering the 决斗 ...).
            silent = apply(state, Pass(None))
            readings = [
                replace(r, before=(Pass(None), *r.before))
                for r in card_readings(silent, card_id, region)
            ]
        if not readings and (
            silenced := self._after_silence(lambda: self._card_seen(card_id, region, trusted))
        ):
            return silenced  # a card the request's end waits for (五谷丰登's pick ...)
        if not readings and (
            unanswered := self._after_no_answer(
                lambda: self._card_seen(card_id, region, trusted), region
            )
        ):
            return unanswered  # the turn's seat plays on: the seat asked had no 闪
        if not readings:
            return self._unreadable(card_id, region)
        if len(readings) == 1:
            return self._take_reading(readings[0], card_id)
        by_label = {r.label: r for r in readings}
        return self._ask(
            _("{card}: which is it?").format(card=card_text(c)),
            tuple(by_label),
            lambda label: self._take_reading(by_label[label], card_id),
            tuple(r.shown for r in by_label.values()),
        )

    def _card_after_pending(self, card_id: int, region: int | None) -> Reply:
        """Another card laid while a card waits for its target: laid in front of a seat
        the waiting card may target, and read there once it does (a 闪 answering the 杀,
        the card 过河拆桥 takes), it names that seat the target; anything else is refused,
        naming the waiting card (it never vanishes, nor is it replaced)."""
        pending = self._pending
        assert pending is not None
        waiting = _("{card} waits for its target: tap the seat, or cancel ({prompt})").format(
            card=pending.name, prompt=self.prompt.text
        )
        legal = {o.seat for o in pending.options if o.legal}
        if region is None or region == pending.seat or pending.most != 1 or region not in legal:
            return self._fail(waiting)
        used = self._use_pending((region,))
        if not used.ok or not self._asks_only(region):
            return self._fail(waiting)  # the input is taken back whole: the card still waits
        seen = self._card_seen(card_id, region)
        if not seen.ok and not seen.asks:
            return self._fail(waiting)
        if seen.ok:  # the target tap a table may still make is accepted, doing nothing
            self._targeted = (len(self.game.moves), region)
        return replace(seen, message=_then(used.message, seen.message))

    def _asks_only(self, seat: int) -> bool:
        """Whether what the table now waits for is ``seat`` alone: asked for a card (the
        杀's 闪), or to show the card taken of it; not a request anyone may answer
        (无懈可击), which names no target."""
        closed, _closing = _windows_closed(self.state)  # 护驾's window, the target's own
        top = closed.stack[-1] if closed.stack else None
        if isinstance(top, Ask):
            return not top.anyone and top.asked == seat
        return isinstance(top, Expect) and top.other == seat and top.what in _CHOSEN

    def _lies_elsewhere(self, card_id: int, region: int | None, top: object) -> str | None:
        """Why a card seen in front of ``region`` cannot be the card what waits collects
        (a skill's, 丈八蛇矛's, a discard or pick asked of one seat, the card chosen of a
        target's), or None. The region a card lies in is never overridden."""
        if region is None:
            return None
        owners: tuple[int, ...] = ()
        if self._skill is not None:
            owners = (self._skill.seat, *self._skill.targets)
        elif self._spear:
            owners = (self._spear[0],)
        elif isinstance(top, Expect):
            if top.what in _CHOSEN:
                owners = (top.other,)  # the target's card, shown where it lay
            elif top.what == "take_shown":
                owners = (top.other, top.seat)  # 反间: shown by the seat that drew it
            elif top.what == "pick" or (top.what in _GATHERING and top.what != "reveal"):
                owners = (top.seat,)
        if not owners or region in owners:
            return None
        # TRANSLATORS: a card seen in front of a seat other than the one(s) whose card
        # the table waits for; {prompt} is what it waits for
        return _("{card} lies in front of seat {seat}, not of seat {owner}: {prompt}").format(
            card=card_text(card(card_id)),
            seat=region,
            owner="/".join(str(s) for s in dict.fromkeys(owners)),
            prompt=self.prompt.text,
        )

    def _take_reading(self, reading: Reading, card_id: int) -> Reply:
        if reading.use_as in RULES:  # the card starts a skill of the window that spends it
            self._skill = PendingSkill(reading.seat, reading.use_as)
            return self._skill_card(card_id)
        for move in reading.before:  # the seats asked before the one who laid it pass
            reply = self._apply(move)
            if not reply.ok:
                return reply
        if reading.move is not None:
            return self._apply(reading.move, self._said(reading.move, reading.shown))
        opened = self._open_targets(reading.seat, card_id, reading.use_as, forced=False)
        return self._only_target() or opened

    def _only_target(self) -> Reply | None:
        """A card of one target with one legal target needs no tap: used on it at once
        (the screen says so). A ``target`` of that seat right after is accepted and does
        nothing, as a table used to tapping it writes it."""
        pending = self._pending
        if pending is None or pending.most != 1 or pending.more:
            return None
        legal = [o.seat for o in pending.options if o.legal]
        if len(legal) != 1:
            return None
        used = self._use_pending((legal[0],))
        if not used.ok:
            return None
        self._targeted = (len(self.game.moves), legal[0])
        only = _("the only legal target: {said}").format(said=used.message)
        return replace(used, message=only)

    def _said(self, move: Move, label: str) -> str:
        """What a card's move did, in words for the table (``label``: the reading's text)."""
        seat = getattr(move, "seat", 0)
        cards: tuple[int, ...] = getattr(move, "cards", ()) or (getattr(move, "card", 0),)
        c = card(cards[0]) if cards and cards[0] else None
        words = {"seat": seat, "card": card_text(c) if c is not None else "", "how": label}
        plain = c is not None and label == card_name(c)
        if isinstance(move, Use) and c is not None and c.kind.type is CardType.EQUIPMENT:
            slot = c.kind.subtype
            held = [e for e in self.state.seat(seat).equipment if card(e).kind.subtype is slot]
            if not held:
                return _("seat {seat} equips {card}").format_map(words)
            old = card_text(card(held[0]))
            return _("seat {seat} equips {card} (replaces {old})").format(**words, old=old)
        if isinstance(move, Use):
            said = _("seat {seat} uses {card}") if plain else _("seat {seat} uses {card} ({how})")
        elif isinstance(move, Respond):
            if plain:
                said = _("seat {seat} answers with {card}")
            else:
                said = _("seat {seat} answers with {card} ({how})")
        elif isinstance(move, Judge):
            if plain:
                said = _("seat {seat}'s judgement: {card}")
            else:
                said = _("seat {seat}'s judgement: {card} ({how})")
        elif isinstance(move, Discard):
            said = _("seat {seat} discards {card}")
        else:
            said = _("seat {seat}: {how} {card}")
        return said.format_map(words)

    def _open_targets(self, seat: int, card_id: int, as_kind: str | None, forced: bool) -> Reply:
        """A card used in the play phase waits for its target(s) to be tapped."""
        state = self.state
        c = card(card_id)
        used = kind(as_kind) if as_kind else c.kind
        least, most = 1, 1
        if used.key == "collateral":
            least, most = 2, 2
        elif used.target is Target.UP_TO_TWO:
            most = 2
        elif used.is_sha and _last_hand_card_with_halberd(state, seat, card_id):
            most = 3
        elif used.is_sha and f"{seat}:tianyi_won" in state.turn.flags:
            most = 2  # 天义 won: one more target this turn
        options = targets_for(state, seat, card_id, as_kind)
        self._pending = PendingCard(seat, card_id, forced, options, as_kind, (), least, most)
        self._refresh()
        legal = [o for o in options if o.legal]
        shown = "; ".join(f"{o.seat}: {o.reason}" for o in legal) or _("no legal target")
        what = self._pending.name
        return Reply(
            True,
            _("{seat} plays {card}: choose the target ({targets})").format(
                seat=seat_label(state, seat), card=what, targets=shown
            ),
        )

    def _window_spender(self, window: Window, region: int | None) -> tuple[int, str] | None:
        """The one skill of the window that spends cards (流离, 贯石斧), with its owner:
        a card laid by that owner may be its cost."""
        found = [
            (seat, key)
            for seat in window.seats
            if region in (None, seat)
            for key in window_offers(self.state, window, seat)
            if RULES[key].cards != (0, 0)
            and RULES[key].own_cards
            and not legal(self.state, Skill(seat, key))  # 放权 at the play's start: no card
        ]
        return found[0] if len(found) == 1 else None

    def _unreadable(self, card_id: int, region: int | None) -> Reply:
        """No legal reading: a card known to be elsewhere is a question (mis-read,
        duplicate sticker, or a skill); anything else is refused with the engine's reason."""
        state = self.state
        c = card(card_id)
        base = current_prompt(state)
        actor = region or (base.who[0] if len(base.who) == 1 else None)
        where = state.where.get(card_id)
        if actor is not None and where is not None and where != f"hand:{actor}":
            why = _where_words(where, actor)
            return self._ask(
                _("{card} is {where}: a mis-read, a duplicate sticker, or a skill?").format(
                    card=card_text(c), where=why
                ),
                _SUSPECT_OPTIONS,
                lambda option: self._suspect(
                    option, card_id, lambda: self._forced_reading(actor, card_id)
                ),
                _suspect_labels(),
            )
        if base.expects == "play" and actor == state.turn.seat:
            return self._not_playable(actor, card_id)
        plain = self._plain_move(actor, card_id) if actor is not None else None
        if plain is not None:
            return self._apply(plain)  # refused, with the engine's reason
        return self._fail(
            _("{card}: nothing asks for it now ({prompt})").format(
                card=card_text(c), prompt=base.text
            )
        )

    def _not_playable(self, seat: int, card_id: int) -> Reply:
        """Why a card laid in its owner's play phase cannot be used, in the engine's words."""
        c = card(card_id)
        if c.kind.target is Target.RESPONSE:
            return self._fail(
                _("{card} is only used in response; nobody is asked for it now").format(
                    card=card_text(c)
                )
            )
        if c.kind.type is CardType.EQUIPMENT or c.kind.target in (
            Target.SELF,
            Target.ALL,
            Target.ALL_OTHERS,
        ):
            return self._apply(Use(seat, (card_id,)))  # refused, with the engine's reason
        limit = sha_limit(self.state, seat, (card_id,)) if c.kind.is_sha else None
        used = self.state.turn.sha_used
        if limit is not None and limit.value == 0:  # 天义 lost: no 杀 at all
            return self._fail(f"{card_text(c)}: {tr(limit.reasons[0])}")
        if limit is not None and used >= limit.value:
            return self._fail(
                _(
                    "{card}: seat {seat} has used its Sha for this play phase ({used} of {limit})"
                ).format(card=card_text(c), seat=seat, used=used, limit=limit.value)
            )
        reasons = "; ".join(
            f"{o.seat}: {o.reason}" for o in targets_for(self.state, seat, card_id) if not o.legal
        )
        return self._fail(
            _("{card}: no seat can be its target now ({reasons})").format(
                card=card_text(c), reasons=reasons
            )
        )

    def _plain_move(self, actor: int, card_id: int) -> Move | None:
        """The move a card would make if nothing stood in its way (for the refusal's reason)."""
        base = current_prompt(self.state)
        if base.expects in _ASKING:
            return Respond(actor, (card_id,))
        if base.expects == "discard":
            return Discard(actor, (card_id,))
        if base.expects == "judge":
            return Judge(actor, card_id)
        return None

    def _forced_reading(self, actor: int, card_id: int) -> Reply:
        """A suspect card accepted as a skill the engine does not know: the plain move, forced."""
        move = self._plain_move(actor, card_id)
        if move is not None:
            said = _("seat {seat}: {card} (flagged)").format(
                seat=actor, card=card_text(card(card_id))
            )
            return self._apply(Forced(move), said)
        c = card(card_id)
        if c.kind.type is CardType.EQUIPMENT or c.kind.target in (
            Target.SELF,
            Target.ALL,
            Target.ALL_OTHERS,
        ):
            said = _("seat {seat} uses {card} (flagged)").format(seat=actor, card=card_text(c))
            return self._apply(Forced(Use(actor, (card_id,))), said)
        return self._open_targets(actor, card_id, None, forced=True)

    def _gather(self, expect: Expect, card_id: int, unknown: int = 0) -> Reply:
        """Cards laid one by one for a request of several: 五谷丰登's turned-over cards,
        刚烈's two discards, 雌雄双股剑's one."""
        gathered = (*self._gathered, *([card_id] if card_id else []))
        unseen = self._gathered_unseen + unknown
        need = expect.counts[0] if expect.counts else 1
        if len(gathered) + unseen < need:
            self._gathered, self._gathered_unseen = gathered, unseen
            self._refresh()
            return Reply(True, _("{n} of {need} laid").format(n=len(gathered) + unseen, need=need))
        move: Move
        if expect.what == "reveal":
            move = MoveCards(gathered, "processing")
        else:
            move = Discard(expect.seat, gathered, unseen)
        return self._apply(move)

    def _card_chosen(self, card_id: int, trusted: bool) -> Reply:
        """过河拆桥 / 顺手牵羊: the card the user picked from the target's zones is shown."""
        expect = self.state.stack[-1]
        assert isinstance(expect, Expect)
        user, target, c = expect.seat, expect.other, card(card_id)
        where = self.state.where.get(card_id)
        own_zones = {f"hand:{target}", f"equip:{target}", f"judge:{target}"}
        if not trusted and where is not None and where not in own_zones:
            return self._ask(
                _(
                    "{card} is not among seat {seat}'s cards: a mis-read, a duplicate sticker, "
                    "or a skill?"
                ).format(card=card_text(c), seat=target),
                _SUSPECT_OPTIONS,
                lambda option: self._suspect(
                    option, card_id, lambda: self._card_chosen(card_id, trusted=True)
                ),
                _suspect_labels(),
            )
        move: Move
        words = {"seat": user, "owner": target, "card": card_text(c)}
        if expect.what == "discard_one":
            move = Discard(target, (card_id,))
            message = _("seat {seat} discards seat {owner}'s {card}").format_map(words)
        else:
            move = Take(user, target, (card_id,))
            message = _("seat {seat} takes seat {owner}'s {card}").format_map(words)
        return self._apply(Forced(move) if trusted else move, message)

    def _suspect(self, option: str, card_id: int, accept: Callable[[], Reply]) -> Reply:
        """The answer to 'mis-read, duplicate sticker, or a skill?'; a skill accepts it."""
        c = card_text(card(card_id))
        if option == MISREAD:
            return Reply(True, _("{card}: ignored as a mis-read").format(card=c))
        if option == DUPLICATE_STICKER:
            self.warnings.append(_("two stickers read as {card}: check the deck").format(card=c))
            return Reply(True, _("{card}: duplicate sticker noted; ignored").format(card=c))
        self.warnings.append(
            _("{card} accepted for a skill the engine does not know (flagged)").format(card=c)
        )
        return accept()

    def _general_seen(self, number: int, region_seat: int | None) -> Reply:
        general = standard_catalogue().general_numbered(number)
        if general is None:
            return self._fail(
                _("general card {number} is not in the catalogue").format(number=number)
            )
        name = general_name(general)
        state = self.state
        if not state.mode:
            return self._fail(_("{general}: set up the table first").format(general=name))
        if state.turn.phase is not Phase.SETUP:
            return self._general_turned_up(general.key, name, region_seat)
        seat = region_seat or self._seat_hint
        missing = tuple(s.seat for s in state.seats if not s.generals)
        if seat is None:
            if not missing:
                return self._fail(
                    _("{general}: every seat has its general already").format(general=name)
                )
            if len(missing) == 1:
                seat = missing[0]
            else:
                return self._ask(
                    _("which seat takes {general}?").format(general=name),
                    tuple(map(str, missing)),
                    lambda s: self.seat_general(int(s), general.key),
                )
        return self.seat_general(seat, general.key)

    def _general_turned_up(self, key: str, name: str, region_seat: int | None) -> Reply:
        """A general card seen during the game: in 国战, a seat's face-down general that
        its player turns face up (the record's ``reveal SEAT KEY``)."""
        holders = [s.seat for s in self.state.seats if s.alive and key in s.hidden]
        if not holders:
            return self._fail(
                _("{general}: generals are chosen during setup only").format(general=name)
            )
        seat = holders[0]
        if region_seat is not None and region_seat != seat:
            return self._fail(
                _("{general} is not a face-down general of seat {seat}").format(
                    general=name, seat=region_seat
                )
            )
        return self.reveal_general(seat, key)

    def _role_seen(self, number: int, region_seat: int | None) -> Reply:
        role = _ROLES.get(number)
        mode = self.state.mode or "identity"
        if role is None:
            known = join_list(f"{n} {role_label(r, mode)}" for n, r in _ROLES.items())
            return self._fail(
                _("role card {number}: unknown number (known: {known})").format(
                    number=number, known=known
                )
            )
        base = current_prompt(self.state)
        if base.expects == "reveal_role" and len(base.who) == 1:
            return self.reveal_role(base.who[0], role)
        name = role_label(role, mode)
        if base.expects == "setup" and base.options == ("role N lord",) and role != "lord":
            # TRANSLATORS: the lord reveals the role first (主公亮明身份)
            return self._fail(_("role card {role}: the lord reveals first").format(role=name))
        seat = region_seat or self._seat_hint
        if not self.state.mode:
            return self._fail(_("role card {role}: set up the table first").format(role=name))
        if seat is None:
            return self._ask(
                _("whose role card is the {role}?").format(role=name),
                tuple(str(s.seat) for s in self.state.seats),
                lambda s: self.reveal_role(int(s), role),
            )
        return self.reveal_role(seat, role)

    def _seat_seen(self, seat: int) -> Reply:
        if (bad := self._checked_seat(seat)) is not None:
            return self._fail(_("seat marker {seat}: {reason}").format(seat=seat, reason=bad))
        if self._pending is not None or self._skill is not None:
            return self.choose_target(seat)
        if self.state.turn.phase is Phase.SETUP:
            self._seat_hint = seat
            self._refresh()
            return Reply(
                True, _("seat {seat} selected: show its general or role card").format(seat=seat)
            )
        return self._fail(_("seat marker {seat}: nothing asks for a seat now").format(seat=seat))


# 享乐: discard_or_pass; 英魂, 神愤: discard_n
_CHOSEN = ("discard_one", "take_one")  # 过河拆桥, 顺手牵羊, 反馈: a card of ``other``'s
_GATHERING = ("reveal", "discard_or_damage", "discard_or_draw", "discard_or_pass", "discard_n")


def _not_stored(exc: Exception) -> str:
    """The refusal of a move the store would not take; a conflict says how to go on."""
    if isinstance(exc, ConflictError):
        # TRANSLATORS: reloading the game is the log screen's 重新载入 button
        return _(
            "not stored: another session wrote move {seq} of game {game} first; "
            "reload the game and try again"
        ).format(seq=exc.seq, game=exc.game_id)
    return _("not stored: {reason}").format(reason=tr(exc))


def _drawn(state: GameState, card_id: int, region: int | None) -> list[Reading]:
    """A card laid while the draw phase waits for a draw of one count: the seat drew
    what it had to and plays on. Its readings once drawn, the draw made first."""
    top = state.stack[-1] if state.stack else None
    if not (
        isinstance(top, Expect)
        and top.what == "draw"
        and len(top.counts) == 1
        and region in (None, top.seat)
    ):
        return []
    draw = Draw(top.seat, top.counts[0])
    drawn = apply(state, draw)
    readings = card_readings(drawn, card_id, region)
    if not readings:  # the play phase's first window (放权) closes unused too
        closed, closing = _windows_closed(drawn)
        if closing:
            drawn_and_closed = [
                replace(r, before=(*closing, *r.before))
                for r in card_readings(closed, card_id, region)
            ]
            return [replace(r, before=(draw, *r.before)) for r in drawn_and_closed]
    return [replace(r, before=(draw, *r.before)) for r in readings]


def _then(first: str, then: str) -> str:
    """Two things one input did, in the order it did them."""
    # TRANSLATORS: what an input did first, then what it did next
    return _("{first}; {then}").format(first=first, then=then)


def _windows_closed(state: GameState) -> tuple[GameState, tuple[Move, ...]]:
    """The state once every open window closes unused (the table moved on), and the
    silence that closes them."""
    closing: list[Move] = []
    while state.stack and isinstance(state.stack[-1], Window):
        state = apply(state, Pass(None))
        closing.append(Pass(None))
    return state, tuple(closing)


def _last_hand_card_with_halberd(state: GameState, seat: int, card_id: int) -> bool:
    """方天画戟: a 杀 that is the seat's last hand card may take three targets."""
    s = state.seat(seat)
    weapon = s.weapon
    if weapon is None or card(weapon).key != "halberd":
        return False
    return s.hand_count == 1 and state.where.get(card_id, f"hand:{seat}") == f"hand:{seat}"


def _where_words(where: str, actor: int) -> str:
    owner = where.partition(":")[2]
    if where.startswith("equip:"):
        if owner == str(actor):
            return _("equipped by seat {seat} already").format(seat=actor)
        return _("equipped by seat {seat}").format(seat=owner)
    if where.startswith("judge:"):
        return _("in seat {seat}'s judgement zone").format(seat=owner)
    if where.startswith("hand:"):
        return _("known to be in seat {seat}'s hand").format(seat=owner)
    words = _ZONE_WORDS.get(where)
    return words() if words is not None else _("in {zone}").format(zone=where)


def _suspect_labels() -> tuple[str, ...]:
    """The answers to 'a mis-read, a duplicate sticker, or a skill?' as the buttons say them."""
    return tuple(answer_label(option) for option in _SUSPECT_OPTIONS)


def _spear() -> str:
    return card_name(kind("spear"))


def _sha() -> str:
    return card_name(kind("sha"))


def _luanji_note(laid: tuple[int, ...]) -> str:
    if not laid:
        return ""
    return _("seat {seat} {skill}: lay two hand cards of one suit as {card} ({n} laid)").format(
        seat=laid[0],
        skill=rule_label("luanji"),
        card=card_name(kind("archery_attack")),
        n=len(laid) - 1,
    )


def _spear_note(spear: tuple[int, ...]) -> str:
    if not spear:
        return ""
    return _("seat {seat} {weapon}: lay two hand cards as one {sha} ({n} laid)").format(
        seat=spear[0], weapon=_spear(), sha=_sha(), n=len(spear) - 1
    )


def _storable(text: str) -> str:
    """``text`` with any lone surrogate written as an escape: a program's input
    (not a file, not a camera) may hold one, and no database can."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")
