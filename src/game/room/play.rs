//! A room's hand in play: the deal, the void suits, draws, each turn's actions, the claims
//! on a discard (or an added kong's tile) and the calls.

use super::action::{RoomAction, RoomActionKind, RoomActions};
use super::event::{Reason, RoomEvent};
use super::rooms::Room;
use super::rules::DiscardWins;
use super::settle::Flags;
use super::table::{Meld, Phase, RoomGame};

/// The kind of the 红中 (7z).
pub(super) const RED: u8 = 33;

impl RoomGame {
    /// Deals hand `self.hand` from its given wall, or the seed's wall of that number (the
    /// room's tiles in their order): thirteen tiles a seat, the dealer's fourteenth drawn, then the void suits
    /// (Sichuan) or the dealer's turn.
    pub(super) fn start_hand(&mut self) {
        let tiles = self.room.tiles();
        if let Some(wall) = self.walls.get(usize::from(self.hand)) {
            self.wall = *wall;
        } else {
            let room = self.room;
            let mut n = 0;
            for id in self.seed.wall(self.hand.into()) {
                let k = room.seeded(id / 4);
                if room.plays(k.into()) {
                    self.wall[n] = k;
                    n += 1;
                }
            }
            if room.flowers() > 0 {
                // The flowers (Guobiao's switch) in places of their own, the shuffle's order
                // kept around them: spread from the back.
                let places = self
                    .seed
                    .places(self.hand.into(), room.flowers().into(), tiles);
                for i in (0..tiles).rev() {
                    self.wall[i] = if places[i] {
                        Room::FLOWER
                    } else {
                        n -= 1;
                        self.wall[n]
                    };
                }
            }
        }
        (self.head, self.tail) = (0, tiles as u8);
        self.reserve = match self.room {
            Room::Sichuan(_) | Room::Guobiao(_) | Room::Nanchang(_) => 0,
            Room::Hongzhong(r) if r.one_bird_all => 1,
            Room::Hongzhong(r) => r.birds.saturating_add(r.no_red_birds).min(8),
            Room::Changsha(r) => r.birds.min(8),
        };
        self.bird_on = [0; 4];
        self.seats = Default::default();
        self.shown = [0; 34];
        (self.called, self.last_kong) = (false, None);
        (self.first_winner, self.tong_pao) = (None, None);
        self.sea_bottom = None;
        let mut hands = [[0u8; 13]; 4];
        for i in 0..52 {
            let seat = (self.dealer as usize + i % 4) % 4;
            hands[seat][i / 4] = self.deal_one(seat);
        }
        let dealer = self.dealer;
        let t = self.deal_one(dealer.into()); // the dealer's fourteenth
        hands.iter_mut().for_each(|h| h.sort_unstable());
        let hand = self.hand;
        self.events.push(RoomEvent::Deal {
            hand,
            dealer,
            hands,
        });
        for seat in (0..4).map(|d| (dealer + d) % 4) {
            for _ in 0..self.seats[seat as usize].flowers {
                self.events.push(RoomEvent::Flower { seat });
            }
        }
        let last_jing = self.turn_jing();
        self.events.push(RoomEvent::Draw {
            seat: dealer,
            tile: t,
        });
        self.look_back(last_jing);
        self.answers = [None; 4];
        if !matches!(self.room, Room::Sichuan(_)) {
            self.opening_wins();
            return self.begin_turn(dealer, Some(t), false);
        }
        self.sichuan_opening(t);
    }

    /// The wall's next tile dealt to `seat`: a flower dealt is set aside (told after the
    /// deal) and the seat dealt the tile in the next place.
    fn deal_one(&mut self, seat: usize) -> u8 {
        while self.wall[usize::from(self.head)] == Room::FLOWER {
            self.seats[seat].flowers += 1;
            self.head += 1;
        }
        let t = self.wall[usize::from(self.head)];
        self.head += 1;
        self.seats[seat].counts[t as usize] += 1;
        t
    }

    /// Every seat declares its void suit; the dealer then plays, `drew` its fourteenth.
    pub(super) fn begin_void(&mut self, drew: u8) {
        self.phase = Phase::Void { drew };
        let mut voids = RoomActions::EMPTY;
        (0..3).for_each(|s| voids.insert(RoomAction::void(s)));
        self.options = [voids; 4];
    }

