"""The table from Python: a game played to its end by seat, every action offered taken and the
ones not offered refused, a seed replaying its game, and VecGame stepping many games into its
arrays — its masks the games' legal actions, finished games paid and dealt again."""

import json
from typing import Any, Dict, Set

import numpy as np
import pytest

import hupai


def play_random(game: hupai.Game, rng: np.random.Generator) -> int:
    steps = 0
    while game.to_act():
        seat = game.to_act()[0]
        legal = game.legal(seat)
        assert legal, "a seat to act has an action"
        assert np.flatnonzero(game.legal_mask(seat)).tolist() == legal
        game.step(seat, int(rng.choice(legal)))
        steps += 1
    return steps


def test_a_game_plays_to_its_end_and_pays_zero_sum() -> None:
    game = hupai.Game(seed=3)
    steps = play_random(game, np.random.default_rng(3))
    assert game.is_over and steps > 200
    assert sum(game.scores) == 100_000
    ranks, results = game.results()
    assert sorted(ranks) == [0, 1, 2, 3]
    assert abs(sum(results)) < 1e-6
    events = [json.loads(e) for e in game.events()]
    assert events[0]["type"] == "start_game" and events[-1]["type"] == "end_game"


def test_a_seed_replays_and_a_seat_sees_only_its_own_tiles() -> None:
    a, b = hupai.Game(seed=11), hupai.Game(seed=11)
    play_random(a, np.random.default_rng(1))
    play_random(b, np.random.default_rng(1))
    assert a.events() == b.events()
    seen = [json.loads(e) for e in a.events(seat=2)]
    draws = [e for e in seen if e["type"] == "tsumo"]
    assert all((e["pai"] == "?") == (e["actor"] != 2) for e in draws)


def test_an_action_not_offered_is_refused_with_its_code() -> None:
    game = hupai.Game(seed=1)
    seat = game.to_act()[0]
    illegal = next(a for a in range(hupai.ACTIONS) if a not in game.legal(seat))
    with pytest.raises(hupai.HupaiError) as e:
        game.step(seat, illegal)
    assert e.value.code == "ILLEGAL_ACTION"
    assert hupai.action_name(illegal) in str(e.value)
    with pytest.raises(hupai.HupaiError) as bad:
        game.step(7, 0)
    assert bad.value.code == "BAD_ARGUMENT"
    with pytest.raises(hupai.HupaiError) as bad:
        game.step(seat, hupai.ACTIONS)
    assert bad.value.code == "BAD_ARGUMENT"
    assert hupai.action_name(152) == "ron"


def test_an_observation_has_its_layout() -> None:
    game = hupai.Game(seed=5)
    seat = game.to_act()[0]
    obs = game.observe(seat)
    assert obs.dtype == np.uint8 and obs.shape == (hupai.OBSERVATION,)
    assert obs[:34].sum() == 14  # the dealer has drawn
    assert obs[309:343].sum() == 1  # one dora indicator


def test_vecgame_steps_many_games_into_its_arrays() -> None:
    n = 64
    games = hupai.VecGame(n, seed=100)
    assert len(games) == n
    obs, masks, seats = games.observe()
    assert obs.shape == (n, hupai.OBSERVATION) and masks.shape == (n, hupai.ACTIONS)
    rng = np.random.default_rng(0)
    paid = 0.0
    for _ in range(3000):
        # A random legal action of each game.
        pick = (rng.random((n, hupai.ACTIONS)) * masks).argmax(axis=1)
        assert masks[np.arange(n), pick].all()
        obs2, masks2, seats2, rewards, dones = games.step(pick.astype(np.int64))
        assert obs2 is obs and masks2 is masks  # the same arrays, filled in place
        assert (rewards[~dones] == 0).all()
        for i in np.flatnonzero(dones):
            assert abs(rewards[i].sum()) < 1e-3
            paid += abs(rewards[i]).sum()
    assert games.games_finished > 0 and paid > 0


