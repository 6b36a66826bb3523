"""hupai: table-driven mahjong hand evaluation.

Is a hand a win (with wildcards: 赖子, Nanchang 精), how far is it from winning (shanten),
what does it wait on, which tiles improve it (ukeire) and which discard keeps the most of them,
under seven rule presets. One hand at a time, or many at once on numpy arrays with the GIL
released.

>>> import hupai
>>> engine = hupai.Engine("riichi")
>>> engine.shanten("23569m456p789s11z")
1
>>> engine.ukeire("23569m456p789s11z")
Ukeire(tiles=('1m', '4m', '7m'), count=12)
>>> hupai.Engine("nanchang", jing="1z").is_win("12355m99m456p789s1z")
True
"""

from hupai._hupai import (
    ACTIONS,
    KINDS,
    OBSERVATION,
    ROOM_ACTIONS,
    ROOM_OBSERVATION,
    STATUS,
    Engine,
    Game,
    Hand,
    HandError,
    HupaiError,
    NoYakuError,
    OddsError,
    RecordError,
    RulesError,
    ScoreError,
    RoomGame,
    RoomVecGame,
    TablesError,
    VecGame,
    action_name,
    jing_settlement,
    presets,
    room_action_name,
    tile_index,
    to_counts,
    to_text,
)
from hupai._review import review
from hupai._types import (
    Decomposition,
    Discard,
    FanCount,
    FuPart,
    Improvement,
    McrScore,
    Odds,
    OddsRow,
    Score,
    Set,
    RoomFanCount,
    RoomScore,
    SichuanFanCount,
    SichuanScore,
    WildcardRole,
    Slot,
    Ukeire,
    YakuHan,
)

__all__ = [
    "ACTIONS",
    "KINDS",
    "OBSERVATION",
    "STATUS",
    "Game",
    "VecGame",
    "action_name",
    "ROOM_ACTIONS",
    "ROOM_OBSERVATION",
    "RoomGame",
    "RoomVecGame",
    "room_action_name",
    "Decomposition",
    "Discard",
    "FanCount",
    "FuPart",
    "Engine",
    "Hand",
    "HandError",
    "HupaiError",
    "Improvement",
    "McrScore",
    "NoYakuError",
    "Odds",
    "OddsError",
    "OddsRow",
    "RecordError",
    "RulesError",
    "Score",
    "ScoreError",
    "RoomFanCount",
    "RoomScore",
    "SichuanFanCount",
    "SichuanScore",
    "WildcardRole",
    "Set",
    "Slot",
    "TablesError",
    "Ukeire",
    "YakuHan",
    "jing_settlement",
    "presets",
    "review",
    "tile_index",
    "to_counts",
    "to_text",
]

try:
    from importlib.metadata import version as _version

    __version__ = _version("hupai")
except Exception:  # pragma: no cover - running from a source tree
    __version__ = "0.0.0"
