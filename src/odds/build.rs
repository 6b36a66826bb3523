//! Builds the [`Graph`] breadth first from a queue (no recursion, so no stack limit), within
//! a state and a memory budget: each node's draws, each draw's choice (made once for every
//! node that draws into the same 14-tile hand), each choice's kids.

use super::claim::ClaimFn;
use super::graph::{key, weight, Choice, Draw, Graph, KeyMap, Node};
use super::options::{OddsError, OddsOptions, CHOICES_PER_STATE, MET_PER_STATE};
use crate::analysis::Engine;
use crate::hand::Hand;
use crate::tile::{Counts, Tile, KINDS};
use std::collections::hash_map::Entry;
use std::collections::VecDeque;

/// Where a graph starts from: the query's hand and the tiles unseen by it (the weights count
/// from them), the shanten the detour bound counts from (a 13-tile query's own; a 14-tile
/// query's best discard's), and the horizon (nodes that cannot win within it are not
/// expanded).
pub(crate) struct Start {
    pub(crate) counts: Counts,
    pub(crate) unseen: Counts,
    pub(crate) reference: i8,
    pub(crate) draws: u32,
    /// The riichi player's model for a closed hand ([`OddsOptions::riichi`]): a tenpai hand
    /// reached by a discard has declared, and keeps its wait.
    pub(crate) riichi: bool,
    /// The roots are hands after a discard (a 14-tile query's): under the riichi model a
    /// tenpai one has declared. A 13-tile query's own hand has not.
    pub(crate) discarded: bool,
}

/// What a win is worth: the 14 tiles after the winning draw, the tile drawn, and whether the
/// hand had declared riichi (the riichi player's model).
pub(crate) type WinValueFn<'v> = dyn Fn(&Hand, Tile, bool) -> f64 + 'v;
/// A borrowed [`WinValueFn`].
pub(crate) type WinValue<'v> = &'v WinValueFn<'v>;

/// What the graph knows of a win: its worth (with the expected score), and whether it may be
/// claimed (every win where `claim` is `None`; [`super::claim`]).
#[derive(Clone, Copy, Default)]
pub(crate) struct Wins<'v> {
    pub(crate) value: Option<WinValue<'v>>,
    pub(crate) claim: Option<&'v ClaimFn<'v>>,
}

/// Nodes expanded between two looks at the caller's stop check (a few milliseconds).
const STOP_EVERY: usize = 1024;

/// The highest shanten a discard may lead to after a draw (the detour bound,
/// `docs/ODDS.md`, "The model"): a hand at the 14 tiles' own shanten `after` (the forward
/// discards, and the sideways ones after a draw that kept shanten); with backward discards
/// (向聴戻し), any hand within the bound, a hand at shanten `s` reached after `depth + 1`
/// draws being allowed while `depth + 1 + s <= reference + extra` (`bound`).
///
/// One rule for every node that draws into the same 14 tiles at the same depth: the kids of
/// a choice do not depend on which node made it.
pub(crate) fn kid_cap(after: i8, depth: u8, bound: i32, backward: bool) -> i8 {
    let after = after as i32;
    let cap = if backward {
        after.max(bound - depth as i32 - 1)
    } else {
        after
    };
    cap.clamp(i8::MIN as i32, i8::MAX as i32) as i8
}

/// A choice's key: the 14 tiles' [`key`] (102 bits), the kid cap and whether wildcards may
/// go above them.
fn choice_key(k14: u128, cap: i8, wild_goes: bool) -> u128 {
    k14 | ((cap as u8 as u128) << 104) | ((wild_goes as u128) << 112)
}

/// The error of a graph past its state budget.
fn too_large(opts: &OddsOptions) -> OddsError {
    OddsError::TooLarge {
        states: opts.max_states,
    }
}

/// Node `k` (hand `h`) pushed and queued for its draws.
fn push_node(
    g: &mut Graph,
    queue: &mut VecDeque<(Hand, u128)>,
    h: Hand,
    k: u128,
    shanten: i8,
    depth: u8,
    riichi: bool,
) {
    g.nodes.push(Node {
        shanten,
        depth,
        riichi,
        useful: 0,
        other: 0,
        first: 0,
    });
    queue.push_back((h, k));
}

