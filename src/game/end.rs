//! How a round ends and what follows: wins scored and paid (the scorer's points, honba and
//! sticks to the nearest winner, pao), exhaustive draws (tenpai payments, nagashi mangan),
//! abortive draws; then the next round (renchan, the dealer's rotation, honba) or the end of
//! the game (tobi, the last round, the west round, the last dealer's stop) and its ranking.

use super::event::{DrawKind, GameEvent};
use super::legal::WinAt;
use super::table::{Game, Phase};
use crate::score::riichi::settle::changes;
use crate::score::MultipleRon;

impl Game {
    /// `winners` (in turn order from `from`) win on tile `id` of `from` (their own draw when
    /// a winner is `from`): each scored and paid, the honba and sticks to the first.
    pub(super) fn settle_wins(&mut self, winners: &[u8], from: u8, id: u8, chankan: bool) {
        let dealer = (self.round % 4) as usize;
        for (i, &w) in winners.iter().enumerate() {
            let seat = w as usize;
            let tsumo = w == from;
            self.situation(seat, id, WinAt { tsumo, chankan });
            let first = i == 0;
            self.win.honba = match self.rules.table.multiple_ron {
                MultipleRon::HonbaToEach => self.honba,
                MultipleRon::Nearest if first => self.honba,
                MultipleRon::Nearest => 0,
            };
            self.win.riichi_sticks = if first { self.sticks } else { 0 };
            let scored = crate::score::riichi::score_into(
                &self.hand,
                &self.win,
                &mut self.scratch.0,
                &mut self.score,
            );
            // The legal actions checked the yaku; a hand the scorer refuses is a defect of the
            // table, told in a debug build and paid as nothing here.
            if let Err(e) = scored {
                debug_assert!(false, "a legal win the scorer refuses: {e}");
                continue;
            }
            let score = &self.score;
            let liable = self.seats[seat]
                .pao
                .map(|(l, y)| (l as usize, self.rules.table.pao.units(score, y)));
            let deltas = changes(score, seat, from as usize, dealer, self.win.honba, liable);
            for (s, d) in self.scores.iter_mut().zip(deltas) {
                *s += d;
            }
            // The ura-dora indicators are shown with a riichi win.
            let mut ura_markers = [None; 5];
            if self.seats[seat].riichi {
                for (i, m) in ura_markers.iter_mut().enumerate().take(self.dora as usize) {
                    *m = Some(self.wall[super::wall::URA[i]]);
                }
            }
            self.events.push(GameEvent::Hora {
                seat: w,
                target: from,
                tile: id,
                han: score.han,
                fu: score.fu,
                deltas,
                ura_markers,
            });
        }
        self.sticks = 0;
        let dealer_won = winners.contains(&(dealer as u8));
        self.end_round(dealer_won, dealer_won, false);
    }

    /// Whether `seat` is tenpai at a draw: riichi, or a wait not all held by the seat itself.
    fn tenpai_at_draw(&self, seat: usize) -> bool {
        let s = &self.seats[seat];
        let mut held = s.counts;
        for (c, _) in s.calls() {
            let k = c.tile().index();
            match c.kind() {
                crate::score::CallKind::Chi => (0..3).for_each(|i| held[k + i] += 1),
                crate::score::CallKind::Pon => held[k] += 3,
                _ => held[k] += 4,
            }
        }
        let waits = (0..34)
            .filter(|&k| s.waits >> k & 1 == 1 && held[k] < 4)
            .count();
        s.riichi || waits > 0
    }

    /// The live wall is out: nagashi mangan, or tenpai payments (3,000 from the noten seats).
    pub(super) fn exhaustive_draw(&mut self) {
        let dealer = (self.round % 4) as usize;
        let mut tenpai = 0u8;
        for seat in 0..4 {
            if self.tenpai_at_draw(seat) {
                tenpai |= 1 << seat;
            }
        }
        let mut deltas = [0i32; 4];
        let mut kind = DrawKind::Exhaustive;
        if self.rules.nagashi {
            for seat in 0..4 {
                let s = &self.seats[seat];
                if s.nagashi && s.n_river > 0 {
                    kind = DrawKind::Nagashi;
                    for p in (0..4).filter(|&p| p != seat) {
                        let pays = if seat == dealer || p == dealer {
                            4000
                        } else {
                            2000
                        };
                        deltas[p] -= pays;
                        deltas[seat] += pays;
                    }
                }
            }
        }
        if kind == DrawKind::Exhaustive {
            let n = tenpai.count_ones() as i32;
            if (1..4).contains(&n) {
                for (p, d) in deltas.iter_mut().enumerate() {
                    *d = if tenpai >> p & 1 == 1 {
                        3000 / n
                    } else {
                        -3000 / (4 - n)
                    };
                }
            }
        }
        for (s, d) in self.scores.iter_mut().zip(deltas) {
            *s += d;
        }
        self.events.push(GameEvent::Ryukyoku {
            kind,
            tenpai,
            deltas,
        });
        let dealer_tenpai = tenpai >> dealer & 1 == 1;
        self.end_round(dealer_tenpai, false, true);
    }

