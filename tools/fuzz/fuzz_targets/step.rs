//! Fuzz target `step`: [`stros_tools::fuzz::step`], with allocation inside the core aborting.
#![no_main]

use libfuzzer_sys::fuzz_target;
use stros_tools::fuzz::NoAlloc;

#[global_allocator]
static ALLOCATOR: NoAlloc = NoAlloc;

fuzz_target!(|data: &[u8]| {
    stros_tools::fuzz::step(data);
});
