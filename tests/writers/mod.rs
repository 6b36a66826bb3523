//! Records written in every stream format hupai reads (mjai JSON lines, Tenhou's mjlog XML,
//! hupai's own JSON lines) from the twenty real tenhou.net/6 records of `../shared/logs`: the
//! writers the record tests read back through each reader.
#![allow(dead_code)]

use hupai::record::{mjai, tenhou6, Event, Record, RecordTile, RoundResult};
use hupai::CallKind;
use serde_json::{json, Value};
use std::path::Path;

pub fn logs() -> Vec<(String, Record)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/logs");
    let mut out = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("../shared/logs beside the checkout") {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "json") {
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            let text = std::fs::read_to_string(&path).unwrap();
            out.push((name, tenhou6::read(&text).unwrap()));
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// What a format cannot carry set aside: the record's descriptions of its wins.
pub fn bare(mut r: Record) -> Record {
    for round in &mut r.rounds {
        if let RoundResult::Wins(w) = &mut round.result {
            for w in w {
                w.text.clear();
            }
        }
    }
    r
}

// ---- mjai ----

pub fn mjai_tile(t: &RecordTile) -> String {
    let i = t.tile.index();
    if i >= 27 {
        return ["E", "S", "W", "N", "P", "F", "C"][i - 27].into();
    }
    format!("{}{}", t.tile, if t.red { "r" } else { "" })
}

pub fn mjai_tiles(ts: &[RecordTile]) -> Vec<String> {
    ts.iter().map(mjai_tile).collect()
}

/// A record as mjai JSON lines, a dora indicator after each kong.
pub fn to_mjai(r: &Record) -> String {
    let mut out = vec![json!({"type": "start_game", "names": r.players})];
    for round in &r.rounds {
        let wind = ["E", "S", "W", "N"][round.kyoku as usize / 4];
        out.push(json!({
            "type": "start_kyoku",
            "bakaze": wind,
            "kyoku": round.kyoku % 4 + 1,
            "honba": round.honba,
            "kyotaku": round.sticks,
            "oya": round.kyoku % 4,
            "scores": round.scores,
            "dora_marker": mjai_tile(&round.dora[0]),
            "tehais": round.hands.iter().map(|h| mjai_tiles(h)).collect::<Vec<_>>(),
        }));
        let mut kongs = 0;
        for e in &round.events {
            match e {
                Event::Draw { seat, tile } => {
                    out.push(json!({"type": "tsumo", "actor": seat, "pai": mjai_tile(tile)}))
                }
                Event::Discard {
                    seat,
                    tile,
                    tsumogiri,
                    riichi,
                } => {
                    if *riichi {
                        out.push(json!({"type": "reach", "actor": seat}));
                    }
                    out.push(json!({"type": "dahai", "actor": seat, "pai": mjai_tile(tile), "tsumogiri": tsumogiri}));
                    if *riichi {
                        out.push(json!({"type": "reach_accepted", "actor": seat}));
                    }
                }
                Event::Call {
                    seat,
                    kind,
                    tiles,
                    from,
                    added,
                } => {
                    let name = match (kind, added) {
                        (CallKind::Chi, _) => "chi",
                        (CallKind::Pon, _) => "pon",
                        (CallKind::ClosedKan, _) => "ankan",
                        (_, true) => "kakan",
                        _ => "daiminkan",
                    };
                    out.push(if *kind == CallKind::ClosedKan {
                        json!({"type": name, "actor": seat, "consumed": mjai_tiles(tiles)})
                    } else {
                        let mut v = json!({"type": name, "actor": seat, "pai": mjai_tile(&tiles[0]), "consumed": mjai_tiles(&tiles[1..])});
                        if let Some(f) = from {
                            v["target"] = json!(f);
                        }
                        v
                    });
                    if matches!(kind, CallKind::Kan | CallKind::ClosedKan) {
                        kongs += 1;
                        if let Some(d) = round.dora.get(kongs) {
                            out.push(json!({"type": "dora", "dora_marker": mjai_tile(d)}));
                        }
                    }
                }
            }
        }
        match &round.result {
            RoundResult::Wins(wins) => {
                for w in wins {
                    out.push(json!({"type": "hora", "actor": w.seat, "target": w.from, "deltas": w.deltas, "ura_markers": mjai_tiles(&round.ura)}));
                }
            }
            RoundResult::Draw { reason, deltas } => {
                out.push(json!({"type": "ryukyoku", "reason": reason, "deltas": deltas}))
            }
        }
        out.push(json!({"type": "end_kyoku"}));
    }
    out.push(json!({"type": "end_game"}));
    out.iter()
        .map(Value::to_string)
        .collect::<Vec<_>>()
        .join("\n")
}

/// The calls' tiles in one order (a format may list them in another): the called tile first,
/// the rest sorted; a kong from the hand sorted whole.
pub fn sorted_calls(mut r: Record) -> Record {
    for round in &mut r.rounds {
        for e in &mut round.events {
            if let Event::Call {
                tiles, from: None, ..
            } = e
            {
                tiles.sort_by_key(|t| (t.tile.index(), t.red));
            } else if let Event::Call { tiles, .. } = e {
                tiles[1..].sort_by_key(|t| (t.tile.index(), t.red));
            }
        }
    }
    r
}

// ---- mjlog ----

/// The physical tiles of a round by id (0–135): each kind's free copies (the red fives' ids
/// 16, 52 and 88 for red ones), each seat's hand.
struct Ids {
    red: bool,
    free: Vec<Vec<u32>>,
    hands: [Vec<u32>; 4],
    drawn: [Option<u32>; 4],
    last: Option<u32>,
    /// Each seat's pons by kind: the called tile's place and the copy left out.
    pons: [Vec<(usize, u32, u32, u32)>; 4],
}

pub fn is_red_id(id: u32) -> bool {
    matches!(id, 16 | 52 | 88)
}

impl Ids {
    fn new(red: bool) -> Ids {
        Ids {
            red,
            free: (0..34)
                .map(|k| (0..4).rev().map(|c| k * 4 + c).collect())
                .collect(),
            hands: Default::default(),
            drawn: [None; 4],
            last: None,
            pons: Default::default(),
        }
    }

    fn alloc(&mut self, t: &RecordTile) -> u32 {
        let pool = &mut self.free[t.tile.index()];
        let red = self.red;
        let Some(i) = pool.iter().position(|&id| !red || is_red_id(id) == t.red) else {
            // A record broken on purpose: a copy already in play.
            return t.tile.index() as u32 * 4 + 3;
        };
        pool.remove(i)
    }

    /// The id of `t` in `seat`'s hand, the tile drawn first when `drawn`, else last.
    fn take(&mut self, seat: usize, t: &RecordTile, drawn: bool) -> u32 {
        let hand = &mut self.hands[seat];
        let red = self.red;
        let fits = |id: u32| id as usize / 4 == t.tile.index() && (!red || is_red_id(id) == t.red);
        let i = match self.drawn[seat] {
            Some(d) if drawn => hand.iter().position(|&id| id == d).unwrap(),
            d => match hand
                .iter()
                .position(|&id| fits(id) && Some(id) != d)
                .or_else(|| hand.iter().position(|&id| fits(id)))
            {
                Some(i) => i,
                // A record broken on purpose: a tile not held, given the next free id.
                None => return self.alloc(t),
            },
        };
        hand.remove(i)
    }
}

pub fn ids_text(ids: &[u32]) -> String {
    ids.iter().map(u32::to_string).collect::<Vec<_>>().join(",")
}

pub fn sc(scores: &[i32; 4], deltas: &[i32; 4]) -> String {
    (0..4)
        .map(|i| format!("{},{}", scores[i] / 100, deltas[i] / 100))
        .collect::<Vec<_>>()
        .join(",")
}

pub fn percent(s: &str) -> String {
    s.bytes().map(|b| format!("%{b:02X}")).collect()
}

/// A record as mjlog XML, ids given to the tiles as they come into play.
pub fn to_mjlog(r: &Record) -> String {
    // Red fives played when the record has one (type 169: 東南, red; 171 without).
    let red = r.rounds.iter().any(|round| {
        round.hands.iter().flatten().any(|t| t.red)
            || round
                .events
                .iter()
                .any(|e| matches!(e, Event::Draw { tile, .. } if tile.red))
    });
    let go = if red { 169 } else { 171 };
    let mut x = format!(
        "<mjloggm ver=\"2.3\"><SHUFFLE seed=\"\" ref=\"\"/><GO type=\"{go}\" lobby=\"0\"/>"
    );
    x += &format!(
        "<UN n0=\"{}\" n1=\"{}\" n2=\"{}\" n3=\"{}\" dan=\"0,0,0,0\"/><TAIKYOKU oya=\"0\"/>",
        percent(&r.players[0]),
        percent(&r.players[1]),
        percent(&r.players[2]),
        percent(&r.players[3])
    );
    for round in &r.rounds {
        let mut ids = Ids::new(red);
        let dora0 = ids.alloc(&round.dora[0]);
        for s in 0..4 {
            ids.hands[s] = round.hands[s].iter().map(|t| ids.alloc(t)).collect();
        }
        x += &format!(
            "<INIT seed=\"{},{},{},0,0,{dora0}\" ten=\"{}\" oya=\"{}\" hai0=\"{}\" hai1=\"{}\" hai2=\"{}\" hai3=\"{}\"/>",
            round.kyoku,
            round.honba,
            round.sticks,
            round.scores.map(|s| (s / 100).to_string()).join(","),
            round.kyoku % 4,
            ids_text(&ids.hands[0]),
            ids_text(&ids.hands[1]),
            ids_text(&ids.hands[2]),
            ids_text(&ids.hands[3]),
        );
        let mut kongs = 0;
        for e in &round.events {
            match e {
                Event::Draw { seat, tile } => {
                    let id = ids.alloc(tile);
                    ids.hands[*seat as usize].push(id);
                    ids.drawn[*seat as usize] = Some(id);
                    x += &format!("<{}{id}/>", ["T", "U", "V", "W"][*seat as usize]);
                }
                Event::Discard {
                    seat,
                    tile,
                    tsumogiri,
                    riichi,
                } => {
                    let s = *seat as usize;
                    if *riichi {
                        x += &format!("<REACH who=\"{s}\" step=\"1\"/>");
                    }
                    let id = ids.take(s, tile, *tsumogiri);
                    ids.drawn[s] = None;
                    ids.last = Some(id);
                    x += &format!("<{}{id}/>", ["D", "E", "F", "G"][s]);
                    if *riichi {
                        x += &format!("<REACH who=\"{s}\" step=\"2\" ten=\"0,0,0,0\"/>");
                    }
                }
                Event::Call {
                    seat,
                    kind,
                    tiles,
                    from,
                    added,
                } => {
                    let s = *seat as usize;
                    ids.drawn[s] = None;
                    let rel = from.map_or(0, |f| (f as u32 + 4 - s as u32) % 4);
                    let k = tiles[0].tile.index() as u32;
                    let m = match (kind, added) {
                        (CallKind::Chi, _) => {
                            let called = ids.last.unwrap();
                            let mut three: Vec<u32> =
                                tiles[1..].iter().map(|t| ids.take(s, t, false)).collect();
                            three.push(called);
                            three.sort_by_key(|id| id / 4);
                            let r = three.iter().position(|&i| i == called).unwrap() as u32;
                            let low = three[0] / 4;
                            let run = low / 9 * 7 + low % 9;
                            let mut m = ((run * 3 + r) << 10) | 0x4 | rel;
                            for (i, id) in three.iter().enumerate() {
                                m |= (id % 4) << (3 + 2 * i);
                            }
                            m
                        }
                        (CallKind::Pon, _) => {
                            let called = ids.last.unwrap();
                            let mut three: Vec<u32> =
                                tiles[1..].iter().map(|t| ids.take(s, t, false)).collect();
                            three.push(called);
                            three.sort();
                            let unused = (0..4).find(|c| !three.contains(&(k * 4 + c))).unwrap();
                            let r = three.iter().position(|&i| i == called).unwrap() as u32;
                            ids.pons[s].push((k as usize, r, unused, rel));
                            ((k * 3 + r) << 9) | 0x8 | (unused << 5) | rel
                        }
                        (CallKind::Kan, true) => {
                            let i = ids.pons[s].iter().position(|p| p.0 == k as usize).unwrap();
                            let (_, r, unused, prel) = ids.pons[s].remove(i);
                            let added_id = ids.take(s, &tiles[0], false);
                            assert_eq!(added_id, k * 4 + unused);
                            ((k * 3 + r) << 9) | 0x10 | (unused << 5) | prel
                        }
                        (CallKind::Kan, false) => {
                            let called = ids.last.unwrap();
                            for t in &tiles[1..] {
                                ids.take(s, t, false);
                            }
                            (called << 8) | rel
                        }
                        (CallKind::ClosedKan, _) => {
                            for t in tiles.iter() {
                                ids.take(s, t, false);
                            }
                            (k * 4) << 8
                        }
                    };
                    x += &format!("<N who=\"{s}\" m=\"{m}\"/>");
                    if matches!(kind, CallKind::Kan | CallKind::ClosedKan) {
                        kongs += 1;
                        if let Some(d) = round.dora.get(kongs) {
                            x += &format!("<DORA hai=\"{}\"/>", ids.alloc(d));
                        }
                    }
                }
            }
        }
        match &round.result {
            RoundResult::Wins(wins) => {
                let ura: Vec<u32> = round.ura.iter().map(|t| ids.alloc(t)).collect();
                for w in wins {
                    let ura = if ura.is_empty() {
                        String::new()
                    } else {
                        format!(" doraHaiUra=\"{}\"", ids_text(&ura))
                    };
                    x += &format!(
                        "<AGARI ba=\"{},{}\" hai=\"\" machi=\"0\" ten=\"30,1000,0\" yaku=\"\" doraHai=\"\"{ura} who=\"{}\" fromWho=\"{}\" sc=\"{}\"/>",
                        round.honba,
                        round.sticks,
                        w.seat,
                        w.from,
                        sc(&round.scores, &w.deltas)
                    );
                }
            }
            RoundResult::Draw { reason, deltas } => {
                let kind = if reason == "流局" {
                    String::new()
                } else {
                    format!(" type=\"{reason}\"")
                };
                x += &format!(
                    "<RYUUKYOKU ba=\"{},{}\" sc=\"{}\"{kind}/>",
                    round.honba,
                    round.sticks,
                    sc(&round.scores, deltas)
                );
            }
        }
    }
    x + "</mjloggm>"
}

// ---- hupai's own JSON lines ----

pub fn mpsz(ts: &[RecordTile]) -> String {
    ts.iter()
        .map(|t| {
            let s = t.tile.to_string();
            if t.red {
                format!("0{}", &s[1..])
            } else {
                s
            }
        })
        .collect()
}

/// A record as hupai's JSON lines.
pub fn to_lines(r: &Record) -> String {
    let mut out = vec![json!({"game": {"players": r.players, "rules": r.rules}})];
    for round in &r.rounds {
        out.push(json!({"round": {
            "kyoku": round.kyoku, "honba": round.honba, "sticks": round.sticks,
            "scores": round.scores, "dora": mpsz(&round.dora[..1]),
            "hands": round.hands.iter().map(|h| mpsz(h)).collect::<Vec<_>>(),
        }}));
        let mut kongs = 0;
        for e in &round.events {
            match e {
                Event::Draw { seat, tile } => out.push(json!({"draw": {"seat": seat, "tile": mpsz(&[*tile])}})),
                Event::Discard { seat, tile, tsumogiri, riichi } => out.push(
                    json!({"discard": {"seat": seat, "tile": mpsz(&[*tile]), "tsumogiri": tsumogiri, "riichi": riichi}}),
                ),
                Event::Call { seat, kind, tiles, from, added } => {
                    let name = match (kind, added) {
                        (CallKind::Chi, _) => "chi",
                        (CallKind::Pon, _) => "pon",
                        (CallKind::ClosedKan, _) => "ankan",
                        (_, true) => "kakan",
                        _ => "kan",
                    };
                    out.push(if *kind == CallKind::ClosedKan {
                        json!({"call": {"seat": seat, "kind": name, "hand": mpsz(tiles)}})
                    } else {
                        let mut c = json!({"seat": seat, "kind": name, "tile": mpsz(&tiles[..1]), "hand": mpsz(&tiles[1..])});
                        if let Some(f) = from {
                            c["from"] = json!(f);
                        }
                        json!({ "call": c })
                    });
                    if matches!(kind, CallKind::Kan | CallKind::ClosedKan) {
                        kongs += 1;
                        if let Some(d) = round.dora.get(kongs) {
                            out.push(json!({"dora": mpsz(&[*d])}));
                        }
                    }
                }
            }
        }
        match &round.result {
            RoundResult::Wins(wins) => {
                for w in wins {
                    out.push(json!({"win": {"seat": w.seat, "from": w.from, "deltas": w.deltas, "ura": mpsz(&round.ura)}}));
                }
            }
            RoundResult::Draw { reason, deltas } => {
                out.push(json!({"end": {"reason": reason, "deltas": deltas}}))
            }
        }
    }
    out.iter()
        .map(Value::to_string)
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every format's reader, with its writer.
pub type Format = (
    &'static str,
    fn(&Record) -> String,
    fn(&str) -> Result<Record, hupai::record::RecordError>,
);

pub const FORMATS: [Format; 3] = [
    ("mjai", to_mjai, mjai::read),
    ("mjlog", to_mjlog, hupai::record::mjlog::read),
    ("lines", to_lines, hupai::record::lines::read),
];

/// Each seat's concealed counts before event `upto` of `round`.
pub fn held(round: &hupai::record::Round, upto: usize) -> [[u8; 34]; 4] {
    let mut h = [[0u8; 34]; 4];
    for (s, hand) in round.hands.iter().enumerate() {
        for t in hand {
            h[s][t.tile.index()] += 1;
        }
    }
    for e in &round.events[..upto] {
        match e {
            Event::Draw { seat, tile } => h[*seat as usize][tile.tile.index()] += 1,
            Event::Discard { seat, tile, .. } => h[*seat as usize][tile.tile.index()] -= 1,
            Event::Call {
                seat,
                kind,
                tiles,
                added,
                ..
            } => {
                let from_hand = match (kind, added) {
                    (CallKind::ClosedKan, _) => &tiles[..],
                    (_, true) => &tiles[..1],
                    _ => &tiles[1..],
                };
                for t in from_hand {
                    h[*seat as usize][t.tile.index()] -= 1;
                }
            }
        }
    }
    h
}