    /// An abortive draw: no payment, the dealer stays, a honba more.
    pub(super) fn abortive(&mut self, kind: DrawKind) {
        self.events.push(GameEvent::Ryukyoku {
            kind,
            tenpai: 0,
            deltas: [0; 4],
        });
        self.end_round(true, false, true);
    }

    /// The round is over: the dealer stays (`renchan`) or passes; the game ends or the next
    /// round is dealt.
    fn end_round(&mut self, renchan: bool, dealer_won: bool, drawn: bool) {
        self.events.push(GameEvent::EndKyoku);
        self.honba = if renchan || drawn { self.honba + 1 } else { 0 };
        let played = self.round;
        let next = if renchan { played } else { played + 1 };
        let last = self.rules.rounds();
        let dealer = (played % 4) as usize;
        let top = self.top();
        let reached = self.scores.iter().any(|&s| s >= self.rules.target);
        let over = (self.rules.tobi && self.scores.iter().any(|&s| s < 0))
            || (self.rules.last_dealer_stops
                && dealer_won
                && played + 1 >= last
                && top == dealer
                && self.scores[dealer] >= self.rules.target)
            || (next >= last && (reached || !self.rules.extension || next >= last + 4))
            || (played >= last && reached);
        if over {
            self.finish();
            return;
        }
        self.round = next;
        match self.next_wall() {
            Some(w) => self.start_round(w),
            None => self.phase = Phase::Over,
        }
    }

    /// The seat in first place: the most points, ties to the seat nearest the first dealer.
    fn top(&self) -> usize {
        (0..4).fold(0, |best, s| {
            if self.scores[s] > self.scores[best] {
                s
            } else {
                best
            }
        })
    }

    /// The game is over: the sticks left to the first.
    fn finish(&mut self) {
        let top = self.top();
        self.scores[top] += 1000 * self.sticks as i32;
        self.sticks = 0;
        self.finished = true;
        self.phase = Phase::Over;
        self.events.push(GameEvent::EndGame {
            scores: self.scores,
        });
    }

    /// The final ranking, first to last (ties to the seat nearest the first dealer), and
    /// each seat's result in thousands: points less the returned points (`target`), the
    /// uma of its rank, and to the first the oka (the difference of `target` and `start`, from
    /// each seat).
    ///
    /// ```
    /// use hupai::game::{Game, GameRules, Seed};
    /// let mut game = Game::new(GameRules::default(), Seed::from_u64(5));
    /// while let Some(seat) = game.to_act().first() {
    ///     let a = game.legal(seat).iter().next().unwrap();
    ///     game.step(seat, a).unwrap();
    /// }
    /// let (ranks, results) = game.results();
    /// assert_eq!(results.iter().sum::<f64>().round(), 0.0);
    /// assert!(game.scores()[ranks[0] as usize] >= game.scores()[ranks[3] as usize]);
    /// ```
    pub fn results(&self) -> ([u8; 4], [f64; 4]) {
        let mut ranks = [0u8, 1, 2, 3];
        ranks.sort_by_key(|&s| std::cmp::Reverse(self.scores[s as usize]));
        let mut results = [0f64; 4];
        let oka = 4.0 * (self.rules.target - self.rules.start) as f64 / 1000.0;
        for (rank, &s) in ranks.iter().enumerate() {
            let s = s as usize;
            results[s] = (self.scores[s] - self.rules.target) as f64 / 1000.0
                + self.rules.uma[rank] as f64
                + if rank == 0 { oka } else { 0.0 };
        }
        (ranks, results)
    }
}
