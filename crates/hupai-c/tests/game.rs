//! The table through the C ABI, called as C calls it: whole games stepped by the masks C
//! reads, every answer equal to the Rust API's on the same seed (to act, legal, observation,
//! events, scores), an illegal action refused with its status and nothing changed, bad
//! arguments and null pointers refused.

use hupai::game::{Action, Game, GameRules, Seed};
use hupai_c::*;

fn new_game(seed: u64) -> *mut HupaiGame {
    let mut g = std::ptr::null_mut();
    // SAFETY: a valid out pointer.
    assert_eq!(unsafe { hupai_game_new(seed, 0, &mut g) }, HupaiStatus::Ok);
    g
}

/// The events since the last read, through a buffer first too small.
fn events(g: *mut HupaiGame, seat: u8) -> String {
    let mut len = 0usize;
    // SAFETY: a live handle; a null buffer of capacity 0 and a valid length pointer.
    let s = unsafe { hupai_game_events(g, seat, std::ptr::null_mut(), 0, &mut len) };
    if s == HupaiStatus::Ok {
        return String::new();
    }
    assert_eq!(s, HupaiStatus::BufferTooSmall);
    let mut buf = vec![0u8; len + 1];
    // SAFETY: `buf` holds `len + 1` bytes.
    let s = unsafe { hupai_game_events(g, seat, buf.as_mut_ptr().cast(), buf.len(), &mut len) };
    assert_eq!(s, HupaiStatus::Ok);
    assert_eq!(buf[len], 0);
    String::from_utf8(buf[..len].to_vec()).unwrap()
}

#[test]
fn games_through_the_c_abi_equal_the_rust_api() {
    for seed in 0..8u64 {
        let g = new_game(seed);
        let mut rust = Game::new(GameRules::default(), Seed::from_u64(seed));
        let mut pick = seed;
        let (mut c_text, mut rust_text) = (String::new(), String::new());
        loop {
            c_text += &events(g, 4);
            rust.write_events(None, &mut rust_text);
            rust.clear_events();
            let mut seats = 0u8;
            // SAFETY: a live handle and a writable byte.
            assert_eq!(unsafe { hupai_game_to_act(g, &mut seats) }, HupaiStatus::Ok);
            let want = rust.to_act().iter().fold(0u8, |m, s| m | 1 << s);
            assert_eq!(seats, want);
            if seats == 0 {
                break;
            }
            let seat = seats.trailing_zeros() as u8;
            let mut mask = [0u64; 3];
            // SAFETY: three writable u64.
            assert_eq!(
                unsafe { hupai_game_legal(g, seat, mask.as_mut_ptr()) },
                HupaiStatus::Ok
            );
            assert_eq!(mask, rust.legal(seat).0);
            let mut row = [0u8; HUPAI_OBSERVATION];
            // SAFETY: HUPAI_OBSERVATION writable bytes.
            assert_eq!(
                unsafe { hupai_game_observe(g, seat, row.as_mut_ptr()) },
                HupaiStatus::Ok
            );
            let mut want_row = [0u8; HUPAI_OBSERVATION];
            rust.observe(seat, &mut want_row);
            assert_eq!(row, want_row);
            // An action not offered: refused, nothing changed.
            let illegal =
                (0..HUPAI_ACTIONS as u8).find(|&a| mask[a as usize / 64] >> (a % 64) & 1 == 0);
            if let Some(a) = illegal {
                // SAFETY: a live handle.
                assert_eq!(
                    unsafe { hupai_game_step(g, seat, a) },
                    HupaiStatus::IllegalAction
                );
            }
            // A legal one, picked as C would from the mask.
            pick = pick
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let legal = rust.legal(seat);
            let a = legal.nth((pick >> 33) as usize % legal.len()).unwrap();
            // SAFETY: a live handle.
            assert_eq!(
                unsafe { hupai_game_step(g, seat, a.index()) },
                HupaiStatus::Ok
            );
            rust.step(seat, a).unwrap();
        }
        assert_eq!(c_text, rust_text, "seed {seed}");
        assert!(c_text.contains(r#""type":"end_game""#));
        let (mut scores, mut over) = ([0i32; 4], 0u8);
        // SAFETY: four writable i32 and a byte.
        assert_eq!(
            unsafe { hupai_game_scores(g, scores.as_mut_ptr(), &mut over) },
            HupaiStatus::Ok
        );
        assert_eq!((scores, over), (rust.scores(), 1));
        // SAFETY: a handle from hupai_game_new, freed once.
        unsafe { hupai_game_free(g) };
    }
}

#[test]
fn a_seat_sees_its_own_draws_alone_and_bad_arguments_are_refused() {
    let g = new_game(3);
    let dealer_view = events(g, 0);
    let twin = new_game(3);
    let all = events(twin, 4);
    // The other seats' hands hidden from the dealer, shown to a seat-4 reader.
    assert!(dealer_view.contains(r#""?""#) && !all.contains(r#""?""#));
    assert_eq!(dealer_view.lines().count(), all.lines().count());
    assert!(dealer_view.contains(r#""type":"tsumo","actor":0"#));
    // SAFETY: a handle from hupai_game_new, freed once.
    unsafe { hupai_game_free(twin) };
    let mut mask = [0u64; 3];
    let mut len = 0usize;
    // SAFETY: each call gets a live handle or a null one, and writable outputs or null ones.
    unsafe {
        assert_eq!(
            hupai_game_legal(g, 4, mask.as_mut_ptr()),
            HupaiStatus::BadArgument
        );
        assert_eq!(
            hupai_game_legal(g, 0, std::ptr::null_mut()),
            HupaiStatus::NullPointer
        );
        assert_eq!(hupai_game_step(g, 0, 200), HupaiStatus::BadArgument);
        assert_eq!(hupai_game_step(g, 9, 0), HupaiStatus::BadArgument);
        assert_eq!(
            hupai_game_step(std::ptr::null_mut(), 0, 0),
            HupaiStatus::NullPointer
        );
        assert_eq!(
            hupai_game_events(g, 5, std::ptr::null_mut(), 0, &mut len),
            HupaiStatus::BadArgument
        );
        let mut seats = 0u8;
        assert_eq!(
            hupai_game_to_act(std::ptr::null(), &mut seats),
            HupaiStatus::NullPointer
        );
        let mut name = [0u8; 32];
        let pass = Action::PASS.index();
        assert_eq!(
            hupai_action_name(pass, name.as_mut_ptr().cast(), 32, &mut len),
            HupaiStatus::Ok
        );
        assert_eq!(&name[..len], b"pass");
        assert_eq!(
            hupai_action_name(pass, name.as_mut_ptr().cast(), 2, &mut len),
            HupaiStatus::BufferTooSmall
        );
        assert_eq!(len, 4);
        assert_eq!(
            hupai_action_name(255, name.as_mut_ptr().cast(), 32, &mut len),
            HupaiStatus::BadArgument
        );
        let msg = std::ffi::CStr::from_ptr(hupai_status_message(HupaiStatus::IllegalAction as i32));
        assert!(msg.to_str().unwrap().contains("legal"));
        hupai_game_free(g);
        hupai_game_free(std::ptr::null_mut());
    }
}
