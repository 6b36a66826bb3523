//! Play: a round dealt, draws, the seat in its turn (discards, riichi, kans), the claims on
//! a discard resolved together (ron first, then pon or kan, then chi) and what follows a
//! discard no one claims (the riichi stick, kan dora, the abortive draws of the first go-around
//! and of four kans).

use super::action::{Action, ActionKind};
use super::event::{DrawKind, GameEvent};
use super::ids::TileIds;
use super::seat::Seat;
use super::table::{Game, KanClaim, Phase};
use super::wall::{self, Layout};
use crate::score::{Call, CallKind, Pao, Yaku};
use crate::tile::Tile;

impl Game {
    /// Deals `wall` and gives the dealer its first draw.
    pub(super) fn start_round(&mut self, wall: [u8; 136]) {
        self.wall = wall;
        self.seats = std::array::from_fn(|_| Seat::new());
        let dealer = (self.round % 4) as usize;
        let mut hands = [[0u8; 13]; 4];
        for (i, hand) in hands.iter_mut().enumerate() {
            let seat = (dealer + i) % 4;
            for (t, slot) in hand.iter_mut().enumerate() {
                *slot = wall[Layout::deal(i, t)];
                self.seats[seat].take(*slot);
            }
        }
        let mut by_seat = [[0u8; 13]; 4];
        for (i, hand) in hands.iter().enumerate() {
            let mut h = *hand;
            h.sort_unstable();
            by_seat[(dealer + i) % 4] = h;
        }
        self.next = wall::FIRST_DRAW as u8;
        self.kans = 0;
        self.kan_seats = 0;
        self.dora = 1;
        self.dora_pending = 0;
        self.clean = true;
        self.discards = 0;
        self.riichi_pending = None;
        self.rinshan = false;
        self.events.push(GameEvent::StartKyoku {
            round: self.round,
            honba: self.honba,
            sticks: self.sticks,
            dealer: dealer as u8,
            scores: self.scores,
            dora_marker: wall[wall::DORA[0]],
            hands: by_seat,
        });
        for seat in 0..4 {
            self.refresh_waits(seat);
        }
        self.draw(dealer, false);
    }

    /// `seat` draws (from the dead wall after a kan), or the wall is out: the round is drawn.
    fn draw(&mut self, seat: usize, rinshan: bool) {
        let id = if rinshan {
            self.wall[wall::RINSHAN[self.kans as usize - 1]]
        } else {
            if self.next >= self.live_end() {
                self.exhaustive_draw();
                return;
            }
            self.next += 1;
            self.wall[self.next as usize - 1]
        };
        let s = &mut self.seats[seat];
        s.take(id);
        s.drawn = Some(id);
        s.forbidden = 0;
        self.rinshan = rinshan;
        self.events.push(GameEvent::Tsumo {
            seat: seat as u8,
            tile: id,
        });
        self.phase = Phase::Turn(seat as u8);
        self.turn_options(seat, true);
    }

    /// The seat in its turn plays `action` (legal).
    pub(super) fn play_turn(&mut self, seat: u8, action: Action) {
        let s = seat as usize;
        match action.kind() {
            ActionKind::Discard { tile, red, riichi } => {
                let id = self.seats[s]
                    .find(tile.index(), red, self.reds)
                    .expect("a legal discard is held");
                self.discard(s, id, riichi);
            }
            ActionKind::ClosedKan(t) => self.closed_kan(s, t.index()),
            ActionKind::AddedKan(t) => {
                let k = t.index();
                let id = self.seats[s]
                    .find(k, false, self.reds)
                    .or_else(|| self.seats[s].find(k, true, self.reds))
                    .expect("a legal added kan holds its tile");
                self.seats[s].give(id);
                let pon = self.seats[s].call_ids.copies(k);
                let mut consumed = [0u8; 3];
                let mut ids = (0..4u8)
                    .filter(|c| pon >> c & 1 == 1)
                    .map(|c| (k * 4) as u8 + c);
                consumed
                    .iter_mut()
                    .for_each(|c| *c = ids.next().unwrap_or(0));
                self.events.push(GameEvent::Kakan {
                    seat,
                    tile: id,
                    consumed,
                });
                self.claim.tile = id;
                self.claim.from = seat;
                self.claim.kan = Some(KanClaim::Added);
                if self.claim_options(id, s, Some(KanClaim::Added)) {
                    self.phase = Phase::Claims;
                } else {
                    self.complete_added_kan(s);
                }
            }
            ActionKind::Tsumo => {
                let id = self.seats[s].drawn.expect("a tsumo follows a draw");
                self.settle_wins(&[seat], seat, id, false);
            }
            ActionKind::NineTerminals => self.abortive(DrawKind::NineTerminals),
            _ => unreachable!("claims are answered in the claims phase"),
        }
    }