    /// Every seat has answered: its pick to pass taken, the void suits declared, or the
    /// claims on a discard settled.
    pub(super) fn resolve(&mut self) {
        let answers = std::mem::take(&mut self.answers);
        self.options = [RoomActions::EMPTY; 4];
        match self.phase {
            Phase::Exchange => self.take_picks(answers),
            Phase::SeaBottom { seat, first } => {
                let took = answers[seat as usize] == Some(RoomAction::TAKE);
                self.answer_sea_bottom(seat, first, took)
            }
            Phase::OpenKong { seat } => {
                if answers[seat as usize] == Some(RoomAction::OPEN_KONG) {
                    self.open_kong(seat)
                } else {
                    self.replacement(seat)
                }
            }
            Phase::Opened { seat, tiles, best } => {
                if answers[seat as usize] == Some(RoomAction::WIN) {
                    self.win_opened(seat, tiles, best)
                } else {
                    self.offer_opened(seat, tiles)
                }
            }
            Phase::OpenClaims { from, best, .. } => self.settle_opened(from, best, answers),
            Phase::Void { drew } => {
                for (s, a) in answers.iter().enumerate() {
                    if let Some(RoomActionKind::Void(suit)) = a.map(RoomAction::kind) {
                        self.seats[s].void = Some(suit);
                        self.events.push(RoomEvent::Void {
                            seat: s as u8,
                            suit,
                        });
                    }
                }
                self.begin_turn(self.dealer, Some(drew), false);
            }
            Phase::Claims {
                from,
                tile,
                robbing,
                after_kong,
            } => self.settle_claims(from, tile, robbing, after_kong, answers),
            _ => {}
        }
    }

    /// The claims answered: every win (一炮多响; Guobiao the first alone unless its switch
    /// says), else a pon or kong, else a chi, else play goes on. Sichuan plays on after the
    /// wins, the other rooms' hand is over.
    fn settle_claims(
        &mut self,
        from: u8,
        tile: u8,
        robbing: bool,
        after_kong: bool,
        answers: [Option<RoomAction>; 4],
    ) {
        let order = (1..4).map(|d| (from + d) % 4);
        let mut winners: Vec<(u8, u8)> = order
            .clone()
            .filter(|&q| answers[q as usize] == Some(RoomAction::WIN))
            .map(|q| (q, tile))
            .collect();
        if !self.room.multiple_wins() {
            winners.truncate(1); // 截和: the first after the discarder
        }
        let last_kong = self.last_kong.take();
        if let Some(&(last, _)) = winners.last() {
            if robbing {
                // The added kong's tile goes to the winners: the pon stays a pon.
                self.seats[from as usize].counts[tile as usize] -= 1;
            }
            let flags = self.claim_flags(tile, robbing, after_kong);
            self.wins_on(from, &winners, flags);
            let transfer = matches!(self.room, Room::Sichuan(r) if r.call_transfer);
            if let Some((konger, paid)) =
                last_kong.filter(|&(k, _)| transfer && after_kong && !robbing && k == from)
            {
                let amount: i64 = paid.iter().sum();
                self.pay(konger, winners[0].0, amount, Reason::Transfer);
                paid.iter()
                    .enumerate()
                    .for_each(|(p, &x)| self.seats[konger as usize].kong_in[p] -= x);
            }
            return self.after_win(last);
        }
        let call = order.clone().find_map(|q| {
            answers[q as usize]
                .filter(|a| matches!(a.kind(), RoomActionKind::Pon | RoomActionKind::Kong))
                .map(|a| (q, a))
        });
        match call {
            Some((q, a)) if a == RoomAction::PON => {
                self.seats[from as usize].river[tile as usize] -= 1;
                self.take_meld(q, tile, 2, false);
                self.shown[tile as usize] += 2;
                self.events.push(RoomEvent::Pon {
                    seat: q,
                    from,
                    tile,
                });
                self.begin_turn(q, None, false);
            }
            Some((q, _)) => {
                self.seats[from as usize].river[tile as usize] -= 1;
                self.take_meld(q, tile, 3, true);
                self.shown[tile as usize] += 3;
                self.events.push(RoomEvent::Kong {
                    seat: q,
                    from: Some(from),
                    tile,
                    added: false,
                });
                self.kong_paid(q, Some(from), Reason::Kong);
                self.kong_made(q);
            }
            None if robbing => self.complete_added_kong(from, tile),
            None => {
                let next = self.next_in(from);
                match answers[next as usize].map(RoomAction::kind) {
                    Some(RoomActionKind::Chi(at)) => self.take_chi(next, from, tile, at),
                    _ => self.draw_for(next),
                }
            }
        }
    }

