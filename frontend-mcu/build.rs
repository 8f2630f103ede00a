//! Puts the target's memory map where cortex-m-rt's `link.x` looks for it (`memory-rp2040.x`: the
//! RP2040's for the M0+ and M4F builds, `memory-rp2350.x`: the RP2350's for the M33), and tells
//! the program how much RAM that map has.
use std::{env, fs, path::PathBuf};

fn main() {
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let target = env::var("TARGET").unwrap_or_default();
    let (map, ram_kib) =
        if target.starts_with("thumbv8m") { ("memory-rp2350.x", 520) } else { ("memory-rp2040.x", 264) };
    fs::copy(map, out.join("memory.x")).expect("the memory maps are next to build.rs");
    println!("cargo:rustc-link-search={}", out.display());
    println!("cargo:rustc-env=STROS_RAM_KIB={ram_kib}");
    for f in ["memory-rp2040.x", "memory-rp2350.x", "build.rs"] {
        println!("cargo:rerun-if-changed={f}");
    }
}
