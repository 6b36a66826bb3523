//! What each seat may do: the actions of the seat in its turn and the claims of the others on
//! a discard, worked out once when the decision comes (so [`super::Game::legal`] only reads
//! them), and the win checks they ask (the shape from the engine's tables, the yaku from the
//! scorer with the game's own buffers).

use super::action::{Action, Actions};
use super::seat::kan_meld;
use super::table::{Game, KanClaim};
use super::wall;
use crate::hand::Hand;
use crate::score::riichi::has_yaku;
use crate::tile::{Tile, TileSet};

/// The flags of a win the table knows beyond the hand.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct WinAt {
    /// Won by the own draw.
    pub tsumo: bool,
    /// On a tile added to a pon (槍槓).
    pub chankan: bool,
}

impl Game {
    /// `seat`'s hand as the engine reads it, with `extra` one more tile of a kind (a ron's
    /// tile, a draw).
    pub(super) fn engine_hand(&self, seat: usize, extra: Option<usize>) -> Option<Hand> {
        let s = &self.seats[seat];
        let mut counts = s.counts;
        if let Some(k) = extra {
            counts[k] += 1;
        }
        let (melds, n) = s.melds();
        Hand::new(counts, &melds[..n], TileSet::EMPTY).ok()
    }

    /// The waits of `seat`'s 13-tile hand, after its discard.
    pub(super) fn refresh_waits(&mut self, seat: usize) {
        let waits = match self.engine_hand(seat, None) {
            Some(h) if self.engine.shanten(&h) == 0 => self.engine.waits(&h).0,
            _ => 0,
        };
        self.seats[seat].waits = waits;
    }

    /// Fills the game's hand and situation buffers for `seat` winning on tile `id`.
    pub(super) fn situation(&mut self, seat: usize, id: u8, at: WinAt) {
        let dealer = (self.round % 4) as usize;
        let s = &self.seats[seat];
        let kind = (id / 4) as usize;
        let mut counts = s.counts;
        let mut red = s.red_counts(self.reds);
        if !at.tsumo {
            counts[kind] += 1;
            if self.is_red(id) {
                red[kind / 9] += 1;
            }
        }
        // The scorer counts red fives per suit, called ones included.
        for (c, _) in s.calls() {
            if c.red() > 0 {
                red[c.tile().index() / 9] += c.red();
            }
        }
        let calls = s.calls[..s.n_calls as usize]
            .iter()
            .flatten()
            .map(|&(c, _)| c);
        self.hand.set_calls(calls);
        self.hand.refill(counts, Tile::from_index(kind), red);
        let last = self.next >= self.live_end();
        let first = self.clean && s.n_river == 0;
        let w = &mut self.win;
        w.tsumo = at.tsumo;
        w.seat_wind = Tile::from_index(27 + (seat + 4 - dealer) % 4);
        w.round_wind = Tile::from_index(27 + (self.round as usize / 4).min(3));
        w.riichi = s.riichi && !s.double_riichi;
        w.double_riichi = s.double_riichi;
        w.ippatsu = s.riichi && s.ippatsu;
        w.haitei = at.tsumo && last && !self.rinshan;
        w.houtei = !at.tsumo && last && !at.chankan;
        w.rinshan = at.tsumo && self.rinshan;
        w.chankan = at.chankan;
        w.tenhou = at.tsumo && first && seat == dealer;
        w.chiihou = at.tsumo && first && seat != dealer;
        w.renhou = false;
        w.dora.clear();
        w.ura_dora.clear();
        w.red_indicators = [0; 3];
        for i in 0..self.dora as usize {
            for (at, list) in [
                (wall::DORA[i], &mut w.dora),
                (wall::URA[i], &mut w.ura_dora),
            ] {
                let t = self.wall[at];
                list.push(Tile::from_index((t / 4) as usize));
                if self.reds.contains(t) {
                    w.red_indicators[(t / 36) as usize] += 1;
                }
            }
        }
        if !w.in_riichi() {
            w.ura_dora.clear();
        }
    }

    /// Whether `seat` may claim a win on tile `id` (the shape already known): a yaku.
    pub(super) fn has_yaku(&mut self, seat: usize, id: u8, at: WinAt) -> bool {
        let s = &self.seats[seat];
        // Riichi, and a closed hand's own draw, are yaku enough.
        if s.riichi || (at.tsumo && s.closed()) {
            return true;
        }
        self.situation(seat, id, at);
        has_yaku(&self.hand, &self.win, &mut self.scratch.0)
    }