def test_vecgame_refuses_an_illegal_action_naming_its_game() -> None:
    games = hupai.VecGame(4)
    _, masks, _ = games.observe()
    actions = masks.argmax(axis=1).astype(np.int64)
    actions[2] = next(a for a in range(hupai.ACTIONS) if not masks[2, a])
    with pytest.raises(hupai.HupaiError, match="game 2"):
        games.step(actions)
    with pytest.raises(hupai.HupaiError):
        games.step(np.zeros(3, dtype=np.int64))
    with pytest.raises(hupai.HupaiError):
        hupai.VecGame(0)


def test_the_training_loop_example_runs() -> None:
    import pathlib
    import runpy

    example = pathlib.Path(__file__).parents[1] / "examples" / "train_loop.py"
    runpy.run_path(str(example))["main"](n=16, steps=40_000)


@pytest.mark.parametrize(
    "rules,switches,reasons",
    [
        ("sichuan", {"hands": 2, "call_transfer": True},
         {"win", "closed_kong", "kong", "added_kong", "transfer", "flower_pig", "not_ready", "refund"}),
        ("hongzhong", {"hands": 2, "bird_pay": "multiply", "kongs": "1/1/1", "draw_refunds_kongs": True},
         {"win", "closed_kong", "kong", "added_kong", "refund"}),
        ("changsha", {"hands": 2, "birds": 4, "bird_pay": "add", "dealer_extra": 0},
         {"win", "opening"}),
        ("guobiao", {"hands": 2, "minimum": 0, "multiple_wins": True, "base": 5}, {"win"}),
        ("nanchang", {"hands": 2, "discard_pays": "discarder", "stake": 2}, {"win", "jing"}),
        # The switches of 2026-12-07 through the door.
        ("sichuan", {"hands": 2, "not_ready": "most", "heavenly": "largest", "self_draw": "none"},
         {"win", "closed_kong", "kong", "added_kong", "transfer", "flower_pig", "not_ready", "refund"}),
        ("hongzhong", {"hands": 2, "seven_pairs": False, "no_red_double": False},
         {"win", "closed_kong", "kong", "added_kong"}),
        ("nanchang", {"hands": 2, "ba_wang_bonus": 10}, {"win", "jing"}),
        # 换三张 before the void suits.
        ("sichuan", {"hands": 2, "exchange": "dice"},
         {"win", "closed_kong", "kong", "added_kong", "transfer", "flower_pig", "not_ready", "refund"}),
    ],
)
def test_a_room_game_plays_to_its_end_and_every_payment_is_an_event(
    rules: str, switches: Dict[str, Any], reasons: Set[str]
) -> None:
    game = hupai.RoomGame(rules, seed=4, **switches)
    assert game.rules == rules
    rng = np.random.default_rng(4)
    steps = 0
    while game.to_act():
        seat = game.to_act()[0]
        legal = game.legal(seat)
        assert legal and all(0 <= a < hupai.ROOM_ACTIONS for a in legal)
        game.step(seat, int(rng.choice(legal)))
        steps += 1
    assert game.is_over and steps > 100
    events = [json.loads(e) for e in game.events()]
    assert [e["type"] for e in events].count("end_hand") == 2
    points = [0, 0, 0, 0]
    for e in events:
        if e["type"] == "pay":
            assert e["amount"] > 0 and e["reason"] in reasons
            points[e["from"]] -= e["amount"]
            points[e["to"]] += e["amount"]
    assert points == list(game.scores) and sum(points) == 0
    assert events[-1] == {"type": "end_game", "scores": points}
    assert sum(sum(game.hand(s)) for s in range(4)) <= 4 * 14
    exchanges = [e for e in events if e["type"] == "exchange"]
    assert len(exchanges) == (2 if "exchange" in switches else 0)
    for e in exchanges:
        assert e["shift"] in (1, 2, 3) and all(len(g) == 6 for g in e["given"])
    if rules == "hongzhong":
        assert all(e["type"] != "void" for e in events)
        assert all(e["tile"] != "7z" for e in events if e["type"] in ("pon", "kong"))


