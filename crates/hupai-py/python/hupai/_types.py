"""The answers of per-hand calls: frozen dataclasses with a readable repr and ``to_dict()``.

``to_dict()`` gives the shape of the same field in a ``hupai batch`` answer, so that Python
answers and batch answers compare as they are.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Tuple

__all__ = [
    "Ukeire",
    "Discard",
    "Improvement",
    "Slot",
    "Set",
    "Decomposition",
    "OddsRow",
    "Odds",
    "YakuHan",
    "FuPart",
    "Score",
    "FanCount",
    "McrScore",
    "RoomFanCount",
    "RoomScore",
    "SichuanFanCount",
    "SichuanScore",
    "WildcardRole",
]


def _mask(tiles: Tuple[str, ...]) -> int:
    from hupai._hupai import tile_index

    out = 0
    for t in tiles:
        out |= 1 << tile_index(t)
    return out


@dataclass(frozen=True)
class Ukeire:
    """Effective tiles of a 13-tile hand: the kinds whose draw lowers shanten (``tiles``, MPSZ,
    in tile order) and how many copies of them are still unseen (``count``).

    >>> import hupai
    >>> hupai.Engine("riichi").ukeire("123m456p789s1122z")
    Ukeire(tiles=('1z', '2z'), count=4)
    """

    tiles: Tuple[str, ...]
    count: int

    @property
    def mask(self) -> int:
        """The kinds as a 34-bit mask (bit i is tile index i: 1m = 0 … 7z = 33), as the
        vectorised ``ukeire`` returns them."""
        return _mask(self.tiles)

    def to_dict(self) -> Dict[str, Any]:
        """``{"ukeire": [...], "ukeire_count": n}``, as in a batch answer."""
        return {"ukeire": list(self.tiles), "ukeire_count": self.count}


@dataclass(frozen=True)
class Discard:
    """One line of the per-discard report of a 14-tile hand: the tile discarded, the shanten
    after it and the effective tiles then (counted over the 14 tiles)."""

    tile: str
    shanten: int
    ukeire: Ukeire

    def to_dict(self) -> Dict[str, Any]:
        """``{"tile", "shanten", "ukeire", "ukeire_count"}``, as in a batch answer's
        ``discards``."""
        return {"tile": self.tile, "shanten": self.shanten, **self.ukeire.to_dict()}


@dataclass(frozen=True)
class Improvement:
    """An improvement tile (改良) of a 13-tile hand: a draw that keeps the shanten but after
    which the best discard leaves ``count`` effective tiles, more than now."""

    tile: str
    count: int

    def to_dict(self) -> Dict[str, Any]:
        return {"tile": self.tile, "count": self.count}


@dataclass(frozen=True)
class Slot:
    """One tile of a set in a decomposition: the tile it is (``tile``), and the wild tile that
    stands for it (``wildcard``, None for a real tile)."""

    tile: str
    wildcard: Optional[str] = None


@dataclass(frozen=True)
class Set:
    """One set of a decomposition: ``kind`` is ``"Chow"``, ``"Pung"``, ``"Kong"``, ``"Pair"`` or
    ``"Single"``; ``declared`` tells a declared meld."""

    kind: str
    slots: Tuple[Slot, ...]
    declared: bool = False

    @property
    def tiles(self) -> Tuple[str, ...]:
        """The tiles the set is made of (a wildcard as the tile it stands for)."""
        return tuple(s.tile for s in self.slots)

    def to_dict(self) -> Dict[str, Any]:
        """As in a batch answer's ``decompositions``."""
        return {
            "kind": self.kind,
            "tiles": list(self.tiles),
            "wildcards": [{"tile": s.wildcard, "as": s.tile} for s in self.slots if s.wildcard],
            "declared": self.declared,
        }


