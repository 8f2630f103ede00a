//! Shell completions and man pages for the three programs, generated from the same clap
//! definitions that parse their command lines, so neither can fall behind `--help`.

use std::io;
use std::path::{Path, PathBuf};

use clap::{Command, CommandFactory as _};
use stros_host::cli::{TermArgs, WindowArgs};

/// A program with a command line.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Program {
    /// The window frontend
    Stros,
    /// The terminal frontend
    StrosTerm,
    /// These tools
    StrosTools,
}

impl Program {
    /// Every program, in the order their pages are written.
    pub const ALL: [Program; 3] = [Program::Stros, Program::StrosTerm, Program::StrosTools];

    /// Its command line. `tools` is stros-tools' own: that one is defined in its binary.
    pub fn command(self, tools: &Command) -> Command {
        match self {
            Program::Stros => WindowArgs::command(),
            Program::StrosTerm => TermArgs::command(),
            Program::StrosTools => tools.clone(),
        }
    }
}

/// `shell`'s completion script for `command`.
pub fn completions(shell: clap_complete::Shell, mut command: Command) -> Vec<u8> {
    let name = command.get_name().to_string();
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, name, &mut script);
    script
}

/// `command`'s man page (roff).
pub fn man_page(command: Command) -> Vec<u8> {
    let mut page = Vec::new();
    clap_mangen::Man::new(command).render(&mut page).expect("writing to a Vec does not fail");
    page
}

/// Writes `command`'s man page into `dir` and one for each of its subcommands (as
/// `program-subcommand.1`, as clap names them once built), returning their paths.
pub fn write_man_pages(command: Command, dir: &Path) -> io::Result<Vec<PathBuf>> {
    fn write(command: Command, source: &str, dir: &Path, written: &mut Vec<PathBuf>) -> io::Result<()> {
        let page = clap_mangen::Man::new(command.clone()).source(source);
        written.push(page.generate_to(dir)?);
        for sub in command.get_subcommands().filter(|s| !s.is_hide_set()) {
            write(sub.clone(), source, dir, written)?;
        }
        Ok(())
    }
    // Built, each subcommand carries its full name (`stros-tools-bench-render`); `help`
    // would only repeat the parent's page. Subcommands have no version of their own: their
    // pages' footers name the program's.
    let mut command = command.disable_help_subcommand(true);
    command.build();
    let source = format!("{} {}", command.get_name(), command.get_version().unwrap_or_default());
    let mut written = Vec::new();
    write(command, &source, dir, &mut written)?;
    Ok(written)
}
