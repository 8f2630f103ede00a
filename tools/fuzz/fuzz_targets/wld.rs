//! Fuzz target `wld`: writes inside the island's WLD layout on a reused copy
//! ([`stros_tools::fuzz::wld`]), every accessor run on what the reader accepts, allocation
//! aborting.
#![no_main]

use libfuzzer_sys::fuzz_target;
use stros_tools::fuzz::NoAlloc;

#[global_allocator]
static ALLOCATOR: NoAlloc = NoAlloc;

fuzz_target!(|data: &[u8]| {
    stros_tools::fuzz::wld(data);
});
