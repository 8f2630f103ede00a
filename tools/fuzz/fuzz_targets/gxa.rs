//! Fuzz target `gxa`: the reader and every accessor on whatever it accepts, allocation
//! aborting ([`stros_tools::fuzz::reader`]).
#![no_main]

use libfuzzer_sys::fuzz_target;
use stros_tools::exercise::Kind;
use stros_tools::fuzz::NoAlloc;

#[global_allocator]
static ALLOCATOR: NoAlloc = NoAlloc;

fuzz_target!(|data: &[u8]| {
    stros_tools::fuzz::reader(Kind::Gxa, data);
});
