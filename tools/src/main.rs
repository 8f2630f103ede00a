//! `stros-tools`: generators and inspectors for Stros. Run `stros-tools help`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{CommandFactory as _, Parser, Subcommand};
use stros_tools::cli_docs::{self, Program};
use stros_tools::gen_tables;

/// stros-tools — command-line tools for Stros
#[derive(Parser)]
#[command(name = "stros-tools", version)]
struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Write core/src/tables/{rotation,octant}_data.rs (the rotation and first-octant
    /// tables the original builds at start-up)
    GenTables {
        /// Only compare; exit 1 when a file differs
        #[arg(long)]
        check: bool,
        /// The workspace root
        #[arg(long, value_name = "DIR")]
        root: Option<PathBuf>,
    },
    /// Write the embedded default world (WLD, RGM, ROB, 3DC models, COL, TEXBSI banks, SFX)
    /// into core/data/world, or DIR
    GenWorld {
        /// Only compare; exit 1 when a file differs
        #[arg(long)]
        check: bool,
        /// Where to write
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
    },
    /// Write the embedded island in a Redguard install's layout (maps/, fxart/, sound/,
    /// SYSTEM.INI, KEYS.INI, surface.ini) as map ISLAND, for --data
    GenInstall {
        /// The install directory
        dir: PathBuf,
        /// Write an install shaped like the retail game's instead: WORLD.INI with the 29
        /// worlds of the shipped catalog, their 27 maps (ISLAND at the real one's counts),
        /// four terrains and nine palettes
        #[arg(long)]
        retail: bool,
    },
    /// Write a scenario that replaces the embedded map's WLD with a flat one given by a
    /// path relative to the scenario (DIR/override.toml, DIR/terrain/flat.wld)
    GenOverrideScenario {
        /// Where to write
        dir: PathBuf,
    },
    /// Print an RGM, WLD, 3D/3DC, ROB, COL, TEXBSI.nnn, SFX, PVO or INI file as JSON. A damaged
    /// file gives one line naming the file, the format and the byte offset, and exit code 2
    Inspect {
        /// The file
        file: PathBuf,
        /// For an RGM: print what the map needs of every table a build sizes (actors,
        /// placements, models, sets, frame_models, locals, banks, walk_nodes) and what the
        /// desktop and small presets hold, as JSON. The map's other files are looked up under
        /// the RGM's directory (under its parent when that directory is an install's MAPS).
        /// For an install's directory: every map's needs, and whether the desktop holds them all
        #[arg(long)]
        needs: bool,
    },
    /// Benchmarks (build with --release)
    #[command(subcommand)]
    Bench(Bench),
    /// Run a scenario (or a frontend's --record file) headless and print one JSON object per
    /// update: timing, the player's position, heading, phase, animation, surface, support
    /// and forward probe, and the update's events
    Replay {
        /// The scenario; its paths resolve against its own directory
        scenario: PathBuf,
        /// Print only digests, as frontend-mcu does: `trace fnv1a64 <hex>` over the bytes
        /// the trace would be, and `frame fnv1a64 <hex>` over the 64,000 palette indices of
        /// the last frame, drawn at 320x200 after every eighth update
        #[arg(long)]
        digest: bool,
    },
    /// Print a shell's completion script for one of the programs, e.g.
    /// `stros-tools completions bash > ~/.local/share/bash-completion/completions/stros`
    Completions {
        /// The shell
        shell: clap_complete::Shell,
        /// The program to complete
        #[arg(long, value_enum, default_value_t = Program::Stros)]
        program: Program,
    },
    /// Print a program's man page (roff: `stros-tools man | man -l -`), or with --out write
    /// them all: stros.1, stros-term.1, stros-tools.1 and one per stros-tools subcommand
    Man {
        /// The program (default: stros; with --out, every program)
        #[arg(long, value_enum)]
        program: Option<Program>,
        /// Where to write the pages instead
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
    },
}