    /// `seat` calls `from`'s `tile` for a run, `tile` at `at` in it (0 lowest).
    fn take_chi(&mut self, seat: u8, from: u8, tile: u8, at: u8) {
        let low = tile - at;
        self.seats[from as usize].river[tile as usize] -= 1;
        let s = &mut self.seats[seat as usize];
        for k in (low..low + 3).filter(|&k| k != tile) {
            s.counts[k as usize] -= 1;
            self.shown[k as usize] += 1;
        }
        s.melds[s.n_melds as usize] = Meld {
            kind: low,
            run: true,
            ..Meld::default()
        };
        s.n_melds += 1;
        self.called = true;
        self.jing_fed(seat, from, tile);
        self.events.push(RoomEvent::Chi {
            seat,
            from,
            tile,
            low,
        });
        self.begin_turn(seat, None, false);
    }

    /// `seat` calls `tile` with `from_hand` of its own: a pon, or a kong of the discard.
    fn take_meld(&mut self, seat: u8, tile: u8, from_hand: u8, kong: bool) {
        let s = &mut self.seats[seat as usize];
        s.counts[tile as usize] -= from_hand;
        s.melds[s.n_melds as usize] = Meld {
            kind: tile,
            kong,
            ..Meld::default()
        };
        s.n_melds += 1;
        self.called = true;
    }

    /// The seat after `seat` in turn order still in the hand (`seat` itself when it is the
    /// last).
    pub(super) fn next_in(&self, seat: u8) -> u8 {
        (1..=4)
            .map(|d| (seat + d) % 4)
            .find(|&q| !self.seats[q as usize].won)
            .unwrap_or(seat)
    }

    /// `seat` draws from the wall (长沙's last tile offered round the table first), or the
    /// hand ends when the wall is drawn.
    pub(super) fn draw_for(&mut self, seat: u8) {
        if self.tiles_left() == 0 {
            return self.end_hand();
        }
        if self.tiles_left() == 1 && self.plays_sea_bottom() {
            return self.offer_sea_bottom(seat, seat);
        }
        self.draw(seat);
    }

    /// `seat` draws the wall's next tile (the wall is not drawn).
    pub(super) fn draw(&mut self, seat: u8) {
        match self.take(seat, false) {
            Some((t, _)) => self.begin_turn(seat, Some(t), false),
            None => self.end_hand(),
        }
    }

    /// A kong's replacement tile, from the wall's tail (a win on it 杠上开花, but on a
    /// flower's replacement).
    pub(super) fn replacement(&mut self, seat: u8) {
        let Some((t, flowered)) = self.take(seat, true) else {
            return self.end_hand();
        };
        if self.tiles_left() == 0 && self.plays_sea_bottom() {
            self.sea_bottom = Some(seat); // the last tile replaced a kong
        }
        self.begin_turn(seat, Some(t), !flowered);
    }

    /// `seat` draws a tile, from the wall's front or (`back`) its end, told as a draw: a
    /// flower drawn is set aside, told, and replaced from the wall's end, as often as one
    /// comes. The tile and whether a flower came before it; none when the wall ran out
    /// replacing one (the hand is then drawn).
    fn take(&mut self, seat: u8, back: bool) -> Option<(u8, bool)> {
        let (mut back, mut flowered) = (back, false);
        loop {
            let t = if back {
                if self.tiles_left() == 0 {
                    return None;
                }
                self.tail -= 1;
                self.wall[usize::from(self.tail)]
            } else {
                self.head += 1;
                self.wall[usize::from(self.head - 1)]
            };
            if t != Room::FLOWER {
                self.seats[seat as usize].counts[t as usize] += 1;
                self.events.push(RoomEvent::Draw { seat, tile: t });
                return Some((t, flowered));
            }
            self.seats[seat as usize].flowers += 1;
            self.events.push(RoomEvent::Flower { seat });
            (back, flowered) = (true, true);
        }
    }

