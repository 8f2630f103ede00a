//! Stros on a Cortex-M with an RP2040's memory (2 MiB of flash, 264 KiB of RAM; the M33
//! build an RP2350's, 4 MiB and 520 KiB): the embedded island at the small capacity preset,
//! the yard walk replayed from its scenario (compiled in), a 320×200 frame drawn in bands
//! after every eighth update, and through semihosting the lines `stros-tools replay
//! tests/scenarios/yard_walk.toml --digest` prints on a desktop, then what the run used of
//! RAM and the instructions its updates and frames took ([`clock`]):
//!
//! ```text
//! trace fnv1a64 <16 hex digits>
//! frame fnv1a64 <16 hex digits>
//! ram static <bytes> stack-peak <bytes>
//! insns update mean <n> max <n>
//! insns frame mean <n> max <n>
//! ```
//!
//! `cargo run --release` (target `thumbv6m-none-eabi` by default, or `--target
//! thumbv7em-none-eabihf` or `thumbv8m.main-none-eabihf`) runs it under QEMU
//! (`.cargo/config.toml`); the exit status is 0 when the replay ran, 1 when it could not
//! start or panicked.
#![no_std]
#![no_main]

mod clock;

use core::ptr::addr_of_mut;

use cortex_m_rt::entry;
use cortex_m_semihosting::{debug, hprintln};
use stros_core::capacity::Small;
use stros_core::files::Embedded;
use stros_core::input::Bindings;
use stros_core::render::{Framebuffer, HEIGHT, WIDTH};
use stros_core::scenario::Scenario;
use stros_core::session::{Costs, Session};

/// The yard walk, as the desktop replays it.
const YARD_WALK: &str = include_str!("../../tests/scenarios/yard_walk.toml");

/// Rows per band: 16 rows of 320 `f32` depth values are 20 KiB. The M33's RAM holds a
/// whole frame's (250 KiB), so it draws each frame in one pass.
const BAND: usize = if RAM_KIB >= 520 { HEIGHT } else { 16 };

/// The RAM the target's memory map gives (`build.rs`), KiB.
const RAM_KIB: usize = kib(env!("STROS_RAM_KIB"));

/// `text` as a decimal number.
const fn kib(text: &str) -> usize {
    let (bytes, mut n, mut k) = (text.as_bytes(), 0, 0);
    while k < bytes.len() {
        n = n * 10 + (bytes[k] - b'0') as usize;
        k += 1;
    }
    n
}

/// What the stack is painted with before the run, so the deepest use can be found after.
const PAINT: u32 = 0x5354_524F; // "STRO"

/// The frame, in `.bss`.
static mut FRAME: [u8; WIDTH * HEIGHT] = [0; WIDTH * HEIGHT];
/// One band's depth, in `.bss`.
static mut DEPTH: [f32; WIDTH * BAND] = [0.0; WIDTH * BAND];

/// With the `oversized` feature: more than the RAM holds, so the link fails.
#[cfg(feature = "oversized")]
#[used]
static mut OVERSIZED: [u8; RAM_KIB * 1024 + 1] = [0; RAM_KIB * 1024 + 1];

unsafe extern "C" {
    /// Start of RAM (cortex-m-rt's `link.x`).
    static mut __sdata: u32;
    /// End of `.data`, `.bss` and `.uninit`: where the stack may grow down to.
    static mut __sheap: u32;
    /// Top of the stack (the end of RAM).
    static mut _stack_start: u32;
}

#[entry]
fn main() -> ! {
    let (bottom, top) = (addr_of_mut!(__sheap), addr_of_mut!(_stack_start));
    paint_stack(bottom);
    let status = match run() {
        Ok(costs) => {
            let ram_static = bottom as usize - addr_of_mut!(__sdata) as usize;
            hprintln!("ram static {} stack-peak {}", ram_static, stack_peak(bottom, top));
            for (name, c) in [("update", costs.update), ("frame", costs.frame)] {
                hprintln!("insns {} mean {} max {}", name, c.mean(), c.max);
            }
            #[cfg(feature = "profile")]
            clock::profile::print();
            debug::EXIT_SUCCESS
        }
        Err(message) => {
            hprintln!("stros-mcu: {}", message);
            debug::EXIT_FAILURE
        }
    };
    debug::exit(status);
    loop {
        cortex_m::asm::wfi();
    }
}

/// Replays the yard walk and prints its digests.
#[inline(never)]
fn run() -> Result<Costs, &'static str> {
    let scenario = Scenario::parse(YARD_WALK).map_err(|_| "the yard walk does not parse")?;
    // One session, filled where it lies: built by value, a replay would hold two or three
    // on the stack at once.
    let mut session = Session::<Small>::unloaded(scenario.config(), Bindings::default());
    session
        .load(
            &Embedded,
            stros_core::Choice::Map(stros_core::embedded::MAP),
            stros_core::Start::Replay(&scenario),
        )
        .map_err(|_| "the island does not load at the small preset")?;
    // SAFETY: `run` is called once, from `main`, and nothing else touches these statics;
    // these are the only references to them.
    let (frame, depth) = unsafe { (&mut *addr_of_mut!(FRAME), &mut *addr_of_mut!(DEPTH)) };
    let mut fb = Framebuffer::new(frame, WIDTH, HEIGHT).ok_or("no framebuffer")?;
    let peripherals = cortex_m::Peripherals::take().ok_or("no peripherals")?;
    let mut clock = clock::Clock::new(peripherals.SYST);
    let (digests, costs) = session.replay_measured(&mut fb, depth, BAND, &mut || clock.now());
    hprintln!("{}", digests);
    Ok(costs)
}

/// Paints the free RAM between the statics and the current stack pointer (less a margin
/// for this function's own frame) with [`PAINT`].
fn paint_stack(bottom: *mut u32) {
    let sp = cortex_m::register::msp::read() as usize - 256;
    let mut at = bottom;
    while (at as usize) < sp {
        // SAFETY: `bottom` is the end of the statics and `sp − 256` lies below the live
        // stack, so every word between is free RAM that nothing else uses yet.
        unsafe {
            at.write_volatile(PAINT);
            at = at.add(1);
        }
    }
}

/// The deepest the stack reached: from its top to the lowest word no longer painted.
fn stack_peak(bottom: *mut u32, top: *mut u32) -> usize {
    let mut at = bottom;
    // SAFETY: every word from `bottom` up to `top` is RAM this program owns.
    while at < top && unsafe { at.read_volatile() } == PAINT {
        at = unsafe { at.add(1) };
    }
    top as usize - at as usize
}

/// A fault (a stack that outgrew the RAM, say) ends the run with a message, not a hang.
#[cortex_m_rt::exception]
unsafe fn HardFault(frame: &cortex_m_rt::ExceptionFrame) -> ! {
    hprintln!("stros-mcu: hard fault at pc {:#010x}", frame.pc());
    debug::exit(debug::EXIT_FAILURE);
    loop {
        cortex_m::asm::wfi();
    }
}

#[panic_handler]
fn panic(info: &core::panic::PanicInfo) -> ! {
    hprintln!("stros-mcu: panic: {}", info);
    debug::exit(debug::EXIT_FAILURE);
    loop {
        cortex_m::asm::wfi();
    }
}