#[derive(Subcommand)]
enum Bench {
    /// Sphere-vs-model queries on the embedded village's models, through Stros and through
    /// parry3d (sphere vs TriMesh of the same faces): queries per second, their ratio, and
    /// how often the hit/miss verdicts agree
    Collision {
        /// How many queries per model
        #[arg(long, default_value_t = 100_000)]
        queries: usize,
    },
    /// World::step on the embedded island, the player walking and every listed actor
    /// updating: steps per second, microseconds per step, size_of::<World>()
    Step {
        /// How many steps
        #[arg(long, default_value_t = 100_000)]
        steps: usize,
        /// Walkers added around the village for the crowd table, comma-separated
        #[arg(long, value_delimiter = ',', default_values_t = [0usize, 8, 16, 32, 64])]
        actors: Vec<usize>,
        /// Updates per crowd size
        #[arg(long, default_value_t = 5_000)]
        crowd_steps: usize,
        /// An install whose world steps beside the island (from marker 0, Cyrus running in
        /// a circle)
        #[arg(long, value_name = "DIR")]
        data: Option<PathBuf>,
        /// Its WORLD.INI world
        #[arg(long, default_value_t = 1)]
        world: u16,
    },
    /// One world of an install (the retail-shaped one `gen-install --retail` writes, or the
    /// game's): load time, World::step per second and Session::draw per second
    Install {
        /// The install
        dir: PathBuf,
        /// Its WORLD.INI world
        #[arg(long, default_value_t = 1)]
        world: u16,
        /// How many steps
        #[arg(long, default_value_t = 5_000)]
        steps: usize,
        /// How many frames per size
        #[arg(long, default_value_t = 100)]
        frames: usize,
    },
    /// Session::draw on the embedded island from the follow camera at markers 0, 2, 3 and 5
    /// and from over the sea, at 320x200 and 640x400: frames per second on one thread
    Render {
        /// How many frames per spot
        #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..))]
        frames: u64,
        /// An install whose world is drawn beside the island, from every marker of its map
        #[arg(long, value_name = "DIR")]
        data: Option<PathBuf>,
        /// Its WORLD.INI world
        #[arg(long, default_value_t = 1)]
        world: u16,
    },
}

/// Prints `text` and a newline to stdout; a closed pipe (`| head`) ends the output quietly.
fn out(text: &str) {
    use std::io::Write as _;
    let _ = writeln!(std::io::stdout().lock(), "{text}");
}

/// Writes `bytes` to stdout; a closed pipe ends the output quietly.
fn write_stdout(bytes: &[u8]) {
    use std::io::Write as _;
    let _ = std::io::stdout().lock().write_all(bytes);
}

fn main() -> ExitCode {
    let args = Args::parse();
    stros_host::logging::init("stros-tools");
    let result = match args.command {
        Command::GenTables { check, root } => {
            let root = root.unwrap_or_else(gen_tables::workspace_root);
            let files = gen_tables::table_paths(&root).into_iter().map(|(p, t)| (p, t.into_bytes()));
            regenerate("gen-tables", files.collect(), check, false)
        }
        Command::GenWorld { check, out } => {
            let out = out.unwrap_or_else(stros_tools::world::build::data_dir);
            if !check && let Err(e) = std::fs::create_dir_all(&out) {
                return fail("gen-world", format!("cannot create {}: {e}", out.display()));
            }
            let files = stros_tools::world::build::files().into_iter().map(|f| (out.join(&f.name), f.bytes));
            regenerate("gen-world", files.collect(), check, true)
        }
        Command::GenInstall { dir, retail: true } => match stros_tools::world::retail::write(&dir) {
            Ok(()) => {
                let n = stros_tools::world::retail::maps::MAPS.len();
                println!("wrote a retail-shaped install of {n} maps under {}", dir.display());
                Ok(())
            }
            Err(e) => Err(("gen-install", e)),
        },
        Command::GenInstall { dir, retail: false } => match stros_tools::world::install::write(&dir) {
            Ok(()) => {
                let map = stros_tools::world::install::INSTALL_MAP;
                println!("wrote an install of map {map} under {}", dir.display());
                Ok(())
            }
            Err(e) => Err(("gen-install", e.to_string())),
        },
        Command::GenOverrideScenario { dir } => match stros_tools::world::override_scenario::write(&dir) {
            Ok(path) => {
                println!("wrote {}", path.display());
                Ok(())
            }
            Err(e) => Err(("gen-override-scenario", format!("{}: {e}", dir.display()))),
        },
        Command::Inspect { file, needs: false } => inspect(&file),
        Command::Inspect { file, needs: true } => stros_tools::needs::command(&file)
            .map(|json| out(&serde_json::to_string_pretty(&json).unwrap_or_default()))
            .map_err(|e| ("inspect", e)),
        Command::Bench(b) => {
            let report = match b {
                Bench::Collision { queries } => {
                    let path = stros_tools::world::build::data_dir().join("HARBOUR.ROB");
                    std::fs::read(&path)
                        .map_err(|e| format!("{}: {e}", path.display()))
                        .and_then(|bytes| stros_tools::bench::collision(&bytes, queries))
                }
                Bench::Step { steps, actors, crowd_steps, data, world } => stros_tools::bench::step(steps)
                    .and_then(|s| Ok(s + &stros_tools::bench::crowd(&actors, crowd_steps)?))
                    .and_then(|s| match data {
                        Some(dir) => Ok(s + &stros_tools::bench::install_step(&dir, world, steps)?),
                        None => Ok(s),
                    }),
                Bench::Render { frames, data, world } => stros_tools::bench::render(frames as usize)
                    .and_then(|s| match data {
                        Some(dir) => {
                            Ok(s + &stros_tools::bench::install_render(&dir, world, frames as usize)?)
                        }
                        None => Ok(s),
                    }),
                Bench::Install { dir, world, steps, frames } => {
                    stros_tools::bench::install(&dir, world, steps, frames)
                }
            };
            report.map(|r| print!("{r}")).map_err(|e| ("bench", e))
        }
        Command::Replay { scenario, digest: true } => match stros_tools::replay::digest(&scenario) {
            Ok(d) => {
                println!("{d}");
                Ok(())
            }
            Err(e) => return fail("replay", e.to_string()),
        },
        Command::Replay { scenario, digest: false } => match stros_tools::replay::command(&scenario) {
            Ok(trace) => {
                use std::io::Write as _;
                return if std::io::stdout().lock().write_all(trace.as_bytes()).is_ok() {
                    ExitCode::SUCCESS
                } else {
                    ExitCode::from(1)
                };
            }
            Err(e) => Err(("replay", e.to_string())),
        },
        Command::Completions { shell, program } => {
            let script = cli_docs::completions(shell, program.command(&Args::command()));
            write_stdout(&script);
            Ok(())
        }
        Command::Man { program, out: None } => {
            let command = program.unwrap_or(Program::Stros).command(&Args::command());
            write_stdout(&cli_docs::man_page(command));
            Ok(())
        }
        Command::Man { program, out: Some(dir) } => man_pages(program, &dir),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err((command, message)) => fail(command, message),
    }
}