/// What is known of a 13-tile hand met as a candidate: its shanten, and its node if it is one.
#[derive(Clone, Copy)]
struct Known {
    shanten: i8,
    node: u32,
}

const NOT_A_NODE: u32 = u32::MAX;

/// The graph as it grows, with what it has met.
struct Builder<'b, 'e> {
    engine: &'b Engine<'e>,
    from: &'b Start,
    opts: &'b OddsOptions,
    value: Option<WinValue<'b>>,
    claim: Option<&'b ClaimFn<'b>>,
    /// Nodes at most (the state budget at this horizon).
    budget: usize,
    /// `reference + extra`: the detour bound.
    bound: i32,
    g: Graph,
    known: KeyMap<Known>,
    /// A choice's key: the 14 tiles' [`key`], its kid cap and whether wildcards may go.
    made: KeyMap<u32>,
    /// Nodes to expand, with their keys.
    queue: VecDeque<(Hand, u128)>,
}

/// Builds the graph from the 13-tile `roots` (all at depth 0); with `wins.value`, each
/// winning draw's worth too (`Graph::values`), and with `wins.claim` only the winning draws it
/// allows. `stop` is asked every [`STOP_EVERY`] nodes.
pub(crate) fn build(
    engine: &Engine<'_>,
    roots: &[Hand],
    from: &Start,
    opts: &OddsOptions,
    keep_keys: bool,
    wins: Wins<'_>,
    stop: &dyn Fn() -> bool,
) -> Result<Graph, OddsError> {
    let draws = from.draws;
    // The budget counts a hand once per 17 draws: a longer horizon keeps more values a hand.
    let budget = opts.max_states.saturating_mul(18) / (draws as usize + 1).max(18);
    if roots.len() > budget {
        return Err(OddsError::TooLarge {
            states: opts.max_states,
        });
    }
    let mut b = Builder {
        engine,
        from,
        opts,
        value: wins.value,
        claim: wins.claim,
        budget,
        bound: from.reference as i32 + opts.extra as i32,
        g: Graph::default(),
        known: KeyMap::with_capacity_and_hasher(64, Default::default()),
        made: KeyMap::with_capacity_and_hasher(64, Default::default()),
        queue: VecDeque::new(),
    };
    for h in roots {
        let shanten = engine.shanten(h);
        let declared = from.riichi && shanten == 0 && from.discarded;
        b.root(h, key(h.counts()), shanten, declared);
    }
    let mut expanded = 0usize;
    while let Some((h, k)) = b.queue.pop_front() {
        if expanded % STOP_EVERY == STOP_EVERY - 1 {
            if stop() {
                return Err(OddsError::Stopped);
            }
            b.check_bytes(0)?;
        }
        b.expand(expanded, &h, k)?;
        expanded += 1;
    }
    let mut g = b.g;
    if keep_keys {
        g.keys = b
            .known
            .into_iter()
            .filter(|(_, k)| k.node != NOT_A_NODE)
            .map(|(key, k)| (key, k.node))
            .collect();
    }
    Ok(g)
}