    /// Works out what the seat in its turn may do (after a draw when `drew`, else after a
    /// chi or pon).
    pub(super) fn turn_options(&mut self, seat: usize, drew: bool) {
        let mut a = Actions::EMPTY;
        let s = &self.seats[seat];
        let left = self.live_end().saturating_sub(self.next);
        // Kans need a tile to replace them and fewer than four made.
        let may_kan = drew && left > 0 && self.kans < 4;
        if s.riichi {
            let id = s.drawn.expect("a riichi seat plays after a draw");
            a.insert(Action::discard(
                Tile::from_index((id / 4) as usize),
                self.is_red(id),
            ));
            let k = (id / 4) as usize;
            if may_kan && s.counts[k] == 4 && self.kan_keeps_waits(seat, k) {
                a.insert(Action::closed_kan(Tile::from_index(k)));
            }
        } else {
            let riichi_ok = s.closed()
                && self.scores[seat] >= 1000
                && left >= 4
                && self
                    .engine_hand(seat, None)
                    .is_some_and(|h| self.engine.shanten(&h) <= 0);
            for k in 0..34 {
                if s.counts[k] == 0 || s.forbidden >> k & 1 == 1 {
                    continue;
                }
                let t = Tile::from_index(k);
                for red in [false, true] {
                    if s.find(k, red, self.reds).is_none() {
                        continue;
                    }
                    a.insert(Action::discard(t, red));
                    if riichi_ok && self.tenpai_without(seat, k) {
                        a.insert(Action::riichi(t, red));
                    }
                }
                if may_kan && s.counts[k] == 4 {
                    a.insert(Action::closed_kan(t));
                }
                if may_kan && s.has_pon(k) {
                    a.insert(Action::added_kan(t));
                }
            }
            let s = &self.seats[seat];
            if drew && self.rules.abortive && self.clean && s.n_river == 0 {
                let orphans = (0..34)
                    .filter(|&k| s.counts[k] > 0 && Tile::from_index(k).is_orphan())
                    .count();
                if orphans >= 9 {
                    a.insert(Action::NINE_TERMINALS);
                }
            }
        }
        if drew {
            let id = self.seats[seat].drawn.expect("a draw");
            let win = self
                .engine_hand(seat, None)
                .is_some_and(|h| self.engine.is_win(&h));
            if win
                && self.has_yaku(
                    seat,
                    id,
                    WinAt {
                        tsumo: true,
                        chankan: false,
                    },
                )
            {
                a.insert(Action::TSUMO);
            }
        }
        self.turn_actions = a;
    }

    /// Whether `seat`'s hand is tenpai without one tile of `kind`.
    fn tenpai_without(&self, seat: usize, kind: usize) -> bool {
        let mut h = self.seats[seat].counts;
        h[kind] -= 1;
        let (melds, n) = self.seats[seat].melds();
        Hand::new(h, &melds[..n], TileSet::EMPTY).is_ok_and(|h| self.engine.shanten(&h) == 0)
    }

    /// A riichi seat's closed kan of `kind` leaves its waits as they were (the drawn tile the
    /// fourth).
    fn kan_keeps_waits(&self, seat: usize, kind: usize) -> bool {
        let s = &self.seats[seat];
        if s.drawn.map(|d| (d / 4) as usize) != Some(kind) {
            return false;
        }
        let mut counts = s.counts;
        counts[kind] = 0;
        let (mut melds, n) = s.melds();
        melds[n] = kan_meld(kind);
        Hand::new(counts, &melds[..=n], TileSet::EMPTY)
            .is_ok_and(|h| self.engine.shanten(&h) == 0 && self.engine.waits(&h).0 == s.waits)
    }