    /// `seat`'s turn: a discard (of its void suit while it holds one), and after a draw a
    /// self-drawn win or a kong.
    fn begin_turn(&mut self, seat: u8, drew: Option<u8>, after_kong: bool) {
        self.phase = Phase::Turn {
            seat,
            drew,
            after_kong,
        };
        let s = &self.seats[seat as usize];
        // The void suit (none: 4, no kind's).
        let void = s.void.unwrap_or(4) as usize;
        let holds_void = s.holds_void();
        // The wall's last tile taken (要海底) is played at once, and every tile a seat that
        // opened a kong draws (开杠: 抓啥打啥).
        let only = drew.filter(|_| s.locked || !after_kong && self.sea_bottom == Some(seat));
        // Eight 红中: none discarded while another tile is held (7z is the last kind).
        let keeps_red = matches!(self.room, Room::Hongzhong(r) if r.red_dragons == 8)
            && s.counts[..RED as usize].iter().any(|&c| c > 0);
        let kinds = if keeps_red { RED as usize } else { 34 };
        let mut a = RoomActions::EMPTY;
        for k in (0..kinds).filter(|&k| s.counts[k] > 0) {
            if only.is_some_and(|t| usize::from(t) != k) {
                continue;
            }
            if !holds_void || k / 9 == void {
                a.insert(RoomAction::discard(tile(k)));
            }
        }
        if let Some(t) = drew {
            if self.can_win(seat, self.self_draw_flags(seat, t, after_kong)) {
                a.insert(RoomAction::WIN);
            }
            if self.tiles_left() > 0 && !s.locked && self.may_kong(seat) {
                // A kong needs a tile of the kind in hand: four, or one beside its pon (南昌's
                // 精杠: four 精).
                let held = |k: usize| {
                    s.counts[k] > 0 && k / 9 != void && (self.callable(k) || self.jing_kong(k))
                };
                for k in (0..34).filter(|&k| held(k)) {
                    if s.counts[k] == 4 {
                        a.insert(RoomAction::closed_kong(tile(k)));
                    }
                    let pon = s.melds[..s.n_melds as usize]
                        .iter()
                        .any(|m| !m.kong && !m.run && m.kind as usize == k);
                    if pon && s.counts[k] > 0 {
                        a.insert(RoomAction::added_kong(tile(k)));
                    }
                }
            }
        }
        self.turn_actions = a;
    }

    /// The seat in its turn plays `action` (legal).
    pub(super) fn play_turn(&mut self, seat: u8, action: RoomAction) {
        let Phase::Turn {
            drew, after_kong, ..
        } = self.phase
        else {
            return;
        };
        match action.kind() {
            RoomActionKind::Discard(t) => {
                let k = t.index() as u8;
                let s = &mut self.seats[seat as usize];
                s.counts[k as usize] -= 1;
                s.river[k as usize] += 1;
                s.discards += 1;
                self.shown[k as usize] += 1;
                self.events.push(RoomEvent::Discard { seat, tile: k });
                self.follow_dealer(seat, k);
                if !after_kong {
                    self.last_kong = None;
                }
                self.open_claims(seat, k, false, after_kong);
            }
            RoomActionKind::Win => {
                let t = drew.unwrap_or(0);
                self.changsha_birds(seat, 0b1111);
                let flags = self.self_draw_flags(seat, t, after_kong);
                self.win(seat, None, t, flags, true);
                self.after_win(seat);
            }
            RoomActionKind::ClosedKong(t) => {
                let k = t.index() as u8;
                let s = &mut self.seats[seat as usize];
                s.counts[k as usize] -= 4;
                s.melds[s.n_melds as usize] = Meld {
                    kind: k,
                    kong: true,
                    closed: true,
                    run: false,
                };
                s.n_melds += 1;
                self.called = true;
                self.events.push(RoomEvent::Kong {
                    seat,
                    from: None,
                    tile: k,
                    added: false,
                });
                self.kong_paid(seat, None, Reason::ClosedKong);
                self.kong_made(seat);
            }
            RoomActionKind::AddedKong(t) => self.open_claims(seat, t.index() as u8, true, false),
            _ => {}
        }
    }

