//! Engine handles: made from a preset or from rule switches, wild kinds and an optional table
//! set; freed once.

use super::{arg, guard, out, text, tile, HupaiRules, HupaiStatus, HUPAI_KINDS};
use hupai::{Engine, Rules, Tables, TileSet};
use std::ffi::c_char;
use std::mem::ManuallyDrop;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// An engine: rules, wild kinds and tables, resolved once. Opaque to C.
pub struct HupaiEngine {
    /// Borrows `tables` when the handle loaded a set; dropped before it ([`Drop`]).
    pub(crate) engine: ManuallyDrop<Engine<'static>>,
    pub(crate) wild: TileSet,
    /// A table set loaded from a directory (`Box::into_raw`), owned by the handle; null for
    /// the compiled-in tables.
    pub(crate) tables: *mut Tables,
}

impl Drop for HupaiEngine {
    fn drop(&mut self) {
        // SAFETY: `engine` is dropped once, here, and not used after.
        unsafe { ManuallyDrop::drop(&mut self.engine) };
        if !self.tables.is_null() {
            // SAFETY: `tables` came from `Box::into_raw` in `hupai_engine_new`, is freed only
            // here, and nothing borrows it any more (the engine is gone).
            drop(unsafe { Box::from_raw(self.tables) });
        }
    }
}

/// Makes an engine: `preset` is one of the seven presets (`"riichi"`, `"chinese"`,
/// `"nanchang"`, `"sichuan"`, `"hongzhong"`, `"changsha"`, `"guobiao"`); `wild` the wild kinds
/// as a mask (0 for none; see [`hupai_nanchang_wilds`] for a Nanchang indicator);
/// `tables_dir` a table set written by `hupai tables generate`, or null for the compiled-in
/// tables. On success `*engine` is a handle to free with [`hupai_engine_free`]; it may be
/// shared by any number of threads.
///
/// # Safety
/// `preset` is a NUL-terminated string; `tables_dir` is null or one; `engine` points to
/// writable memory for one pointer.
#[no_mangle]
pub unsafe extern "C" fn hupai_engine_new(
    preset: *const c_char,
    wild: u64,
    tables_dir: *const c_char,
    engine: *mut *mut HupaiEngine,
) -> HupaiStatus {
    guard(|| {
        // SAFETY: the pointers as documented.
        let (preset, slot) = unsafe { (text(preset)?, out(engine)?) };
        *slot = std::ptr::null_mut();
        let rules = Rules::preset(preset).map_err(|_| HupaiStatus::BadText)?;
        // SAFETY: as documented.
        *slot = unsafe { make_engine(rules, wild, tables_dir)? };
        Ok(())
    })
}

/// [`hupai_engine_new`] from rule switches instead of a preset name.
///
/// # Safety
/// `rules` points to a [`HupaiRules`]; the rest as [`hupai_engine_new`].
#[no_mangle]
pub unsafe extern "C" fn hupai_engine_new_with_rules(
    rules: *const HupaiRules,
    wild: u64,
    tables_dir: *const c_char,
    engine: *mut *mut HupaiEngine,
) -> HupaiStatus {
    guard(|| {
        // SAFETY: the pointers as documented.
        let (rules, slot) = unsafe { (arg(rules)?, out(engine)?) };
        *slot = std::ptr::null_mut();
        // SAFETY: as documented.
        *slot = unsafe { make_engine(rules.to_rules()?, wild, tables_dir)? };
        Ok(())
    })
}

/// The switches of a preset (any of the seven, as [`hupai_engine_new`]), into `*rules`.
///
/// # Safety
/// `preset` is a NUL-terminated string; `rules` points to a writable [`HupaiRules`].
#[no_mangle]
pub unsafe extern "C" fn hupai_rules_preset(
    preset: *const c_char,
    rules: *mut HupaiRules,
) -> HupaiStatus {
    guard(|| {
        // SAFETY: the pointers as documented.
        let (preset, rules) = unsafe { (text(preset)?, out(rules)?) };
        *rules = HupaiRules::from_rules(&Rules::preset(preset).map_err(|_| HupaiStatus::BadText)?);
        Ok(())
    })
}

/// The engine of `rules`, `wild` and a table set (null: the compiled-in tables), boxed for C.
///
/// # Safety
/// `tables_dir` is null or a NUL-terminated string.
unsafe fn make_engine(
    rules: Rules,
    wild: u64,
    tables_dir: *const c_char,
) -> Result<*mut HupaiEngine, HupaiStatus> {
    // Bits past the 34 kinds, or a wild kind the rules leave out of play (5z under sichuan).
    if wild >> HUPAI_KINDS != 0 || wild & !rules.in_play().0 != 0 {
        return Err(HupaiStatus::BadArgument);
    }
    let handle = if tables_dir.is_null() {
        HupaiEngine {
            engine: ManuallyDrop::new(Engine::new(rules)),
            wild: TileSet(wild),
            tables: std::ptr::null_mut(),
        }
    } else {
        // SAFETY: non-null and NUL-terminated by the caller's contract.
        let dir = unsafe { text(tables_dir)? };
        let loaded = Tables::load(std::path::Path::new(dir)).map_err(|_| HupaiStatus::Tables)?;
        let tables = Box::into_raw(Box::new(loaded));
        // SAFETY: `tables` is a live heap allocation that the handle owns until its drop,
        // which drops the engine first; nothing mutates or frees it before.
        let engine = match Engine::with_tables(unsafe { &*tables }, rules) {
            Ok(engine) => engine,
            Err(_) => {
                // SAFETY: from `Box::into_raw` above, not borrowed any more.
                drop(unsafe { Box::from_raw(tables) });
                return Err(HupaiStatus::Tables);
            }
        };
        HupaiEngine {
            engine: ManuallyDrop::new(engine),
            wild: TileSet(wild),
            tables,
        }
    };
    Ok(Box::into_raw(Box::new(handle)))
}

/// Frees an engine made by [`hupai_engine_new`] (null is ignored). No call may use it after.
///
/// # Safety
/// `engine` is null or a handle from [`hupai_engine_new`] not freed before.
#[no_mangle]
pub unsafe extern "C" fn hupai_engine_free(engine: *mut HupaiEngine) {
    if !engine.is_null() {
        let _ = catch_unwind(AssertUnwindSafe(|| {
            // SAFETY: a handle from `hupai_engine_new` (`Box::into_raw`), freed once.
            drop(unsafe { Box::from_raw(engine) })
        }));
    }
}

/// The two wild kinds of a Nanchang indicator tile (精): its kind and the next one in the
/// cycle (9 → 1 within a suit, winds 1z..4z, dragons 5z → 7z → 6z → 5z), as a mask for
/// [`hupai_engine_new`]; 0 for an index out of range.
#[no_mangle]
pub extern "C" fn hupai_nanchang_wilds(indicator: u8) -> u64 {
    match tile(indicator) {
        Ok(t) => {
            let (a, b) = hupai::nanchang_wilds(t);
            1 << a.index() | 1 << b.index()
        }
        Err(_) => 0,
    }
}
