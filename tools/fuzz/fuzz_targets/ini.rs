//! Fuzz target: the Ini reader and every accessor on whatever it accepts.
#![no_main]

use libfuzzer_sys::fuzz_target;
use stros_tools::exercise::{Kind, exercise};

fuzz_target!(|data: &[u8]| {
    let _ = exercise(Kind::Ini, data);
});