def test_a_room_game_refuses_what_it_may_not_do() -> None:
    game = hupai.RoomGame("sichuan", seed=1)
    assert sorted(game.to_act()) == [0, 1, 2, 3]  # every seat declares its void suit
    assert [hupai.room_action_name(a) for a in game.legal(0)] == ["void m", "void p", "void s"]
    with pytest.raises(hupai.HupaiError) as e:
        game.step(0, 0)  # a discard, before the void suits
    assert e.value.code == "ILLEGAL_ACTION"
    for seat, action in [(4, 27), (-1, 27), (0, hupai.ROOM_ACTIONS), (0, -1)]:
        with pytest.raises(hupai.HupaiError) as bad:
            game.step(seat, action)
        assert bad.value.code == "BAD_ARGUMENT"
    for rules, switches in [
        ("riichi", {}),
        ("sichuan", {"birds": 4}),  # 红中's switch
        ("hongzhong", {"birds": 9}),
        ("hongzhong", {"birds": 6, "no_red_birds": 3}),
        ("hongzhong", {"bird_pay": "double"}),
        ("hongzhong", {"stake": 0}),
        ("changsha", {"birds": 9}),
        ("changsha", {"opening_wins": "maybe"}),
        ("guobiao", {"minimum": 89}),
        ("guobiao", {"birds": 2}),
        ("nanchang", {"discard_pays": "nobody"}),
        ("sichuan", {"call_transfer": "maybe"}),
    ]:
        with pytest.raises(hupai.HupaiError) as bad:
            hupai.RoomGame(rules, **switches)
        assert bad.value.code == "BAD_ARGUMENT", (rules, switches)
    a, b = hupai.RoomGame("hongzhong", seed=9, hands=1), hupai.RoomGame("hongzhong", seed=9, hands=1)
    for g in (a, b):
        while g.to_act():
            seat = g.to_act()[0]
            g.step(seat, g.legal(seat)[-1])
    assert a.events() == b.events() and a.scores == b.scores


@pytest.mark.parametrize("rules", ["sichuan", "hongzhong", "changsha", "guobiao", "nanchang"])
def test_a_room_vecgame_steps_as_single_room_games_do(rules: str) -> None:
    n = 3
    games = hupai.RoomVecGame(n, rules, seed=20, hands=1)
    assert len(games) == n and games.rules == rules
    singles = [hupai.RoomGame(rules, seed=20 + k, hands=1) for k in range(n)]
    next_seed = 20 + n
    obs, masks, seats = games.observe()
    assert obs.shape == (n, hupai.ROOM_OBSERVATION) and masks.shape == (n, hupai.ROOM_ACTIONS)
    rng = np.random.default_rng(1)
    for _ in range(1500):
        actions = np.zeros(n, dtype=np.int64)
        for i, g in enumerate(singles):
            seat = g.to_act()[0]
            assert seats[i] == seat
            assert (obs[i] == g.observe(seat)).all()
            legal = g.legal(seat)
            assert list(np.flatnonzero(masks[i])) == legal
            actions[i] = legal[rng.integers(len(legal))]
            g.step(seat, int(actions[i]))
        obs, masks, seats, rewards, dones = games.step(actions)
        for i, g in enumerate(singles):
            assert dones[i] == g.is_over
            if g.is_over:
                assert list(rewards[i]) == [float(x) for x in g.scores]
                singles[i] = hupai.RoomGame(rules, seed=next_seed, hands=1)
                next_seed += 1
            else:
                assert (rewards[i] == 0).all()
    assert games.games_finished >= n
    actions = masks.argmax(axis=1).astype(np.int64)
    actions[1] = next(a for a in range(hupai.ROOM_ACTIONS) if not masks[1, a])
    with pytest.raises(hupai.HupaiError, match="game 1") as refused:
        games.step(actions)
    assert refused.value.code == "ILLEGAL_ACTION"
    with pytest.raises(hupai.HupaiError):
        hupai.RoomVecGame(0, rules)
    with pytest.raises(hupai.HupaiError):
        hupai.RoomVecGame(2, rules, flower_pig=3) if rules != "sichuan" else hupai.RoomVecGame(2, rules, birds=3)