impl Builder<'_, '_> {
    /// The draws of node `n` (hand `h`, key `hk`): for each kind with copies left, a win, a
    /// move to a choice, or a stay (not listed).
    fn expand(&mut self, n: usize, h: &Hand, hk: u128) -> Result<(), OddsError> {
        let (engine, opts, from) = (self.engine, self.opts, self.from);
        self.g.nodes[n].first = self.g.draws.len() as u32;
        let Node {
            shanten,
            depth,
            riichi,
            ..
        } = self.g.nodes[n];
        let (s, d) = (shanten as i32, depth as i32);
        let horizon = from.draws as i32;
        // Win needs s + 1 more draws; nothing left to gain past the horizon.
        if d >= horizon || d + s + 1 > horizon {
            return Ok(());
        }
        // Kinds whose draw lowers shanten (a win counts: a tenpai hand's waits).
        let improving = engine.improving(h).0;
        let c = *h.counts();
        let wild = h.wild();
        // A wildcard is never discarded while a real tile is held (docs/ODDS.md).
        let real_held = (0..KINDS).any(|j| c[j] > 0 && !wild.contains(Tile::from_index(j)));
        let sideways = opts.sideways && d + 1 + s <= self.bound;
        for i in 0..KINDS {
            let w = weight(opts.model, &from.unseen, &from.counts, &c, i);
            if w == 0 {
                continue;
            }
            let t = Tile::from_index(i);
            let mut useful = improving >> i & 1 == 1;
            // A tenpai node's winning draw; one the rules do not let it claim (an open riichi
            // hand without a yaku) is no win, and is drawn as any other tile.
            let mut won = None;
            if useful && s == 0 {
                let mut h14 = *h;
                if h14.draw(t).is_ok() && engine.is_win(&h14) {
                    match self.claim.is_none_or(|claim| claim(&h14, t)) {
                        true => won = Some(h14),
                        false => useful = false,
                    }
                }
            }
            if useful {
                self.g.nodes[n].useful += w as u16;
            } else {
                self.g.nodes[n].other += w as u16;
            }
            // A draw that does not lower shanten moves only as a sideways draw (手変わり),
            // itself a detour; after riichi, only a win moves.
            if !useful && (riichi || !sideways) {
                continue;
            }
            if let Some(h14) = won {
                // A tenpai node's win ends both questions: its discards are never asked.
                let worth = match self.value {
                    Some(v) => {
                        self.g.values.push(v(&h14, t, riichi));
                        self.g.values.len() as u32 - 1
                    }
                    None => u32::MAX,
                };
                self.push_draw(worth, w, i, true, useful);
                continue;
            }
            if riichi {
                continue;
            }
            // A useful draw lowers shanten by one; another keeps it.
            let after = if useful { shanten - 1 } else { shanten };
            let cap = kid_cap(after, depth, self.bound, opts.backward);
            let k14 = hk + (1u128 << (3 * i));
            let choice = match self.made.get(&choice_key(k14, cap, !real_held)) {
                Some(&c) => c,
                None => {
                    let mut h14 = *h;
                    if h14.draw(t).is_err() {
                        continue;
                    }
                    // (A win that may not be claimed stays at its node's shanten, 0.)
                    debug_assert_eq!(after, engine.shanten(&h14).max(s as i8), "{h14:?}");
                    self.choice(&h14, k14, after, cap, !real_held, depth)?
                }
            };
            let ch = self.g.choices[choice as usize];
            let moves = self.g.kids_of_choice(&ch).iter().any(|&k| k as usize != n);
            if moves {
                self.push_draw(choice, w, i, false, useful);
            }
        }
        Ok(())
    }

    /// A draw of kind `i` (weight `w`) that moves: to `choice`, or, for a win, worth the value
    /// at that index.
    fn push_draw(&mut self, choice: u32, w: u8, i: usize, win: bool, useful: bool) {
        self.g.draws.push(Draw {
            choice,
            weight: w,
            kind: i as u8,
            win,
            useful,
        });
    }

