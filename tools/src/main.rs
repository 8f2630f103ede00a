//! `stros-tools`: generators and inspectors for Stros. Run `stros-tools help`.

use std::process::ExitCode;

use stros_tools::gen_tables;

const USAGE: &str = "\
stros-tools — command-line tools for Stros

USAGE:
    stros-tools gen-tables [--check] [--root DIR]
        Write core/src/tables/{rotation,octant}_data.rs (the rotation and
        first-octant tables the original builds at start-up). --check only
        compares and exits 1 when a file differs.
    stros-tools gen-world [--check] [--out DIR]
        Write the embedded default world (WLD, RGM, ROB, 3DC models, COL,
        TEXBSI banks, SFX) into core/data/world, or DIR. --check only compares.
    stros-tools gen-install DIR
        Write the embedded island in a Redguard install's layout (maps/, fxart/,
        sound/, SYSTEM.INI, KEYS.INI, surface.ini) as map ISLAND, for --data.
    stros-tools inspect FILE
        Print an RGM, WLD, 3D/3DC, ROB, COL, TEXBSI.nnn, SFX or INI file as JSON.
        A damaged file gives one line naming the file, the format and the byte
        offset, and exit code 2.
    stros-tools bench collision [--queries N]
        Sphere-vs-model queries on the embedded village's models, through Stros
        and through parry3d (sphere vs TriMesh of the same faces): queries per
        second, their ratio, and how often the hit/miss verdicts agree.
    stros-tools bench step [--steps N]
        World::step on the embedded island, the player walking and every listed
        actor updating: steps per second, microseconds per step, size_of::<World>().
    stros-tools bench render [--frames N]
        Session::draw on the embedded island from the follow camera at markers 0,
        2, 3 and 5 and from over the sea, at 320x200 and 640x400: frames per
        second on one thread (build with --release).
    stros-tools replay SCENARIO
        Run a scenario (or a frontend's --record file) headless and print one JSON
        object per update: timing, the player's position, heading, phase, animation,
        surface, support and forward probe, and the update's events.
    stros-tools help
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("gen-tables") => gen_tables_cmd(&args[1..]),
        Some("gen-world") => gen_world_cmd(&args[1..]),
        Some("gen-install") => match &args[1..] {
            [dir] => match stros_tools::world::install::write(std::path::Path::new(dir)) {
                Ok(()) => {
                    println!(
                        "wrote an install of map {} under {dir}",
                        stros_tools::world::install::INSTALL_MAP
                    );
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("stros-tools gen-install: {e}");
                    ExitCode::from(2)
                }
            },
            _ => {
                eprintln!("stros-tools gen-install: give one directory");
                ExitCode::from(2)
            }
        },
        Some("inspect") => inspect_cmd(&args[1..]),
        Some("bench") => bench_cmd(&args[1..]),
        Some("replay") => replay_cmd(&args[1..]),
        Some("help") | Some("--help") | Some("-h") | None => {
            print!("{USAGE}");
            ExitCode::SUCCESS
        }
        Some(other) => {
            eprintln!("stros-tools: unknown command `{other}`\n\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn gen_tables_cmd(args: &[String]) -> ExitCode {
    let mut check = false;
    let mut root = gen_tables::workspace_root();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--check" => check = true,
            "--root" => match it.next() {
                Some(dir) => root = dir.into(),
                None => {
                    eprintln!("stros-tools gen-tables: --root needs a directory");
                    return ExitCode::from(2);
                }
            },
            other => {
                eprintln!("stros-tools gen-tables: unknown option `{other}`");
                return ExitCode::from(2);
            }
        }
    }
    let mut stale = false;
    for (path, text) in gen_tables::table_paths(&root) {
        let current = std::fs::read_to_string(&path).unwrap_or_default();
        if current == text {
            println!("up to date: {}", path.display());
        } else if check {
            println!("differs:    {}", path.display());
            stale = true;
        } else if let Err(e) = std::fs::write(&path, &text) {
            eprintln!("stros-tools gen-tables: cannot write {}: {e}", path.display());
            return ExitCode::from(2);
        } else {
            println!("wrote:      {}", path.display());
        }
    }
    if stale { ExitCode::from(1) } else { ExitCode::SUCCESS }
}