    /// Discards `id`, with riichi when `riichi`, and opens the claims on it.
    fn discard(&mut self, seat: usize, id: u8, riichi: bool) {
        let first = self.clean && self.seats[seat].n_river == 0;
        let s = &mut self.seats[seat];
        let tsumogiri = s.drawn == Some(id);
        s.give(id);
        s.discard(id);
        s.drawn = None;
        s.forbidden = 0;
        s.temp_furiten = false;
        if s.riichi {
            s.ippatsu = false;
        }
        if riichi {
            s.double_riichi = first;
            self.riichi_pending = Some(seat as u8);
            self.events.push(GameEvent::Reach { seat: seat as u8 });
        }
        self.events.push(GameEvent::Dahai {
            seat: seat as u8,
            tile: id,
            tsumogiri,
        });
        self.discards += 1;
        self.refresh_waits(seat);
        self.show_pending_dora();
        self.claim.tile = id;
        self.claim.from = seat as u8;
        self.claim.kan = None;
        if self.claim_options(id, seat, None) {
            self.phase = Phase::Claims;
        } else {
            self.discard_passes();
        }
    }

    /// Shows the kan dora a kan left to show after its discard.
    fn show_pending_dora(&mut self) {
        while self.dora_pending > 0 && (self.dora as usize) < wall::DORA.len() {
            self.dora_pending -= 1;
            self.show_dora();
        }
        self.dora_pending = 0;
    }

    fn show_dora(&mut self) {
        let marker = self.wall[wall::DORA[self.dora as usize]];
        self.dora += 1;
        self.events.push(GameEvent::Dora { marker });
    }

    /// A closed kan of `kind`: the dora shown at once, then (unless thirteen orphans robs it)
    /// the replacement tile.
    fn closed_kan(&mut self, seat: usize, kind: usize) {
        let mut consumed = [0u8; 4];
        let mut red = 0;
        for (i, slot) in consumed.iter_mut().enumerate() {
            let id = (kind * 4 + i) as u8;
            *slot = id;
            red += self.is_red(id) as u8;
            self.seats[seat].give(id);
        }
        let call = Call::new(CallKind::ClosedKan, Tile::from_index(kind), red)
            .expect("four of a kind is a kan");
        self.seats[seat].push_call(call, seat as u8);
        let ids: TileIds = consumed.into_iter().collect();
        self.seats[seat].call_ids = self.seats[seat].call_ids | ids;
        self.kan_made(seat);
        self.events.push(GameEvent::Ankan {
            seat: seat as u8,
            consumed,
        });
        self.show_pending_dora();
        self.show_dora();
        if self.rules.kokushi_robs_closed_kan {
            self.claim.tile = consumed[0];
            self.claim.from = seat as u8;
            self.claim.kan = Some(KanClaim::Closed);
            if self.claim_options(consumed[0], seat, Some(KanClaim::Closed)) {
                self.phase = Phase::Claims;
                return;
            }
        }
        self.draw(seat, true);
    }

    /// A kan counted: the first go-around and every ippatsu end.
    fn kan_made(&mut self, seat: usize) {
        self.kans += 1;
        self.kan_seats |= 1 << seat;
        self.interrupted();
    }

    /// A call or kan: the first go-around's flags and every ippatsu end.
    fn interrupted(&mut self) {
        self.clean = false;
        for s in &mut self.seats {
            s.ippatsu = false;
        }
    }