    /// The choice of the 14 tiles `h14` (key `k14`, at shanten `after`) whose discards may
    /// lead to hands at shanten `cap` at most (wildcards among them when `wild_goes`), made
    /// by a node at `depth`, with its kids.
    fn choice(
        &mut self,
        h14: &Hand,
        k14: u128,
        after: i8,
        cap: i8,
        wild_goes: bool,
        depth: u8,
    ) -> Result<u32, OddsError> {
        if self.g.choices.len() >= self.budget.saturating_mul(CHOICES_PER_STATE) {
            return Err(too_large(self.opts));
        }
        let first = self.g.kids.len() as u32;
        let wild = h14.wild();
        let c14 = *h14.counts();
        for (j, &held) in c14.iter().enumerate() {
            if held == 0 {
                continue;
            }
            let tj = Tile::from_index(j);
            if wild.contains(tj) && !wild_goes {
                continue;
            }
            let k = k14 - (1u128 << (3 * j));
            let child = || {
                let mut child = *h14;
                child.discard(tj).expect("held");
                child
            };
            // Checked before the map is borrowed: whether one more hand may be met, and the
            // bytes where the nodes' vector would grow.
            let room = self.known.len() < self.budget.saturating_mul(MET_PER_STATE);
            if self.g.nodes.len() == self.g.nodes.capacity() {
                self.check_bytes(self.g.nodes.capacity() * std::mem::size_of::<Node>())?;
            }
            // One lookup a discard: the hand's shanten (computed the first time it is met)
            // and its node (made the first time it is a kid).
            let known = match self.known.entry(k) {
                Entry::Occupied(o) => o.into_mut(),
                Entry::Vacant(v) if room => v.insert(Known {
                    shanten: self.engine.shanten(&child()),
                    node: NOT_A_NODE,
                }),
                Entry::Vacant(_) => return Err(too_large(self.opts)),
            };
            if known.shanten > cap {
                continue;
            }
            if known.node == NOT_A_NODE {
                if self.g.nodes.len() >= self.budget {
                    return Err(too_large(self.opts));
                }
                known.node = self.g.nodes.len() as u32;
                let riichi = self.from.riichi && known.shanten == 0;
                push_node(
                    &mut self.g,
                    &mut self.queue,
                    child(),
                    k,
                    known.shanten,
                    depth + 1,
                    riichi,
                );
            }
            self.g.kids.push(known.node);
        }
        let at = self.g.choices.len() as u32;
        self.g.choices.push(Choice {
            first,
            len: (self.g.kids.len() as u32 - first) as u8,
            shanten: after,
            depth,
        });
        self.made.insert(choice_key(k14, cap, wild_goes), at);
        Ok(at)
    }

    /// A root (hand `h`, key `k`, at `shanten`): a node at depth 0, which has declared
    /// riichi when `riichi` says so. The roots are distinct hands; under the riichi model a
    /// 13-tile query's own tenpai hand has not declared, and is no other hand's kid (a
    /// discard back into it declares: that is another node), so it is not in the map.
    fn root(&mut self, h: &Hand, k: u128, shanten: i8, riichi: bool) {
        let node = self.g.nodes.len() as u32;
        if riichi == (self.from.riichi && shanten == 0) {
            self.known.insert(k, Known { shanten, node });
        }
        push_node(&mut self.g, &mut self.queue, *h, k, shanten, 0, riichi);
    }

    /// Ends with [`OddsError::OverBudget`] when the bytes held, with `growing` more, pass the
    /// budget.
    fn check_bytes(&self, growing: usize) -> Result<(), OddsError> {
        if self.bytes_held() + growing > self.opts.max_bytes {
            return Err(OddsError::OverBudget {
                bytes: self.opts.max_bytes,
            });
        }
        Ok(())
    }

    /// Bytes the graph holds now, counted on capacities, with the backward induction's share
    /// (a row of values a node and one a choice, a row holding each question's value for
    /// every horizon) and the maps and queue of hands met.
    fn bytes_held(&self) -> usize {
        use std::mem::size_of;
        let g = &self.g;
        let lanes = super::solve::lanes(self.value.is_some());
        let row = size_of::<f64>() * (self.from.draws as usize + 1) * lanes;
        g.nodes.capacity() * size_of::<Node>()
            + g.draws.capacity() * size_of::<Draw>()
            + g.choices.capacity() * size_of::<Choice>()
            + g.kids.capacity() * size_of::<u32>()
            + g.values.capacity() * size_of::<f64>()
            + self.known.capacity() * (size_of::<(u128, Known)>() + 1)
            + self.made.capacity() * (size_of::<(u128, u32)>() + 1)
            + self.queue.capacity() * size_of::<(Hand, u128)>()
            + (g.nodes.len() + g.choices.len()) * row
    }
}
