//! A tenhou.net/6 record of any bytes: read without a panic or a hang; a record that reads is
//! reviewed and its wins scored again without one, every decision's discard one the hand held.
#![no_main]
use hupai::record::{check_wins, review, tenhou6};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(record) = tenhou6::read(text) else {
        return;
    };
    let (decisions, sum) = review(&record, None);
    assert_eq!(sum.decisions, decisions.len());
    assert!(sum.agree <= sum.decisions);
    for d in &decisions {
        assert!(d.best_shanten <= d.shanten, "{d:?}");
    }
    let wins = check_wins(&record);
    assert_eq!(wins.len(), sum.wins_checked);
});
