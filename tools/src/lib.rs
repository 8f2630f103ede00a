//! Library half of `stros-tools`: the generators, so tests can check that the committed
//! output is exactly what the generators write.

pub mod gen_tables;