    /// Works out the claims on tile `id` from `from` (a discard, or a kan's tile); whether any
    /// seat has one.
    pub(super) fn claim_options(&mut self, id: u8, from: usize, kan: Option<KanClaim>) -> bool {
        let kind = (id / 4) as usize;
        let last = self.next >= self.live_end();
        let mut any = false;
        for seat in (0..4).filter(|&s| s != from) {
            let mut a = Actions::EMPTY;
            let s = &self.seats[seat];
            let waits = s.waits >> kind & 1 == 1;
            let orphans_only = kan == Some(KanClaim::Closed);
            if waits && !s.furiten() {
                let shape_ok = !orphans_only || self.is_orphans_wait(seat);
                let at = WinAt {
                    tsumo: false,
                    chankan: kan.is_some(),
                };
                if shape_ok && self.has_yaku(seat, id, at) {
                    a.insert(Action::RON);
                }
            }
            let s = &self.seats[seat];
            if kan.is_none() && !last && !s.riichi {
                let red_held = s.reds_of(kind, self.reds);
                let plain = s.counts[kind] - red_held;
                if s.counts[kind] >= 2 {
                    for red in [false, true] {
                        let ok = if red {
                            red_held >= 1 && plain >= 1
                        } else {
                            plain >= 2
                        };
                        if ok
                            && self.may_discard_after(
                                seat,
                                &[(kind, red), (kind, false)],
                                kind,
                                None,
                            )
                        {
                            a.insert(Action::pon(red));
                        }
                    }
                }
                if s.counts[kind] == 3 && self.kans < 4 {
                    a.insert(Action::OPEN_KAN);
                }
                if seat == (from + 1) % 4 && kind < 27 {
                    self.chi_options(seat, kind, &mut a);
                }
            }
            if !a.is_empty() {
                a.insert(Action::PASS);
                any = true;
            }
            self.claim.options[seat] = a;
            self.claim.answers[seat] = None;
        }
        self.claim.options[from] = Actions::EMPTY;
        self.claim.answers[from] = None;
        any
    }

    /// Chi of `kind` by `seat`: each place of the called tile in the run, plain or with a
    /// red five from the hand.
    fn chi_options(&self, seat: usize, kind: usize, a: &mut Actions) {
        let n = kind % 9;
        let s = &self.seats[seat];
        for at in 0..3u8 {
            // The run's lowest kind.
            let Some(low) = (n as isize - at as isize)
                .try_into()
                .ok()
                .filter(|&l: &usize| l + 2 <= 8)
            else {
                continue;
            };
            let base = kind - n + low;
            let others: Vec2 = match at {
                0 => [base + 1, base + 2],
                1 => [base, base + 2],
                _ => [base, base + 1],
            };
            if others.iter().any(|&k| s.counts[k] == 0) {
                continue;
            }
            // The other end of the run may not be discarded after the call (kuikae).
            let end = match at {
                0 => (base + 3 <= kind - n + 8).then_some(base + 3),
                2 => base.checked_sub(1).filter(|&e| e / 9 == kind / 9),
                _ => None,
            };
            for red in [false, true] {
                let five = others.iter().position(|&k| k % 9 == 4);
                let ok = match (five, red) {
                    (Some(i), true) => s.reds_of(others[i], self.reds) > 0,
                    (Some(i), false) => s.counts[others[i]] > s.reds_of(others[i], self.reds),
                    (None, red) => !red,
                };
                let uses = [
                    (others[0], red && others[0] % 9 == 4),
                    (others[1], red && others[1] % 9 == 4),
                ];
                if ok && self.may_discard_after(seat, &uses, kind, end) {
                    a.insert(Action::chi(at, red));
                }
            }
        }
    }

    /// Whether `seat` has a discard left after a call that takes `uses` (kind, red) from its
    /// hand, under kuikae (the called kind and `end` forbidden when the rules say so).
    fn may_discard_after(
        &self,
        seat: usize,
        uses: &[(usize, bool)],
        called: usize,
        end: Option<usize>,
    ) -> bool {
        let mut counts = self.seats[seat].counts;
        for &(k, _) in uses {
            counts[k] -= 1;
        }
        (0..34).any(|k| counts[k] > 0 && !(self.rules.no_kuikae && (k == called || Some(k) == end)))
    }

    /// Thirteen orphans waiting (the only hand that robs a closed kan).
    fn is_orphans_wait(&self, seat: usize) -> bool {
        let s = &self.seats[seat];
        s.n_calls == 0
            && (0..34).all(|k| s.counts[k] == 0 || Tile::from_index(k).is_orphan())
            && self.rules.kokushi_robs_closed_kan
    }
}

type Vec2 = [usize; 2];
