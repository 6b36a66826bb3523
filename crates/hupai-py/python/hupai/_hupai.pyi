"""Type stubs of the extension module (Rust, PyO3). The package `hupai` re-exports all of it."""

import os
from typing import Any, Dict, List, Literal, Mapping, Optional, Sequence, Tuple, Union, final, overload

import numpy as np
import numpy.typing as npt

from hupai._types import Decomposition, Discard, Improvement, McrScore, Odds, RoomScore, Score, Ukeire

__all__ = [
    "ACTIONS",
    "Engine",
    "Game",
    "OBSERVATION",
    "VecGame",
    "action_name",
    "ROOM_ACTIONS",
    "ROOM_OBSERVATION",
    "RoomGame",
    "RoomVecGame",
    "room_action_name",
    "Hand",
    "HandError",
    "HupaiError",
    "KINDS",
    "STATUS",
    "NoYakuError",
    "OddsError",
    "RecordError",
    "RulesError",
    "ScoreError",
    "TablesError",
    "_review",
    "jing_settlement",
    "presets",
    "tile_index",
    "to_counts",
    "to_text",
]

KINDS: int
"""Number of tile kinds: the length of every counts row (34)."""

STATUS: Tuple[str, ...]
"""The stable codes by number ("OK", "BAD_TILE", …): ``score_many``'s ``status[i]`` is the
number of ``STATUS[status[i]]``; an exception's ``code`` is one of them."""

class HupaiError(ValueError):
    """Every error of hupai (a ValueError). ``code`` is its stable code, the same in every
    door (batch and HTTP ``"code"``, Node ``error.code``, Lua's third value): "BAD_TILE",
    "TOO_MANY_COPIES", "WRONG_COUNT", "NOT_IN_PLAY", "BAD_MELD", "BAD_HAND", "BAD_ARGUMENT",
    "NO_YAKU", "NOT_A_WIN", "BAD_WIN", "BAD_RULES", "NOT_SCORED", "TOO_LARGE", "EMPTY_WALL"…
    ``row`` and ``reason`` are None but in a batch."""

    code: Optional[str]
    row: Optional[int]
    reason: Optional[str]

class HandError(HupaiError):
    """A hand, meld, wild kind or ``seen`` that is not one: bad tile text, 5 copies, 15 tiles,
    a kind out of play. In a batch, ``row`` is the index of the first bad row and ``reason``
    the message without it."""

class RulesError(HupaiError):
    """An unknown preset or switch, or a wild kind the rules leave out of play."""

class TablesError(HupaiError):
    """A table set that cannot be loaded, or lacks a table the rules need."""

class OddsError(HupaiError):
    """Odds that cannot be computed: more hands than the state budget (``max_states``), or no
    tile left to draw."""

class ScoreError(HupaiError):
    """A win that cannot be scored: a hand that does not win, bad calls or counts, an
    impossible situation (riichi with an open hand…), rules that score nothing."""

class NoYakuError(ScoreError):
    """A win without a yaku (dora do not count): the hand may not be claimed."""

class RecordError(HupaiError):
    """A game record that cannot be read, or that breaks a rule at an event: ``round`` and
    ``turn`` (from 0; None where the record as a whole is at fault) say where."""

    round: Optional[int]
    turn: Optional[int]

_Counts = Sequence[int]
"""34 counts: 1m..9m, 1p..9p, 1s..9s, 1z..7z (east, south, west, north, white, green, red)."""

_OneHand = Union["Hand", str, _Counts]
"""A hand: a Hand, MPSZ text, or 34 counts (a list or tuple; a 1-D array of 34 counts is one
hand too, and gets a scalar answer)."""

_ManyHands = Union[npt.NDArray[Any], List[str], Tuple[str, ...]]
"""Many hands: an (N, 34) integer array (uint8 C-order is read in place, other layouts and
integer dtypes are copied), or a list / 1-D array of MPSZ strings."""

_Tiles = Union[str, Sequence[str], None]

