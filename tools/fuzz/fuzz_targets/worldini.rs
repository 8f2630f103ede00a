//! Fuzz target `worldini`: the bytes as UTF-8 text through the WORLD.INI reader, then the
//! globals and every accessor of world indices 0–100 (node maps and rain spheres by number
//! up to 16 and in sequence), allocation aborting ([`stros_tools::fuzz::reader`]).
#![no_main]

use libfuzzer_sys::fuzz_target;
use stros_tools::exercise::Kind;
use stros_tools::fuzz::NoAlloc;

#[global_allocator]
static ALLOCATOR: NoAlloc = NoAlloc;

fuzz_target!(|data: &[u8]| {
    stros_tools::fuzz::reader(Kind::WorldIni, data);
});