fn gen_world_cmd(args: &[String]) -> ExitCode {
    let mut check = false;
    let mut out = stros_tools::world::build::data_dir();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--check" => check = true,
            "--out" => match it.next() {
                Some(dir) => out = dir.into(),
                None => {
                    eprintln!("stros-tools gen-world: --out needs a directory");
                    return ExitCode::from(2);
                }
            },
            other => {
                eprintln!("stros-tools gen-world: unknown option `{other}`");
                return ExitCode::from(2);
            }
        }
    }
    if !check && let Err(e) = std::fs::create_dir_all(&out) {
        eprintln!("stros-tools gen-world: cannot create {}: {e}", out.display());
        return ExitCode::from(2);
    }
    let mut stale = false;
    for f in stros_tools::world::build::files() {
        let path = out.join(&f.name);
        let current = std::fs::read(&path).unwrap_or_default();
        if current == f.bytes {
            println!("up to date: {} ({} bytes)", path.display(), f.bytes.len());
        } else if check {
            println!("differs:    {}", path.display());
            stale = true;
        } else if let Err(e) = std::fs::write(&path, &f.bytes) {
            eprintln!("stros-tools gen-world: cannot write {}: {e}", path.display());
            return ExitCode::from(2);
        } else {
            println!("wrote:      {} ({} bytes)", path.display(), f.bytes.len());
        }
    }
    if stale { ExitCode::from(1) } else { ExitCode::SUCCESS }
}

fn inspect_cmd(args: &[String]) -> ExitCode {
    use stros_tools::exercise::{ExerciseError, Kind};
    let [path] = args else {
        eprintln!("stros-tools inspect: give one file");
        return ExitCode::from(2);
    };
    let Some(kind) = Kind::for_name(path) else {
        eprintln!(
            "stros-tools inspect: {path}: unknown file type (expected .RGM .WLD .3D .3DC .ROB .COL .SFX .INI or TEXBSI.nnn)"
        );
        return ExitCode::from(2);
    };
    let data = match std::fs::read(path) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("stros-tools inspect: {path}: {e}");
            return ExitCode::from(2);
        }
    };
    match stros_tools::inspect::inspect(kind, &data) {
        Ok(json) => {
            println!("{}", json.pretty());
            ExitCode::SUCCESS
        }
        Err(ExerciseError::Format(e)) => {
            eprintln!("stros-tools inspect: {path}: {e}");
            ExitCode::from(2)
        }
        Err(ExerciseError::Ini(line)) => {
            eprintln!("stros-tools inspect: {path}: INI: malformed at line {line}");
            ExitCode::from(2)
        }
    }
}

fn bench_cmd(args: &[String]) -> ExitCode {
    let mut queries = 20_000usize;
    let mut steps = 100_000usize;
    let mut frames = 200usize;
    let mut it = args.iter();
    let what = it.next().map(String::as_str);
    while let Some(a) = it.next() {
        match (a.as_str(), it.next()) {
            ("--queries", Some(n)) if n.parse::<usize>().is_ok() => queries = n.parse().unwrap_or(queries),
            ("--steps", Some(n)) if n.parse::<usize>().is_ok() => steps = n.parse().unwrap_or(steps),
            ("--frames", Some(n)) if n.parse::<usize>().is_ok_and(|n| n > 0) => {
                frames = n.parse().unwrap_or(frames)
            }
            _ => {
                eprintln!("stros-tools bench: bad option `{a}`");
                return ExitCode::from(2);
            }
        }
    }
    match what {
        Some("collision") => {
            let path = stros_tools::world::build::data_dir().join("HARBOUR.ROB");
            let bytes = match std::fs::read(&path) {
                Ok(b) => b,
                Err(e) => {
                    eprintln!("stros-tools bench: {}: {e}", path.display());
                    return ExitCode::from(2);
                }
            };
            bench_report(stros_tools::bench::collision(&bytes, queries))
        }
        Some("step") => bench_report(stros_tools::bench::step(steps)),
        Some("render") => bench_report(stros_tools::bench::render(frames)),
        _ => {
            eprintln!("stros-tools bench: give `collision`, `step` or `render`");
            ExitCode::from(2)
        }
    }
}

/// Prints a benchmark's report, or its error with exit code 2.
fn bench_report(result: Result<String, String>) -> ExitCode {
    match result {
        Ok(report) => {
            print!("{report}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("stros-tools bench: {e}");
            ExitCode::from(2)
        }
    }
}

fn replay_cmd(args: &[String]) -> ExitCode {
    let [path] = args else {
        eprintln!("stros-tools replay: give one scenario file");
        return ExitCode::from(2);
    };
    match stros_tools::replay::command(std::path::Path::new(path)) {
        Ok(trace) => {
            use std::io::Write as _;
            let mut out = std::io::stdout().lock();
            if out.write_all(trace.as_bytes()).is_err() {
                return ExitCode::from(1);
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("stros-tools replay: {e}");
            ExitCode::from(2)
        }
    }
}
