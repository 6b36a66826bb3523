//! Meld parser: never panics; a parsed meld prints and parses back to itself.
#![no_main]
use hupai::{Meld, Rules};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for rules in [Rules::riichi(), Rules::nanchang()] {
        if let Ok(m) = Meld::parse(text, &rules) {
            let again = Meld::parse(&m.to_string(), &rules).expect("printed meld parses");
            assert_eq!(again, m, "{text:?}");
            assert!(matches!(m.len(), 3 | 4));
        }
    }
});