    /// A pon's fourth tile added, no one robbing it: the kong made, paid and replaced.
    fn complete_added_kong(&mut self, seat: u8, tile: u8) {
        let s = &mut self.seats[seat as usize];
        s.counts[tile as usize] -= 1;
        if let Some(m) = s
            .melds
            .iter_mut()
            .find(|m| !m.kong && !m.run && m.kind == tile)
        {
            m.kong = true;
        }
        self.shown[tile as usize] += 1;
        self.called = true;
        self.events.push(RoomEvent::Kong {
            seat,
            from: None,
            tile,
            added: true,
        });
        self.kong_paid(seat, None, Reason::AddedKong);
        self.kong_made(seat);
    }

    /// The seats still in may answer `from`'s discard (or added kong's tile, `robbing`):
    /// win, pon, kong, chi (长沙, the next seat) or pass; when none may, play goes on at once.
    fn open_claims(&mut self, from: u8, tile: u8, robbing: bool, after_kong: bool) {
        self.phase = Phase::Claims {
            from,
            tile,
            robbing,
            after_kong,
        };
        self.answers = [None; 4];
        let flags = self.claim_flags(tile, robbing, after_kong);
        let callable = self.callable(tile.into());
        for q in (0..4u8).filter(|&q| q != from) {
            let s = &self.seats[q as usize];
            let mut a = RoomActions::EMPTY;
            // A discarded 精 the next seat may chow (南昌's `jing_chi`): a chi alone.
            let jing = !callable && self.jing_chi(q, from, tile, robbing);
            if s.won || s.void == Some(tile / 9) || !callable && !jing {
                self.options[q as usize] = a;
                continue;
            }
            let n = if jing { 0 } else { s.counts[tile as usize] };
            if !robbing && self.tiles_left() > 0 && !s.locked {
                if n >= 2 {
                    a.insert(RoomAction::PON);
                }
                if n == 3 {
                    a.insert(RoomAction::KONG);
                }
                if self.room.chi() && q == (from + 1) % 4 && tile < 27 {
                    let c = &s.counts;
                    let rank = tile % 9;
                    for at in 0..3u8 {
                        let Some(low) = tile.checked_sub(at).filter(|_| rank >= at) else {
                            continue;
                        };
                        // A wildcard is never a call's tile.
                        let fits = rank - at + 2 < 9
                            && (low..low + 3)
                                .all(|k| k == tile || c[k as usize] > 0 && self.callable(k.into()));
                        if fits {
                            a.insert(RoomAction::chi(at));
                        }
                    }
                }
            }
            if !jing && self.may_win_on(q, robbing) && self.can_win_on(q, tile, flags) {
                a.insert(RoomAction::WIN);
            }
            if !a.is_empty() {
                a.insert(RoomAction::PASS);
            }
            self.options[q as usize] = a;
        }
        if self.to_act().0 == 0 {
            self.resolve();
        }
    }
}

impl RoomGame {
    /// The flags of a win on `tile`, a discard or a robbed kong's, now.
    fn claim_flags(&self, tile: u8, robbing: bool, after_kong: bool) -> Flags {
        // A discard is in sight already; the robbed tile is not.
        let others = self.shown[tile as usize] - u8::from(!robbing);
        Flags {
            chankan: robbing,
            kong_discard: after_kong && !robbing,
            houtei: !robbing && self.tiles_left() == 0,
            last_copy: others == 3,
            ..Flags::default()
        }
    }

    /// Whether the room lets `seat` win on another's tile: a discard, or the tile added to a
    /// pon (`robbing`).
    fn may_win_on(&self, seat: u8, robbing: bool) -> bool {
        match self.room {
            Room::Sichuan(_) | Room::Changsha(_) | Room::Guobiao(_) | Room::Nanchang(_) => true,
            Room::Hongzhong(r) if robbing => r.rob_kong,
            Room::Hongzhong(r) => match r.discard_wins {
                DiscardWins::Never => false,
                DiscardWins::Any => true,
                DiscardWins::WithoutRedDragon => {
                    self.seats[seat as usize].counts[RED as usize] == 0
                }
            },
        }
    }
}

/// The tile of a kind index.
fn tile(k: usize) -> crate::tile::Tile {
    crate::tile::Tile::from_index(k)
}