@final
class Hand:
    """A hand: concealed tiles (MPSZ text or 34 counts), declared melds, tiles seen elsewhere
    and wild kinds of its own. Checked when made; immutable; compares by value."""

    def __new__(
        cls,
        tiles: Union[str, _Counts],
        *,
        melds: Optional[Sequence[str]] = None,
        seen: Union[str, _Counts, None] = None,
        wild: _Tiles = None,
        jing: Optional[str] = None,
    ) -> "Hand": ...
    @property
    def tiles(self) -> str:
        """The concealed tiles as MPSZ text."""
    @property
    def counts(self) -> List[int]:
        """The concealed tiles as 34 counts."""
    @property
    def melds(self) -> List[str]:
        """The declared melds, as given."""
    @property
    def seen(self) -> str:
        """Other visible tiles, as MPSZ text."""
    @property
    def wild(self) -> List[str]:
        """The hand's own wild kinds, its indicator's two included."""
    @property
    def jing(self) -> Optional[str]:
        """The hand's Nanchang indicator (精), or None; an engine whose rules do not play it
        refuses the hand with a RulesError."""
    def to_dict(self) -> Dict[str, Any]:
        """The ``hupai batch`` request object of this hand."""
    def __getnewargs_ex__(self) -> Tuple[Tuple[str], Dict[str, Any]]:
        """Pickling: a hand travels as its arguments."""
    def __len__(self) -> int:
        """Concealed tiles."""