@dataclass(frozen=True)
class Decomposition:
    """A decomposition of a winning hand: its form (``"Standard"``, ``"SevenPairs"``, … or a
    pattern's own decomposition such as ``"all_258"``), its sets, and under rules with win patterns
    the patterns it holds.

    >>> import hupai
    >>> d = hupai.Engine("chinese").decompositions(hupai.Hand("1111m456789p1239s", wild="9s"))
    >>> ("9s", "1m") in d[0].wild_roles()
    True
    """

    form: str
    sets: Tuple[Set, ...]
    patterns: Tuple[str, ...] = ()

    def wild_roles(self) -> List[Tuple[str, str]]:
        """Each wildcard as (its own kind, the tile it stands for)."""
        return [(s.wildcard, s.tile) for st in self.sets for s in st.slots if s.wildcard]

    def __str__(self) -> str:
        def slot(s: Slot) -> str:
            return f"[{s.tile}]" if s.wildcard else s.tile

        return " ".join("".join(slot(s) for s in st.slots) for st in self.sets)

    def to_dict(self) -> Dict[str, Any]:
        """As in a batch answer's ``decompositions``."""
        out: Dict[str, Any] = {"form": self.form, "sets": [s.to_dict() for s in self.sets]}
        if self.patterns:
            out["patterns"] = list(self.patterns)
        return out


@dataclass(frozen=True, eq=False)
class OddsRow:
    """One discard's odds (the hand itself for 13 tiles, ``tile`` None): the shanten after it,
    the chance to be tenpai and to win within k draws (``tenpai[k - 1]``, ``win[k - 1]``:
    numpy float64 vectors; empty for a detour the options do not play), the ukeire after it
    and the hands its play can reach."""

    tile: Optional[str]
    shanten: int
    tenpai: Any
    win: Any
    ukeire: Ukeire
    states: int
    expected: Any = None
    """The expected points of a win within k draws (``Engine.odds(..., score=...)``; an empty
    vector otherwise)."""

    def to_dict(self, scored: bool = False) -> Dict[str, Any]:
        """As a row of a batch answer's ``odds.rows``."""
        out: Dict[str, Any] = {} if self.tile is None else {"tile": self.tile}
        out.update(
            shanten=self.shanten,
            tenpai=[float(x) for x in self.tenpai],
            win=[float(x) for x in self.win],
            ukeire_count=self.ukeire.count,
            states=self.states,
        )
        if scored:
            out["expected"] = [float(x) for x in self.expected]
        return out


@dataclass(frozen=True, eq=False)
class Odds:
    """The answer of ``Engine.odds``: rows best first (by the win chance at the horizon, then
    tenpai, then ukeire), the hand's own chances per horizon (numpy vectors), whether the 14
    tiles already win, the tiles left in the wall, the horizon answered and the hands
    explored.

    >>> import hupai
    >>> o = hupai.Engine("riichi").odds("12455m34567p6777s")
    >>> o.best, round(float(o.rows[0].win[16]), 3)
    ('1m', 0.549)
    """

    rows: Tuple[OddsRow, ...]
    tenpai: Any
    win: Any
    won: bool
    wall: int
    draws: int
    states: int
    expected: Any = None
    """The hand's expected points per horizon (with ``score=``; an empty vector otherwise)."""

    @property
    def best(self) -> Optional[str]:
        """The best discard (None for a 13-tile hand)."""
        return self.rows[0].tile if self.rows else None

    def to_dict(self) -> Dict[str, Any]:
        """The ``odds`` object of a batch answer."""
        out: Dict[str, Any] = {
            "draws": self.draws,
            "wall": self.wall,
            "states": self.states,
            "won": self.won,
            "tenpai": [float(x) for x in self.tenpai],
            "win": [float(x) for x in self.win],
        }
        scored = self.expected is not None and len(self.expected) > 0
        if scored:
            out["expected"] = [float(x) for x in self.expected]
        out["rows"] = [r.to_dict(scored) for r in self.rows]
        if self.best is not None:
            out["best"] = self.best
        return out


