//! One replay path: a scenario's file overrides resolve against the scenario's own
//! directory, and `stros-tools replay` and the frontends' runner (`--replay`) open it
//! through the same function and give the same trace. (CI runs the three binaries on the
//! same scenario from another directory and compares their traces byte for byte.)

use std::path::PathBuf;

use stros_host::{FileArgs, Opened, RunArgs, Runner};
use stros_tools::world::override_scenario;

fn dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("stros-override-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn a_wld_override_changes_the_trace_and_every_path_replays_it_alike() {
    let d = dir("paths");
    let scenario = override_scenario::write(&d).unwrap();
    let tools = stros_tools::replay::command(&scenario).unwrap();
    assert_eq!(tools.lines().count(), 40);

    // Without the override the same walk is on the island's own terrain: the trace differs
    // (the flat map puts Cyrus at another height from the first update on).
    let plain_text =
        override_scenario::text().replace(&format!("wld = \"{}\"\n", override_scenario::WLD_PATH), "");
    let plain = stros_tools::replay::run(&plain_text, &d).unwrap();
    assert_eq!(plain.lines().count(), 40);
    assert_ne!(tools.lines().next(), plain.lines().next());

    // The frontends' path: `--replay FILE --trace FILE` through the host's runner.
    let trace = d.join("runner.jsonl");
    let files =
        FileArgs { replay: Some(scenario.clone()), trace: Some(trace.clone()), ..FileArgs::default() };
    let opened = Opened::open("test", &files).unwrap();
    let mut runner = Runner::new(opened.session().unwrap(), &files, &RunArgs::default());
    runner.run_offscreen().unwrap();
    runner.finish().unwrap();
    assert_eq!(std::fs::read_to_string(&trace).unwrap(), tools);

    // A missing override names the scenario and the file.
    std::fs::remove_file(d.join(override_scenario::WLD_PATH)).unwrap();
    let err = stros_tools::replay::command(&scenario).unwrap_err().to_string();
    assert!(err.contains("override.toml") && err.contains("flat.wld"), "{err}");
    std::fs::remove_dir_all(&d).unwrap();
}