    /// The added kan no one robbed: made, its dora after the next discard, the replacement
    /// tile drawn.
    fn complete_added_kan(&mut self, seat: usize) {
        let id = self.claim.tile;
        let red = self.is_red(id) as u8;
        self.seats[seat].add_to_pon((id / 4) as usize, red);
        self.seats[seat].call_ids.insert(id);
        self.kan_made(seat);
        self.dora_pending += 1;
        self.draw(seat, true);
    }

    /// Every seat with an option has answered: rons first, then a pon or kan, then a chi, or
    /// play goes on.
    pub(super) fn resolve_claims(&mut self) {
        let from = self.claim.from as usize;
        let id = self.claim.tile;
        let kind = (id / 4) as usize;
        let mut rons = [0u8; 3];
        let mut n = 0;
        for d in 1..4 {
            let seat = (from + d) % 4;
            if self.claim.answers[seat] == Some(Action::RON) {
                rons[n] = seat as u8;
                n += 1;
            }
        }
        if n > 0 {
            if n == 3 && self.rules.rons == super::rules::Rons::TwoAbortOnThree {
                self.abortive(DrawKind::ThreeRons);
                return;
            }
            if self.rules.rons == super::rules::Rons::Nearest {
                n = 1;
            }
            let chankan = self.claim.kan.is_some();
            self.settle_wins(&rons[..n], from as u8, id, chankan);
            return;
        }
        // A winning tile let pass: furiten until the seat's next discard, for good in riichi.
        for seat in (0..4).filter(|&s| s != from) {
            let s = &mut self.seats[seat];
            if s.waits >> kind & 1 == 1 {
                s.temp_furiten = true;
                if s.riichi {
                    s.riichi_furiten = true;
                }
            }
        }
        match self.claim.kan {
            Some(KanClaim::Added) => return self.complete_added_kan(from),
            Some(KanClaim::Closed) => return self.draw(from, true),
            None => {}
        }
        let call = (0..4).find_map(|seat| {
            let a = self.claim.answers[seat]?;
            matches!(a.kind(), ActionKind::Pon { .. } | ActionKind::OpenKan).then_some((seat, a))
        });
        let call = call.or_else(|| {
            let seat = (from + 1) % 4;
            let a = self.claim.answers[seat]?;
            matches!(a.kind(), ActionKind::Chi { .. }).then_some((seat, a))
        });
        if !self.accept_riichi() {
            return;
        }
        match call {
            Some((seat, a)) => self.call(seat, from, id, a),
            None => self.discard_passes(),
        }
    }

    /// The riichi stick of a discard no one won on; false when it was the fourth riichi and
    /// the round is aborted.
    fn accept_riichi(&mut self) -> bool {
        let Some(seat) = self.riichi_pending.take() else {
            return true;
        };
        let s = seat as usize;
        self.seats[s].riichi = true;
        self.seats[s].ippatsu = true;
        self.scores[s] -= 1000;
        self.sticks += 1;
        self.events.push(GameEvent::ReachAccepted { seat });
        if self.rules.abortive && self.seats.iter().all(|s| s.riichi) {
            self.abortive(DrawKind::FourRiichi);
            return false;
        }
        true
    }

    /// No one claims the discard: the abortive draws of the first go-around and of four
    /// kans, else the next seat draws.
    fn discard_passes(&mut self) {
        if !self.accept_riichi() {
            return;
        }
        let from = self.claim.from as usize;
        if self.rules.abortive {
            if self.clean && self.discards == 4 {
                let first = |s: &Seat| (s.river[0] / 4) as usize;
                let k = first(&self.seats[0]);
                if (27..31).contains(&k) && self.seats.iter().all(|s| first(s) == k) {
                    return self.abortive(DrawKind::FourWinds);
                }
            }
            if self.kans == 4 && self.kan_seats.count_ones() > 1 {
                return self.abortive(DrawKind::FourKans);
            }
        }
        self.draw((from + 1) % 4, false);
    }