@dataclass(frozen=True)
class YakuHan:
    """One yaku (or dora count) of a score: its id (``riichi``, ``pinfu`` …), its English name,
    its han (13 a yakuman, 26 a double), and its Chinese and Japanese names."""

    yaku: str
    name: str
    han: int
    chinese: str = ""
    japanese: str = ""


@dataclass(frozen=True)
class FuPart:
    """One part of a hand's fu: its id (``base``, ``closed_pung`` …), the tile it is about if
    any, and its fu before rounding."""

    part: str
    tile: Optional[str]
    fu: int


@dataclass(frozen=True)
class Score:
    """The answer of ``Engine.score`` (riichi): the yaku with their han, the han and the fu
    (rounded), the fu's parts, the yakuman multiple, the limit (``none``, ``mangan`` …
    ``yakuman``) and its multiple, the base points, the payment (``{"ron": n}`` or
    ``{"dealer": n, "non_dealer": m}``, honba included) and the winner's total.

    >>> import hupai
    >>> s = hupai.Engine("riichi").score("234m345m567p22s789s", win="5m", tsumo=True, riichi=True)
    >>> [y.yaku for y in s.yaku], s.han, s.fu, s.total
    (['menzen_tsumo', 'riichi', 'pinfu'], 3, 20, 2700)
    """

    yaku: Tuple[YakuHan, ...]
    han: int
    fu: int
    fu_parts: Tuple[FuPart, ...]
    yakuman: int
    limit: str
    limit_multiple: int
    base: int
    payment: Dict[str, int]
    total: int

    @classmethod
    def from_dict(cls, d: Dict[str, Any]) -> "Score":
        """From a batch answer's ``score`` object."""
        return cls(
            yaku=tuple(
                YakuHan(y["yaku"], y["name"], y["han"], y["chinese"], y["japanese"]) for y in d["yaku"]
            ),
            han=d["han"],
            fu=d["fu"],
            fu_parts=tuple(FuPart(p["part"], p.get("tile"), p["fu"]) for p in d["fu_parts"]),
            yakuman=d["yakuman"],
            limit=d["limit"],
            limit_multiple=d["limit_multiple"],
            base=d["base"],
            payment=dict(d["payment"]),
            total=d["total"],
        )

    def to_dict(self) -> Dict[str, Any]:
        """The ``score`` object of a batch answer."""
        parts: List[Dict[str, Any]] = []
        for p in self.fu_parts:
            part: Dict[str, Any] = {"part": p.part}
            if p.tile is not None:
                part["tile"] = p.tile
            part["fu"] = p.fu
            parts.append(part)
        return {
            "yaku": [
                {"yaku": y.yaku, "name": y.name, "chinese": y.chinese, "japanese": y.japanese, "han": y.han}
                for y in self.yaku
            ],
            "han": self.han,
            "fu": self.fu,
            "fu_parts": parts,
            "yakuman": self.yakuman,
            "limit": self.limit,
            "limit_multiple": self.limit_multiple,
            "base": self.base,
            "payment": dict(self.payment),
            "total": self.total,
        }


@dataclass(frozen=True)
class FanCount:
    """One fan of an MCR score: its id (``knitted_straight`` …), English and Chinese names, its
    points and how many times it counts."""

    fan: str
    name: str
    chinese: str
    points: int
    count: int
    japanese: str = ""


