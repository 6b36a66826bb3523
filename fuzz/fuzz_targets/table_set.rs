//! Table data from outside: the compiled-in set's generated data (`Tables::compiled_data`),
//! encoded with bincode, with up to eight bytes changed (each edit: a 4-byte offset and a byte to XOR). Loading answers
//! an error, or tables with which every engine call on a few hands (wins with wildcards,
//! tenpai hands, special forms, declared melds) answers without a panic.
#![no_main]
use hupai::decompositions;
use hupai::Tables;
use hupai::{Engine, Hand, Rules};
use hupai_gen::TableData;
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

fn base() -> &'static [u8] {
    static B: OnceLock<Vec<u8>> = OnceLock::new();
    B.get_or_init(|| bincode::serialize(&Tables::compiled_data()).expect("tables encode"))
}

fn hands() -> &'static [Hand] {
    static H: OnceLock<Vec<Hand>> = OnceLock::new();
    H.get_or_init(|| {
        [
            ("1111m456789p1239s", vec![], "9s"),
            ("123456789m1111z", vec![], "9p"),
            ("2222p345m678m7899s", vec![], "5z"),
            ("147m258p369s12347z", vec![], ""),
            ("19m19p19s1234567z", vec![], ""),
            ("11223344556677z", vec![], ""),
            ("123456m99m112344z", vec![], "5m"),
            ("23569m456p789s11z", vec![], ""),
            ("1m2345678p22z", vec!["111z"], "5p"),
        ]
        .iter()
        .map(|(h, m, w)| {
            m.iter()
                .fold(
                    Hand::builder(h).rules(&Rules::nanchang()).wild(w),
                    |b, m| b.meld(m),
                )
                .build()
                .expect("a valid hand")
        })
        .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let bytes = base();
    let mut edited = bytes.to_vec();
    for edit in data.chunks_exact(5).take(8) {
        let at = u32::from_le_bytes([edit[0], edit[1], edit[2], edit[3]]) as usize % edited.len();
        edited[at] ^= edit[4].max(1);
    }
    let Ok(data) = bincode::deserialize::<TableData>(&edited) else {
        return;
    };
    let Ok(tables) = Tables::from_data(data) else {
        return;
    };
    for rules in [Rules::riichi(), Rules::chinese(), Rules::nanchang()] {
        let Ok(engine) = Engine::with_tables(&tables, rules) else {
            continue;
        };
        let none = [0u8; 34];
        for h in hands() {
            let _ = engine.is_win(h);
            let _ = engine.shanten(h);
            let _ = engine.waits(h);
            let _ = engine.ukeire(h, &none);
            let _ = engine.discards(h, &none);
            let _ = engine.improvements(h, &none);
            let _ = engine.wildcards_needed(h);
            let _ = decompositions(&engine, h, 8);
        }
    }
});