@final
class Engine:
    """Rules, wild kinds and tables, resolved once; shareable across threads. The calls that
    take many hands release the GIL and spread over ``threads`` threads (0: one per core)."""

    def __new__(
        cls,
        rules: Union[str, Dict[str, Any]] = "chinese",
        wild: _Tiles = None,
        jing: Optional[str] = None,
        tables: Union[str, "os.PathLike[str]", None] = None,
    ) -> "Engine": ...
    @property
    def wild(self) -> List[str]:
        """The wild kinds added to every hand."""
    @property
    def rules(self) -> Union[str, Dict[str, Any]]:
        """The rules as given: a preset name, or the dict of switches."""
    @property
    def switches(self) -> Dict[str, Any]:
        """Every switch of the rules, as /v1/presets, Node's and Lua's rules() list them."""
    @overload
    def is_win(self, hand: _OneHand, /, *, threads: int = 1) -> bool: ...
    @overload
    def is_win(self, hand: _ManyHands, /, *, threads: int = 1) -> npt.NDArray[np.bool_]: ...
    @overload
    def wildcards_needed(self, hand: _OneHand, /, *, threads: int = 1) -> Optional[int]: ...
    @overload
    def wildcards_needed(self, hand: _ManyHands, /, *, threads: int = 1) -> npt.NDArray[np.int8]: ...
    @overload
    def shanten(self, hand: _OneHand, /, *, threads: int = 1) -> int: ...
    @overload
    def shanten(self, hand: _ManyHands, /, *, threads: int = 1) -> npt.NDArray[np.int8]: ...
    @overload
    def ukeire(
        self, hand: _OneHand, /, seen: Union[str, _Counts, None] = None, *, threads: int = 1
    ) -> Ukeire: ...
    @overload
    def ukeire(
        self,
        hand: _ManyHands,
        /,
        seen: Union[_Counts, npt.NDArray[Any], None] = None,
        *,
        threads: int = 1,
    ) -> Tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint64]]: ...
    @overload
    def valid(self, hands: _OneHand, /, *, threads: int = 1) -> bool: ...
    @overload
    def valid(self, hands: _ManyHands, /, *, threads: int = 1) -> npt.NDArray[np.bool_]: ...
    def form_shanten(self, hand: _OneHand) -> Dict[str, Optional[int]]:
        """Shanten per form the rules play (``"Standard"``, ``"SevenPairs"``, … and win
        patterns by name); None for a form the hand can no longer reach."""
    def waits(self, hand: _OneHand) -> List[str]:
        """The waits of a 13-tile hand, in tile order."""
    def discards(self, hand: _OneHand, /, seen: Union[str, _Counts, None] = None) -> List[Discard]:
        """The per-discard report of a 14-tile hand, best first."""
    def improvements(
        self, hand: _OneHand, /, seen: Union[str, _Counts, None] = None
    ) -> List[Improvement]:
        """Improvement tiles (改良) of a 13-tile hand."""
    def decompositions(self, hand: _OneHand, /, limit: int = 64) -> List[Decomposition]:
        """The decompositions of a winning hand, with what each wildcard stands for; at most
        ``limit`` (0 or more, else ValueError)."""
    def odds(
        self,
        hand: _OneHand,
        /,
        seen: Union[str, _Counts, None] = None,
        *,
        draws: int = 17,
        backward: bool = True,
        sideways: bool = True,
        riichi: bool = False,
        extra: int = 1,
        model: Literal["unseen", "simulator"] = "unseen",
        max_states: int = 2_000_000,
        max_bytes: int = 268_435_456,
        threads: int = 1,
        score: Optional[Dict[str, Any]] = None,
        calls: Optional[Sequence[str]] = None,
    ) -> Odds:
        """The chance to reach tenpai and to win within 1..=draws draws per discard, with the
        best play for each horizon (docs/ODDS.md); the work runs without the GIL and stops at
        Ctrl-C. OddsError past ``max_states`` or ``max_bytes`` (256 MiB, every front end's
        default) or with no tile left; ValueError for bad options. ``threads``: the threads a
        large graph's solving may use (the same answers whatever the count). With ``score``
        (the batch's ``odds.score`` fields: seat, round, dora, riichi, …; riichi, guobiao or sichuan rules) every
        row adds ``expected``, the expected points of a win; ``calls`` say how the hand's melds
        were made; red fives are read from MPSZ text (``"340m..."``; counts have none).
        ``riichi=True``: the riichi player's model (a closed hand declares on
        reaching tenpai and keeps its wait)."""
    def score(
        self,
        hand: str,
        /,
        *,
        win: str,
        calls: Optional[Sequence[str]] = None,
        **situation: Any,
    ) -> Union[Score, McrScore, RoomScore]:
        """What a win is worth (riichi): ``hand`` holds the concealed tiles with the winning
        tile ``win`` among them; ``calls`` ("chi 123m", "pon 777z", "kan 5555p", "ankan 1111m")
        and the situation's keywords are the batch request's ``score`` fields (tsumo, seat,
        round, riichi, double_riichi, ippatsu, haitei, houtei, rinshan, chankan, tenhou,
        chiihou, renhou, dora, ura_dora, honba, riichi_sticks, open_tanyao, red_fives, kiriage,
        kazoe, double_yakuman, renhou_yakuman; under guobiao flowers and last_copy: an
        ``McrScore``; under sichuan kong_discard, stake, payers, cap, self_draw and
        heavenly, under hongzhong stake, payers, cap, birds and no_red_double, under
        nanchang stake, payers, cap, all_pungs_fans and kong_bloom_fans: a ``RoomScore``,
        with what each wildcard stood for). NoYakuError for a win without a yaku, ScoreError
        otherwise."""
    def score_many(
        self, wins: Union[Sequence[Dict[str, Any]], Mapping[str, Sequence[Any]]]
    ) -> Dict[str, npt.NDArray[Any]]:
        """Many wins (dicts of hand, win, calls and the situation's fields, or one dict of
        such columns: lists or numpy arrays as long as ``hand``, read a chunk at a time): numpy columns
        han, fu, base, total, yakuman (int32) and status (uint8, a stable code's number:
        ``STATUS[status[i]]`` is "OK", "NO_YAKU" (or, under guobiao, below the 8-fan minimum),
        "NOT_A_WIN", "BAD_WIN" …), scored without the GIL; under guobiao only total and status
        are filled; under sichuan and hongzhong han (the fans paid), total (the winner's gain) and status."""
    def analyse(
        self,
        hand: Union[_OneHand, Dict[str, Any]],
        /,
        seen: Union[str, _Counts, None] = None,
        *,
        decompositions: bool = False,
    ) -> Dict[str, Any]:
        """The ``hupai batch`` answer of the hand, as a dict; or of a request dict (a batch
        line's fields: hand, rules, melds, seen, odds, score…, read as every door reads them;
        the engine's rules and wild kinds are its defaults)."""

