//! The Chinese rooms through the C ABI, called as C calls it: whole games of both rooms
//! stepped by the masks C reads, every answer equal to the Rust API's on the same seed and
//! switches (to act, legal, observations, events, scores), an illegal action refused with its status and
//! nothing changed, bad rooms, switches, arguments and null pointers refused.

use hupai::game::room::{Room, RoomAction, RoomGame, ROOM_OBSERVATION};
use hupai::game::Seed;
use hupai_c::*;
use std::ffi::CString;

fn new_room(rules: &str, seed: u64, switches: Option<&str>) -> (HupaiStatus, *mut HupaiRoom) {
    let rules = CString::new(rules).unwrap();
    let switches = switches.map(|s| CString::new(s).unwrap());
    let mut g = std::ptr::null_mut();
    let sw = switches.as_ref().map_or(std::ptr::null(), |s| s.as_ptr());
    // SAFETY: NUL-terminated strings (or null switches) and a valid out pointer.
    let s = unsafe { hupai_room_new(rules.as_ptr(), seed, sw, &mut g) };
    (s, g)
}

/// The events since the last read, through a buffer first too small.
fn events(g: *mut HupaiRoom) -> String {
    let mut len = 0usize;
    // SAFETY: a live handle; a null buffer of capacity 0 and a valid length pointer.
    let s = unsafe { hupai_room_events(g, std::ptr::null_mut(), 0, &mut len) };
    if s == HupaiStatus::Ok {
        return String::new();
    }
    assert_eq!(s, HupaiStatus::BufferTooSmall);
    let mut buf = vec![0u8; len + 1];
    // SAFETY: `buf` holds `len + 1` bytes.
    let s = unsafe { hupai_room_events(g, buf.as_mut_ptr().cast(), buf.len(), &mut len) };
    assert_eq!(s, HupaiStatus::Ok);
    String::from_utf8(buf[..len].to_vec()).unwrap()
}

#[test]
fn room_games_through_the_c_abi_equal_the_rust_api() {
    for (rules, switches) in [
        ("sichuan", "hands=2,call_transfer=true"),
        (
            "hongzhong",
            "hands=2, birds=6, bird_pay=multiply, kongs=1/1/1",
        ),
        ("changsha", "hands=2, birds=4, bird_pay=add, dealer_extra=0"),
        ("guobiao", "hands=2, minimum=0, multiple_wins=true, base=5"),
        ("nanchang", "hands=2, discard_pays=discarder, stake=2"),
    ] {
        for seed in 0..4u64 {
            let (s, g) = new_room(rules, seed, Some(switches));
            assert_eq!(s, HupaiStatus::Ok);
            let mut room = Room::named(rules).unwrap();
            room.set_list(switches).unwrap();
            let mut rust = RoomGame::new(room, Seed::from_u64(seed));
            let (mut c_text, mut rust_text) = (String::new(), String::new());
            let mut pick = seed;
            loop {
                c_text += &events(g);
                rust.write_events(&mut rust_text);
                rust.clear_events();
                let mut seats = 0u8;
                // SAFETY: a live handle and a writable byte.
                assert_eq!(unsafe { hupai_room_to_act(g, &mut seats) }, HupaiStatus::Ok);
                assert_eq!(seats, rust.to_act().iter().fold(0u8, |m, s| m | 1 << s));
                if seats == 0 {
                    break;
                }
                let seat = seats.trailing_zeros() as u8;
                let mut mask = [0u64; 2];
                // SAFETY: two writable u64.
                let s = unsafe { hupai_room_legal(g, seat, mask.as_mut_ptr()) };
                assert_eq!(s, HupaiStatus::Ok);
                let legal = rust.legal(seat);
                assert_eq!(u128::from(mask[0]) | u128::from(mask[1]) << 64, legal.0);
                let (mut row, mut want) = ([0u8; HUPAI_ROOM_OBSERVATION], [0u8; ROOM_OBSERVATION]);
                // SAFETY: a live handle and HUPAI_ROOM_OBSERVATION writable bytes.
                let s = unsafe { hupai_room_observe(g, seat, row.as_mut_ptr()) };
                assert_eq!(s, HupaiStatus::Ok);
                rust.observe(seat, &mut want);
                assert_eq!(row, want);
                pick = pick
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let a = legal.nth((pick >> 33) as usize % legal.len()).unwrap();
                // SAFETY: a live handle.
                assert_eq!(
                    unsafe { hupai_room_step(g, seat, a.index()) },
                    HupaiStatus::Ok
                );
                rust.step(seat, a).unwrap();
            }
            assert_eq!(c_text, rust_text, "{rules} {seed}");
            assert!(c_text.contains("\"type\":\"end_game\""));
            let (mut scores, mut over) = ([0i64; 4], 0u8);
            // SAFETY: four writable i64 and a byte.
            assert_eq!(
                unsafe { hupai_room_scores(g, scores.as_mut_ptr(), &mut over) },
                HupaiStatus::Ok
            );
            assert_eq!((scores, over), (rust.scores(), 1));
            // SAFETY: a live handle, freed once.
            unsafe { hupai_room_free(g) };
        }
    }
}