    /// `seat` calls tile `id` of `from` with `action` (a chi, pon or open kan).
    fn call(&mut self, seat: usize, from: usize, id: u8, action: Action) {
        let kind = (id / 4) as usize;
        self.interrupted();
        self.seats[from].nagashi = false;
        self.seats[from].claimed.insert(id);
        self.seats[seat].call_ids.insert(id);
        let take = |g: &mut Game, k: usize, red: bool| -> u8 {
            let s = &g.seats[seat];
            let id = s
                .find(k, red, g.reds)
                .or_else(|| s.find(k, !red, g.reds))
                .expect("a legal call's tiles are held");
            g.seats[seat].give(id);
            g.seats[seat].call_ids.insert(id);
            id
        };
        let (event, call, forbidden) = match action.kind() {
            ActionKind::Pon { red } => {
                let a = take(self, kind, red);
                let b = take(self, kind, false);
                let reds = [a, b, id].iter().filter(|&&i| self.is_red(i)).count() as u8;
                let call = Call::new(CallKind::Pon, Tile::from_index(kind), reds);
                let ev = GameEvent::Pon {
                    seat: seat as u8,
                    target: from as u8,
                    tile: id,
                    consumed: [a, b],
                };
                (ev, call, 1u64 << kind)
            }
            ActionKind::OpenKan => {
                let c = [0, 1, 2].map(|_| take(self, kind, false));
                let reds = c.iter().chain([&id]).filter(|&&i| self.is_red(i)).count() as u8;
                let call = Call::new(CallKind::Kan, Tile::from_index(kind), reds);
                let ev = GameEvent::Daiminkan {
                    seat: seat as u8,
                    target: from as u8,
                    tile: id,
                    consumed: c,
                };
                (ev, call, 0)
            }
            ActionKind::Chi { at, red } => {
                let low = kind - at as usize;
                let others = match at {
                    0 => [low + 1, low + 2],
                    1 => [low, low + 2],
                    _ => [low, low + 1],
                };
                let a = take(self, others[0], red && others[0] % 9 == 4);
                let b = take(self, others[1], red && others[1] % 9 == 4);
                let reds = [a, b, id].iter().filter(|&&i| self.is_red(i)).count() as u8;
                let call = Call::new(CallKind::Chi, Tile::from_index(low), reds);
                let ev = GameEvent::Chi {
                    seat: seat as u8,
                    target: from as u8,
                    tile: id,
                    consumed: [a, b],
                };
                let end = match at {
                    0 if kind % 9 + 3 <= 8 => 1u64 << (kind + 3),
                    2 if kind % 9 >= 3 => 1u64 << (kind - 3),
                    _ => 0,
                };
                (ev, call, 1u64 << kind | end)
            }
            _ => unreachable!("a call is a chi, pon or open kan"),
        };
        let call = call.expect("a call's tiles make its shape");
        self.seats[seat].push_call(call, from as u8);
        self.events.push(event);
        self.mark_pao(seat, from, call);
        if call.kind() == CallKind::Kan {
            self.kan_made(seat);
            self.dora_pending += 1;
            self.draw(seat, true);
        } else {
            self.seats[seat].forbidden = if self.rules.no_kuikae { forbidden } else { 0 };
            self.seats[seat].drawn = None;
            self.rinshan = false;
            self.phase = Phase::Turn(seat as u8);
            self.turn_options(seat, false);
        }
    }

    /// Pao: the seat whose discard made the third dragon set, the fourth wind set (or the
    /// fourth kan, as the rules say) answers for that yakuman.
    fn mark_pao(&mut self, seat: usize, from: usize, call: Call) {
        let s = &self.seats[seat];
        let k = call.tile().index();
        let sets = |range: std::ops::Range<usize>| {
            s.calls()
                .filter(|(c, _)| c.kind() != CallKind::Chi && range.contains(&c.tile().index()))
                .count()
        };
        let yaku = if (31..34).contains(&k) && sets(31..34) == 3 {
            Some(Yaku::Daisangen)
        } else if (27..31).contains(&k) && sets(27..31) == 4 {
            Some(Yaku::Daisuushii)
        } else if call.kind() == CallKind::Kan
            && self.rules.table.pao == Pao::WithFourKans
            && s.kans() == 4
        {
            Some(Yaku::Suukantsu)
        } else {
            None
        };
        if let Some(y) = yaku {
            self.seats[seat].pao = Some((from as u8, y));
        }
    }
}