ACTIONS: int
OBSERVATION: int

@final
class Game:
    """One riichi game under Tenhou's rules (``east=True``: east only), its walls from ``seed``
    as Tenhou shuffles them. Actions are ints ``0..ACTIONS`` (``action_name`` names them)."""

    def __new__(cls, seed: int = 0, east: bool = False) -> "Game": ...
    def to_act(self) -> List[int]:
        """The seats that must answer now (empty when the game is over)."""
    def legal(self, seat: int) -> List[int]:
        """The actions ``seat`` may take now."""
    def legal_mask(self, seat: int) -> npt.NDArray[np.bool_]:
        """The actions ``seat`` may take now, a bool array of ACTIONS."""
    def step(self, seat: int, action: int) -> None:
        """``seat`` takes ``action``; HupaiError (code ILLEGAL_ACTION) when it may not, nothing
        changed (BAD_ARGUMENT for a number that is no seat or no action)."""
    def observe(self, seat: int) -> npt.NDArray[np.uint8]:
        """What ``seat`` sees, a uint8 array of OBSERVATION."""
    def events(self, seat: Optional[int] = None) -> List[str]:
        """The events so far as mjai JSON lines (as ``seat`` sees them when given)."""
    def clear_events(self) -> None:
        """Forgets the events told so far."""
    @property
    def scores(self) -> List[int]:
        """Each seat's points."""
    @property
    def is_over(self) -> bool:
        """Whether the game is over."""
    def results(self) -> Tuple[List[int], List[float]]:
        """The final ranking (seats, first to last) and each seat's result in thousands."""

@final
class VecGame:
    """``n`` games stepped together, each dealt again when it ends; its arrays are kept and
    filled in place with the GIL released."""

    def __new__(cls, n: int, seed: int = 0, east: bool = False) -> "VecGame": ...
    def __len__(self) -> int: ...
    @property
    def games_finished(self) -> int:
        """Games ended so far."""
    def observe(
        self,
    ) -> Tuple[npt.NDArray[np.uint8], npt.NDArray[np.bool_], npt.NDArray[np.uint8]]:
        """``(obs, masks, seats)`` for the games as they are."""
    def step(
        self, actions: npt.NDArray[np.int64]
    ) -> Tuple[
        npt.NDArray[np.uint8],
        npt.NDArray[np.bool_],
        npt.NDArray[np.uint8],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
    ]:
        """Each game's deciding seat takes ``actions[i]``: ``(obs, masks, seats, rewards,
        dones)``."""

def action_name(action: int) -> str:
    """The name of an action ("discard 5m", "riichi 0p", "chi low", "ron", …)."""

ROOM_ACTIONS: int
ROOM_OBSERVATION: int