#[test]
fn the_rooms_refuse_through_the_c_abi_with_their_statuses() {
    for (rules, switches) in [
        ("riichi", None),
        ("hongzhong", Some("birds=9")),
        ("hongzhong", Some("birds")),
        ("sichuan", Some("birds=4")),
        ("sichuan", Some("stake=0")),
    ] {
        let (s, g) = new_room(rules, 1, switches);
        assert_eq!(s, HupaiStatus::BadArgument, "{rules} {switches:?}");
        assert!(g.is_null());
    }
    let (s, g) = new_room("sichuan", 1, None);
    assert_eq!(s, HupaiStatus::Ok);
    let before = events(g);
    assert!(before.starts_with("{\"type\":\"deal\""));
    // A discard before the void suits: illegal, nothing changes.
    let discard = RoomAction::discard("1m".parse().unwrap()).index();
    // SAFETY: a live handle.
    unsafe {
        assert_eq!(hupai_room_step(g, 0, discard), HupaiStatus::IllegalAction);
        assert_eq!(hupai_room_step(g, 4, 27), HupaiStatus::BadArgument);
        assert_eq!(
            hupai_room_step(g, 0, HUPAI_ROOM_ACTIONS as u8),
            HupaiStatus::BadArgument
        );
        assert_eq!(
            hupai_room_legal(g, 0, std::ptr::null_mut()),
            HupaiStatus::NullPointer
        );
        assert_eq!(
            hupai_room_observe(g, 0, std::ptr::null_mut()),
            HupaiStatus::NullPointer
        );
        let mut row = [0u8; HUPAI_ROOM_OBSERVATION];
        assert_eq!(
            hupai_room_observe(g, 4, row.as_mut_ptr()),
            HupaiStatus::BadArgument
        );
        let mut n = 0usize;
        assert_eq!(
            hupai_room_new(
                std::ptr::null(),
                0,
                std::ptr::null(),
                &mut std::ptr::null_mut()
            ),
            HupaiStatus::NullPointer
        );
        let mut buf = [0u8; 16];
        assert_eq!(
            hupai_room_action_name(107, buf.as_mut_ptr().cast(), buf.len(), &mut n),
            HupaiStatus::Ok
        );
        assert_eq!(&buf[..n], b"win");
        assert_eq!(
            hupai_room_action_name(200, buf.as_mut_ptr().cast(), buf.len(), &mut n),
            HupaiStatus::BadArgument
        );
    }
    assert_eq!(events(g), "");
    // SAFETY: a live handle, freed once; null is ignored.
    unsafe {
        hupai_room_free(g);
        hupai_room_free(std::ptr::null_mut());
    }
}
