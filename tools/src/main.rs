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
    stros-tools help
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("gen-tables") => gen_tables_cmd(&args[1..]),
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