@dataclass(frozen=True)
class McrScore:
    """The answer of ``Engine.score`` under Chinese Official rules (``Engine("guobiao")``): the
    fans, the flowers, the total, and whether the fans (flowers apart) reach the 8-fan minimum.

    >>> import hupai
    >>> s = hupai.Engine("guobiao").score("19m19p19s12345677z", win="7z")
    >>> [f.fan for f in s.fans], s.total, s.meets_minimum
    (['thirteen_orphans'], 88, True)
    """

    fans: Tuple[FanCount, ...]
    flowers: int
    total: int
    meets_minimum: bool

    @classmethod
    def from_dict(cls, d: Dict[str, Any]) -> "McrScore":
        """From a batch answer's ``score`` object."""
        return cls(
            fans=tuple(
                FanCount(f["fan"], f["name"], f["chinese"], f["points"], f["count"], f["japanese"])
                for f in d["fans"]
            ),
            flowers=d["flowers"],
            total=d["total"],
            meets_minimum=d["meets_minimum"],
        )

    def to_dict(self) -> Dict[str, Any]:
        """The ``score`` object of a batch answer."""
        return {
            "fans": [{"fan": f.fan, "name": f.name, "chinese": f.chinese, "japanese": f.japanese, "points": f.points, "count": f.count}
                     for f in self.fans],
            "flowers": self.flowers,
            "total": self.total,
            "meets_minimum": self.meets_minimum,
        }


@dataclass(frozen=True)
class RoomFanCount:
    """One fan of a regional room's score: its id (``flush_all_pungs`` …), English, Chinese and
    Japanese names, its fans (番) and how many times it counts (Sichuan's 根 once for each
    four)."""

    fan: str
    name: str
    chinese: str
    japanese: str
    fans: int
    count: int


@dataclass(frozen=True)
class WildcardRole:
    """A wildcard of a scored hand (its own kind, e.g. ``7z``) and the tile it stood for in
    the reading paid."""

    wildcard: str
    stood_for: str


@dataclass(frozen=True)
class RoomScore:
    """The answer of ``Engine.score`` under a regional room's rules (``Engine("sichuan")``,
    ``Engine("hongzhong")``): the fans of the reading that pays most, their sum before the
    room's cap and after it, what each payer pays, the total, and what each wildcard stood for.

    >>> import hupai
    >>> s = hupai.Engine("sichuan").score("11122233355577m", win="7m", tsumo=True)
    >>> [f.chinese for f in s.fans], s.fan, s.each, s.payers, s.total
    (['清对', '自摸'], 4, 16, 3, 48)
    >>> s = hupai.Engine("hongzhong").score("1122334455667m7z", win="7m", tsumo=True)
    >>> [f.chinese for f in s.fans], [(w.wildcard, w.stood_for) for w in s.wildcards], s.total
    (['七对', '清一色'], [('7z', '7m')], 12)
    """

    fans: Tuple[RoomFanCount, ...]
    uncapped: int
    fan: int
    each: int
    payers: int
    total: int
    wildcards: Tuple[WildcardRole, ...]

    @classmethod
    def from_dict(cls, d: Dict[str, Any]) -> "RoomScore":
        """From a batch answer's ``score`` object."""
        return cls(
            fans=tuple(
                RoomFanCount(f["fan"], f["name"], f["chinese"], f["japanese"], f["fans"], f["count"])
                for f in d["fans"]
            ),
            uncapped=d["uncapped"],
            fan=d["fan"],
            each=d["each"],
            payers=d["payers"],
            total=d["total"],
            wildcards=tuple(WildcardRole(w["wildcard"], w["stood_for"]) for w in d["wildcards"]),
        )

    def to_dict(self) -> Dict[str, Any]:
        """The ``score`` object of a batch answer."""
        return {
            "fans": [{"fan": f.fan, "name": f.name, "chinese": f.chinese, "japanese": f.japanese, "fans": f.fans, "count": f.count}
                     for f in self.fans],
            "uncapped": self.uncapped,
            "fan": self.fan,
            "each": self.each,
            "payers": self.payers,
            "total": self.total,
            "wildcards": [{"wildcard": w.wildcard, "stood_for": w.stood_for} for w in self.wildcards],
        }


# The names of the first room scored (Sichuan), kept for code written against them.
SichuanScore = RoomScore
SichuanFanCount = RoomFanCount