fn fail(command: &str, message: String) -> ExitCode {
    eprintln!("stros-tools {command}: {message}");
    ExitCode::from(2)
}

/// Writes each generated file that differs (or, with `check`, only reports it: exit 1 when
/// any differs). `sizes` adds each file's length to the report.
fn regenerate(
    command: &'static str,
    files: Vec<(PathBuf, Vec<u8>)>,
    check: bool,
    sizes: bool,
) -> Result<(), (&'static str, String)> {
    let mut stale = false;
    for (path, bytes) in files {
        let size = if sizes { format!(" ({} bytes)", bytes.len()) } else { String::new() };
        if std::fs::read(&path).unwrap_or_default() == bytes {
            println!("up to date: {}{size}", path.display());
        } else if check {
            println!("differs:    {}", path.display());
            stale = true;
        } else if let Err(e) = std::fs::write(&path, &bytes) {
            return Err((command, format!("cannot write {}: {e}", path.display())));
        } else {
            println!("wrote:      {}{size}", path.display());
        }
    }
    if stale {
        std::process::exit(1);
    }
    Ok(())
}

/// Writes the man pages of `program` (every program's when `None`) into `dir`.
fn man_pages(program: Option<Program>, dir: &Path) -> Result<(), (&'static str, String)> {
    let fail = |e: std::io::Error| ("man", format!("{}: {e}", dir.display()));
    std::fs::create_dir_all(dir).map_err(fail)?;
    let programs = program.map_or(Program::ALL.to_vec(), |p| vec![p]);
    for p in programs {
        for path in cli_docs::write_man_pages(p.command(&Args::command()), dir).map_err(fail)? {
            println!("wrote {}", path.display());
        }
    }
    Ok(())
}

fn inspect(path: &Path) -> Result<(), (&'static str, String)> {
    use stros_tools::exercise::{ExerciseError, Kind};
    let shown = path.display();
    let kind = Kind::for_name(&path.to_string_lossy()).ok_or_else(|| {
        let expected = "expected .RGM .WLD .3D .3DC .ROB .COL .SFX .PVO .INI or TEXBSI.nnn";
        ("inspect", format!("{shown}: unknown file type ({expected})"))
    })?;
    let data = std::fs::read(path).map_err(|e| ("inspect", format!("{shown}: {e}")))?;
    match stros_tools::inspect::inspect(kind, &data) {
        Ok(json) => {
            out(&serde_json::to_string_pretty(&json).unwrap_or_default());
            Ok(())
        }
        Err(ExerciseError::Format(e)) => Err(("inspect", format!("{shown}: {e}"))),
        Err(ExerciseError::Ini(line)) => Err(("inspect", format!("{shown}: INI: malformed at line {line}"))),
    }
}
