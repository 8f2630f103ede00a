//! The fuzz targets' regression net on stable: every committed seed of every target
//! (`tools/fuzz/seeds/<target>/`) goes through the same harness function its cargo-fuzz
//! target runs ([`stros_tools::fuzz::TARGETS`]), under the allocator that aborts on any
//! allocation inside the core ([`NoAlloc`]).

use std::path::{Path, PathBuf};
use std::process::Command;

use stros_tools::fuzz::{NoAlloc, TARGETS, watched};

#[global_allocator]
static ALLOCATOR: NoAlloc = NoAlloc;

fn seeds(target: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tools/fuzz/seeds").join(target);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    files
}

/// Runs every seed of `target` on a thread with a desktop-sized stack; the most work one
/// seed reached (updates stepped, pixels drawn, 1 for a file accepted).
fn run_seeds(target: &'static str) -> usize {
    let run = TARGETS.iter().find(|(n, _)| *n == target).unwrap().1;
    let files = seeds(target);
    assert!(files.len() >= 12, "{target}: {} seeds", files.len());
    let worker = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(move || files.iter().map(|path| run(&std::fs::read(path).unwrap())).max().unwrap_or(0));
    worker.unwrap().join().unwrap()
}

macro_rules! seed_tests {
    ($($test:ident: $target:literal reaches $least:literal,)*) => {
        $(
            #[test]
            fn $test() {
                let most = run_seeds($target);
                assert!(most >= $least, "{}: the seeds reach {most}, not {}", $target, $least);
            }
        )*
        #[test]
        fn every_target_has_a_test() {
            let tested = [$($target),*];
            assert_eq!(tested.len(), TARGETS.len());
            assert!(TARGETS.iter().all(|(n, _)| tested.contains(n)));
        }
    };
}

// What the best seed of each target must reach: a hundred updates of a loaded world for
// the world targets (the scenario target replays at most 20 after loading), a frame with
// pixels for the renderer, an accepted file for the readers.
seed_tests! {
    step_seeds: "step" reaches 100,
    script_seeds: "script" reaches 100,
    anim_seeds: "anim" reaches 100,
    scenario_seeds: "scenario" reaches 21,
    render_seeds: "render" reaches 1000,
    wld_seeds: "wld" reaches 1,
    rgm_seeds: "rgm" reaches 1,
    model_seeds: "model" reaches 1,
    rob_seeds: "rob" reaches 1,
    col_seeds: "col" reaches 1,
    texbsi_seeds: "texbsi" reaches 1,
    sfx_seeds: "sfx" reaches 1,
    pvo_seeds: "pvo" reaches 1,
    ini_seeds: "ini" reaches 1,
    worldini_seeds: "worldini" reaches 1,
    bsi_seeds: "bsi" reaches 1,
    fog_seeds: "fog" reaches 1,
    rtx_seeds: "rtx" reaches 1,
    fnt_seeds: "fnt" reaches 1,
    items_seeds: "items" reaches 1,
    gxa_seeds: "gxa" reaches 1,
    save_seeds: "save" reaches 1,
}

/// Run only as the child of the next test: allocates inside `watched`.
#[test]
#[ignore = "the child process of an_allocation_inside_the_core_aborts"]
fn allocate_while_watched() {
    watched(|| std::hint::black_box(vec![1u8; 16]));
}

#[test]
fn an_allocation_inside_the_core_aborts() {
    // The guard is what makes "allocation-free under fuzzing" a checked claim: a watched
    // allocation must kill the process.
    let out = Command::new(std::env::current_exe().unwrap())
        .args(["--ignored", "--exact", "allocate_while_watched", "--test-threads", "1"])
        .output()
        .unwrap();
    assert!(!out.status.success(), "a watched allocation did not abort");
    // And the same run without the allocation passes, so the failure is the guard's.
    let ok = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "every_target_has_a_test"])
        .output()
        .unwrap();
    assert!(ok.status.success());
}
