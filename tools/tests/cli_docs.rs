//! `stros-tools completions` and `stros-tools man` as a user runs them: the scripts and
//! pages carry the options of the programs they are for.

use std::process::Command;

fn tools(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_stros-tools")).args(args).output().unwrap();
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn completions_offer_each_programs_options() {
    let bash = tools(&["completions", "bash"]);
    assert!(bash.starts_with("_stros() {"), "{}", &bash[..40]);
    assert!(bash.contains("complete -F _stros ") && bash.contains("--data") && bash.contains("--replay"));
    assert!(bash.contains("--headless") && !bash.contains("--dump"));

    let zsh = tools(&["completions", "zsh", "--program", "stros-term"]);
    assert!(zsh.starts_with("#compdef stros-term\n"));
    assert!(zsh.contains("--dump") && zsh.contains("--cols") && zsh.contains("--data"));

    let fish = tools(&["completions", "fish", "--program", "stros-tools"]);
    assert!(fish.contains("complete -c stros-tools") && fish.contains("gen-tables"));
    assert!(fish.contains("using_subcommand completions\" -l program"));
    assert!(fish.contains(r"stros-term\t'The terminal frontend'"));

    for shell in ["elvish", "powershell"] {
        assert!(tools(&["completions", shell]).contains("--replay"), "{shell}");
    }
}

#[test]
fn man_prints_a_page_and_writes_every_programs() {
    let version = env!("CARGO_PKG_VERSION");
    let page = tools(&["man"]);
    assert!(page.contains(&format!("\n.TH stros 1  \"stros {version}\" \n")), "{}", &page[..200]);
    assert!(page.contains("\\fB\\-\\-data\\fR \\fI<DIR>\\fR\nPlay a Redguard install (the GOG layout"));
    assert!(page.contains("\n.SH EXTRA\n") && page.contains("CONTROLS:"));
    let term = tools(&["man", "--program", "stros-term"]);
    assert!(term.contains("\n.TH stros-term 1 ") && term.contains("\\fB\\-\\-dump\\fR"));

    let dir = std::env::temp_dir().join(format!("stros-man-{}", std::process::id()));
    let report = tools(&["man", "--out", dir.to_str().unwrap()]);
    for name in ["stros", "stros-term", "stros-tools", "stros-tools-replay", "stros-tools-bench-render"] {
        let path = dir.join(format!("{name}.1"));
        assert!(report.contains(&format!("wrote {}\n", path.display())), "{report}");
        let page = std::fs::read_to_string(&path).unwrap();
        assert!(page.contains(&format!("\n.TH {name} 1  \"")), "{name}");
    }
    assert!(!report.contains("stros-tools-help"));
    // The subcommands' footers name the program's version.
    let render = std::fs::read_to_string(dir.join("stros-tools-bench-render.1")).unwrap();
    assert!(render.contains(&format!(".TH stros-tools-bench-render 1  \"stros-tools {version}\"")));
    std::fs::remove_dir_all(&dir).unwrap();
}