@final
class RoomGame:
    """One game of a room (``rules``: "sichuan", "hongzhong", "changsha", "guobiao" or
    "nanchang"), its walls from ``seed``, each other keyword one of the room's switches
    (``hands=1``, ``cap=3``, ``call_transfer=True``, ``birds=6``, ``bird_pay="multiply"``,
    ``kongs="1/1/1"`` …; docs/SCORING.md). Actions are ints ``0..ROOM_ACTIONS``
    (``room_action_name`` names them)."""

    def __new__(
        cls, rules: str = "sichuan", seed: int = 0, **switches: Union[int, bool, str]
    ) -> "RoomGame": ...
    @property
    def rules(self) -> str:
        """The room's name ("sichuan", "hongzhong", "changsha", "guobiao", "nanchang")."""
    def to_act(self) -> List[int]:
        """The seats that must answer now (empty when the game is over)."""
    def legal(self, seat: int) -> List[int]:
        """The actions ``seat`` may take now."""
    def step(self, seat: int, action: int) -> None:
        """``seat`` takes ``action``; HupaiError (code ILLEGAL_ACTION) when it may not."""
    def events(self) -> List[str]:
        """The events so far as JSON lines (``deal``, ``void``, ``draw``, ``discard``, ``pon``,
        ``kong``, ``birds``, ``win``, ``pay``, ``end_hand``, ``end_game``)."""
    def clear_events(self) -> None:
        """Forgets the events told so far."""
    def hand(self, seat: int) -> List[int]:
        """``seat``'s concealed tiles, 34 counts (1m … 7z; only 7z, the 红中, of the honors)."""
    def observe(self, seat: int) -> npt.NDArray[np.uint8]:
        """What ``seat`` sees, a uint8 array of ROOM_OBSERVATION (docs/GAME.md)."""
    @property
    def scores(self) -> List[int]:
        """Each seat's points: the payments so far, from 0."""
    @property
    def is_over(self) -> bool:
        """Whether the game is over."""

@final
class RoomVecGame:
    """``n`` games of a room (``rules`` and its switches as keywords, as ``RoomGame`` takes
    them) stepped together, each dealt again when it ends; its arrays are kept and filled in
    place with the GIL released."""

    def __new__(
        cls, n: int, rules: str = "sichuan", seed: int = 0, **switches: Union[int, bool, str]
    ) -> "RoomVecGame": ...
    def __len__(self) -> int: ...
    @property
    def rules(self) -> str:
        """The room's name."""
    @property
    def games_finished(self) -> int:
        """Games ended so far."""
    def observe(
        self,
    ) -> Tuple[npt.NDArray[np.uint8], npt.NDArray[np.bool_], npt.NDArray[np.uint8]]:
        """``(obs, masks, seats)`` for the games as they are."""
    def step(
        self, actions: npt.NDArray[np.int64]
    ) -> Tuple[
        npt.NDArray[np.uint8],
        npt.NDArray[np.bool_],
        npt.NDArray[np.uint8],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
    ]:
        """Each game's deciding seat takes ``actions[i]``: ``(obs, masks, seats, rewards,
        dones)``, a finished game's points in its row of rewards."""

def room_action_name(action: int) -> str:
    """The name of a room action ("discard 5m", "void p", "pon", "win", …)."""

def jing_settlement(hands: Sequence[str], indicator: str) -> List[Dict[str, int]]:
    """The 精 settlement of 南昌麻将: two to four players' tiles (MPSZ, calls among them) under
    the 正精 indicator; a dict a player — zheng, fu (the 精 held), points (2 a 正精, 1 a 副精),
    multiplier (冲关 at five points or more, ×2 霸王精), value (what each other player pays
    it) and net (the nets sum to 0). ValueError for bad tiles or a fifth copy."""

def _review(
    text: str,
    name: str,
    seat: Optional[int] = None,
    quick: bool = False,
    max_shanten: int = 3,
    budget: float = 5.0,
    extra: int = 0,
    strict: bool = False,
) -> List[Dict[str, Any]]:
    """A record's text reviewed into rows (``hupai.review`` reads files around it)."""

def presets() -> List[str]:
    """The names of the rule presets."""

def tile_index(tile: str) -> int:
    """A tile's index in 34 counts (1m = 0 … 7z = 33)."""

@overload
def to_counts(hands: str) -> List[int]: ...
@overload
def to_counts(hands: Union[List[str], Tuple[str, ...], npt.NDArray[Any]]) -> npt.NDArray[np.uint8]: ...
@overload
def to_text(counts: _Counts) -> str: ...
@overload
def to_text(counts: npt.NDArray[Any]) -> Union[str, List[str]]: ...
