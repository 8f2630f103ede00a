//! Library half of `stros-tools`: the generators and writers, so tests can check that the
//! committed output is exactly what they write.

pub mod bench;
pub mod cli_docs;
pub mod exercise;
pub mod fuzz;
pub mod gen_tables;
pub mod inspect;
pub mod needs;
pub mod replay;
pub mod world;
pub mod write;
