//! A record of any bytes, read by every reader (tenhou.net/6, mjai, mjlog, hupai's lines):
//! no panic and no hang; a record that reads is reviewed and its wins scored again without
//! one, every decision's discard one the hand held; read round by round, the same rounds.
#![no_main]
use hupai::record::{
    check_wins, lines, mjai, mjlog, review, tenhou6, Record, RecordError, ReviewOptions,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // Round by round (what `hupai review` reads): no panic, and the rounds `read` gives.
    if let Ok(rounds) = hupai::record::rounds(text) {
        let got: Result<Vec<_>, _> = rounds.collect();
        if let (Ok(got), Ok(whole)) = (got, hupai::record::read(text)) {
            assert_eq!(got, whole.rounds);
        }
    }
    let readers: [fn(&str) -> Result<Record, RecordError>; 4] =
        [tenhou6::read, mjai::read, mjlog::read, lines::read];
    for read in readers {
        let Ok(record) = read(text) else {
            continue;
        };
        // The odds on near hands, briefly: a fuzzed hand may take its whole budget.
        let opts = ReviewOptions {
            max_shanten: 1,
            budget: std::time::Duration::from_millis(5),
            ..Default::default()
        };
        let r = review(&record, &opts);
        assert_eq!(r.summary.decisions, r.decisions.len());
        assert!(r.summary.agree <= r.summary.decisions);
        for d in &r.decisions {
            assert!(d.best_shanten <= d.shanten, "{d:?}");
        }
        let wins = check_wins(&record);
        assert_eq!(wins.len(), r.summary.wins_checked);
    }
});
