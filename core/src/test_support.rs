//! Deterministic bit streams for the core's property tests: the same cases on every machine.

/// Marsaglia's xorshift32 (shifts 13, 17, 5) from `state`: each state after a step.
pub fn xorshift32(mut state: u32) -> impl Iterator<Item = u32> {
    core::iter::repeat_with(move || {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        state
    })
}

/// Marsaglia's xorshift64 (shifts 13, 7, 17) from `state`: each state after a step.
pub fn xorshift64(mut state: u64) -> impl Iterator<Item = u64> {
    core::iter::repeat_with(move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    })
}
