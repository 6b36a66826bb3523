//! MPSZ parser: never panics; a parsed hand prints canonically and parses back to itself.
#![no_main]
use hupai::format_counts;
use hupai::parse_counts;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(counts) = parse_counts(text) {
        let canon = format_counts(&counts);
        let again = parse_counts(&canon).expect("canonical print parses");
        assert_eq!(again, counts, "round trip of {text:?} via {canon:?}");
        assert_eq!(format_counts(&again), canon);
    }
});
