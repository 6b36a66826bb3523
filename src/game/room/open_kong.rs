//! 长沙's 开杠 (the switch `open_kong`; docs/SCORING.md, C4): a seat ready after its kong may
//! turn two tiles from the wall's end instead of drawing one replacement (补张). It wins on
//! either (杠上开花), or the others may win on them (杠上炮, the konger paying), or both lie
//! in its river; its hand is locked for the rest of the hand (抓啥打啥).

use super::action::{RoomAction, RoomActions};
use super::event::RoomEvent;
use super::rooms::Room;
use super::settle::Flags;
use super::table::{Phase, RoomGame};

impl RoomGame {
    /// The kong `seat` just made is paid: it is offered to open it (开杠) when the room plays
    /// it, the seat's hand is not locked, two tiles are left to draw and it is ready; else it
    /// draws its replacement.
    pub(super) fn kong_made(&mut self, seat: u8) {
        let open = matches!(self.room, Room::Changsha(r) if r.open_kong)
            && !self.seats[seat as usize].locked
            && self.tiles_left() >= 2
            && self.is_ready(seat);
        if !open {
            return self.replacement(seat);
        }
        self.phase = Phase::OpenKong { seat };
        self.ask(seat, RoomAction::OPEN_KONG);
    }

    /// Whether some tile would complete `seat`'s hand (听牌): a win of the room on it.
    fn is_ready(&self, seat: u8) -> bool {
        let counts = &self.seats[seat as usize].counts;
        (0..34u8)
            .filter(|&k| self.room.plays(k.into()) && counts[k as usize] < 4)
            .any(|k| self.can_win_on(seat, k, Flags::default()))
    }

    /// `seat` opens its kong: the wall's last two tiles turned, its hand locked; it may win
    /// on one, else the others are asked.
    pub(super) fn open_kong(&mut self, seat: u8) {
        self.tail -= 2;
        let tiles = [
            self.wall[usize::from(self.tail) + 1],
            self.wall[usize::from(self.tail)],
        ];
        self.seats[seat as usize].locked = true;
        self.events.push(RoomEvent::OpenKong { seat, tiles });
        if self.tiles_left() == 0 && self.plays_sea_bottom() {
            self.sea_bottom = Some(seat); // the last tiles turned for a kong
        }
        match self.opened_best(seat, tiles) {
            Some(best) => {
                self.phase = Phase::Opened { seat, tiles, best };
                self.ask(seat, RoomAction::WIN);
            }
            None => self.offer_opened(seat, tiles),
        }
    }

    /// Which of the turned `tiles` wins `seat` the most as its own draw (杠上开花), the
    /// first on a tie; none when neither wins.
    fn opened_best(&mut self, seat: u8, tiles: [u8; 2]) -> Option<u8> {
        let phase = self.phase;
        let mut best: Option<(u64, u8)> = None;
        for t in tiles {
            self.seats[seat as usize].counts[t as usize] += 1;
            self.phase = Phase::Turn {
                seat,
                drew: Some(t),
                after_kong: true,
            };
            let flags = self.self_draw_flags(seat, t, true);
            if let Some((each, _)) = self.paid_each(seat, None, flags, 0) {
                if best.is_none_or(|b| each > b.0) {
                    best = Some((each, t));
                }
            }
            self.seats[seat as usize].counts[t as usize] -= 1;
        }
        self.phase = phase;
        best.map(|b| b.1)
    }

    /// `seat` wins on `t`, the turned tile that pays it most (杠上开花); the other lies in
    /// its river.
    pub(super) fn win_opened(&mut self, seat: u8, tiles: [u8; 2], t: u8) {
        let other = if t == tiles[0] { tiles[1] } else { tiles[0] };
        self.lay_in_river(seat, other);
        self.seats[seat as usize].counts[t as usize] += 1;
        self.phase = Phase::Turn {
            seat,
            drew: Some(t),
            after_kong: true,
        };
        self.changsha_birds(seat, 0b1111);
        let flags = self.self_draw_flags(seat, t, true);
        self.win(seat, None, t, flags, true);
        self.after_win(seat);
    }

    /// A tile `seat` played without holding it (a turned tile): in its river, in sight.
    fn lay_in_river(&mut self, seat: u8, t: u8) {
        self.seats[seat as usize].river[t as usize] += 1;
        self.shown[t as usize] += 1;
    }

    /// The turned `tiles` not won on by their konger `from` lie in its river; the seats still
    /// in may win on either (杠上炮), else the next seat draws.
    pub(super) fn offer_opened(&mut self, from: u8, tiles: [u8; 2]) {
        tiles.into_iter().for_each(|t| self.lay_in_river(from, t));
        (self.answers, self.options) = ([None; 4], [RoomActions::EMPTY; 4]);
        let mut best = [0; 4];
        for q in (0..4u8).filter(|&q| q != from && !self.seats[q as usize].won) {
            if let Some(t) = self.claim_best(q, tiles) {
                best[q as usize] = t;
                let choice = &mut self.options[q as usize];
                choice.insert(RoomAction::WIN);
                choice.insert(RoomAction::PASS);
            }
        }
        self.phase = Phase::OpenClaims { from, tiles, best };
        if self.to_act().0 == 0 {
            self.draw_for(self.next_in(from));
        }
    }

    /// The flags of a win on a tile another seat turned (杠上炮; 海底炮 when the wall is
    /// empty).
    fn opened_flags(&self) -> Flags {
        Flags {
            kong_discard: true,
            houtei: self.tiles_left() == 0,
            ..Flags::default()
        }
    }

    /// Which of the turned `tiles` wins `seat` the most, the first on a tie.
    fn claim_best(&self, seat: u8, tiles: [u8; 2]) -> Option<u8> {
        let flags = self.opened_flags();
        tiles
            .into_iter()
            .filter_map(|t| self.paid_each(seat, Some(t), flags, 0).map(|p| (p.0, t)))
            .reduce(|a, b| if b.0 > a.0 { b } else { a })
            .map(|b| b.1)
    }

    /// The answers on the turned tiles: every seat that wins is paid by the konger, each on
    /// `best[seat]`, the tile that pays it most (the birds counted from the konger when
    /// several win); else the next seat draws.
    pub(super) fn settle_opened(
        &mut self,
        from: u8,
        best: [u8; 4],
        answers: [Option<RoomAction>; 4],
    ) {
        let winners: Vec<(u8, u8)> = (1..4)
            .map(|d| (from + d) % 4)
            .filter(|&q| answers[q as usize] == Some(RoomAction::WIN))
            .map(|q| (q, best[q as usize]))
            .collect();
        let Some(&(last, _)) = winners.last() else {
            return self.draw_for(self.next_in(from));
        };
        let flags = self.opened_flags();
        self.wins_on(from, &winners, flags);
        self.after_win(last);
    }
}
