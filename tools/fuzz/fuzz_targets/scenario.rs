//! Fuzz target `scenario`: [`stros_tools::fuzz::scenario`], with allocation inside the core aborting.
#![no_main]

use libfuzzer_sys::fuzz_target;
use stros_tools::fuzz::NoAlloc;

#[global_allocator]
static ALLOCATOR: NoAlloc = NoAlloc;

fuzz_target!(|data: &[u8]| {
    stros_tools::fuzz::scenario(data);
});
