//! What a player's last session chose and the next one keeps: the install (`--data`), the
//! window's scale and the volume, in `settings.ini` in the platform's configuration folder
//! (`~/.config/stros` on Linux; `STROS_CONFIG_DIR` names another, as the tests do).
//!
//! Only live play reads and writes it: a run with `--replay`, `--frames`, `--headless` or
//! `--dump` is a reproduction or a script, and what it plays must follow from its command
//! line alone.

use std::path::{Path, PathBuf};

use crate::{FileArgs, RunArgs};

/// The sound's level as the player sets it: a percentage of the mix, and mute. It scales
/// what goes to the speakers only; `--audio-out` writes the mix as the game makes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Volume {
    /// 0 to 100.
    pub percent: u8,
    /// Silent whatever the percentage.
    pub muted: bool,
}

impl Default for Volume {
    fn default() -> Volume {
        Volume { percent: 100, muted: false }
    }
}

impl Volume {
    /// The level `--volume` and `--mute` ask for (100 % without `--volume`).
    pub fn of(run: &RunArgs) -> Volume {
        Volume { percent: run.volume.unwrap_or(100), muted: run.mute }
    }

    /// Ten points up (`up`) or down, within 0–100; unmutes.
    pub fn step(self, up: bool) -> Volume {
        let p = if up { self.percent.saturating_add(10).min(100) } else { self.percent.saturating_sub(10) };
        Volume { percent: p, muted: false }
    }

    /// `sample` at this level.
    pub fn apply(self, sample: i16) -> i16 {
        if self.muted { 0 } else { (i32::from(sample) * i32::from(self.percent) / 100) as i16 }
    }
}

/// The remembered choices; `None` where nothing was chosen yet.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// The install last played with `--data`.
    pub data: Option<PathBuf>,
    /// The window's scale (1, 2, 4 or 8).
    pub scale: Option<u8>,
    /// The volume.
    pub volume: Option<Volume>,
}

impl Settings {
    /// The file: `$STROS_CONFIG_DIR/settings.ini`, else the platform's folder for Stros.
    pub fn path() -> Option<PathBuf> {
        let dir = match std::env::var_os("STROS_CONFIG_DIR") {
            Some(d) => PathBuf::from(d),
            None => directories::ProjectDirs::from("", "", "stros")?.config_dir().to_path_buf(),
        };
        Some(dir.join("settings.ini"))
    }

    /// The settings in `path`; empty when it is missing or unreadable (a first run).
    pub fn load(path: &Path) -> Settings {
        std::fs::read_to_string(path).map(|t| Settings::parse(&t)).unwrap_or_default()
    }

    /// Reads `key = value` lines; unknown keys and bad values are skipped.
    pub fn parse(text: &str) -> Settings {
        let mut s = Settings::default();
        for (key, value) in text.lines().filter_map(|l| l.split_once('=')) {
            let value = value.trim();
            match key.trim() {
                "data" if !value.is_empty() => s.data = Some(PathBuf::from(value)),
                "scale" => s.scale = value.parse().ok().filter(|n| [1, 2, 4, 8].contains(n)),
                "volume" => {
                    let percent = value.parse::<u8>().ok().filter(|&p| p <= 100);
                    s.volume = percent.map(|percent| Volume { percent, ..s.volume.unwrap_or_default() });
                }
                "mute" => s.volume.get_or_insert_with(Volume::default).muted = value == "1",
                _ => {}
            }
        }
        s
    }

    /// The file's text.
    pub fn to_text(&self) -> String {
        let mut t = String::from("# Stros remembers these between sessions (see `stros --help`).\n");
        if let Some(d) = &self.data {
            t += &format!("data = {}\n", d.display());
        }
        if let Some(n) = self.scale {
            t += &format!("scale = {n}\n");
        }
        if let Some(v) = self.volume {
            t += &format!("volume = {}\nmute = {}\n", v.percent, u8::from(v.muted));
        }
        t
    }

    /// Writes the settings to `path`, making its folder.
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        std::fs::write(path, self.to_text())
    }

    /// Fills what the command line left out (`--data`, unless `--island`) and takes what it
    /// gave, for the next session.
    pub fn merge(&mut self, files: &mut FileArgs) {
        if files.island {
            self.data = None;
        } else if let Some(d) = &files.data {
            self.data = Some(std::path::absolute(d).unwrap_or_else(|_| d.clone()));
        } else if files.replay.is_none() {
            files.data.clone_from(&self.data);
        }
    }
}

/// The settings a live session reads at its start and writes back at its end.
pub struct Remembered {
    /// What the next session gets.
    pub settings: Settings,
    path: PathBuf,
}

impl Remembered {
    /// For live play (`live`, and neither `--replay` nor `--frames`): the settings, merged
    /// with the command line, which wins and is remembered. `None` otherwise.
    pub fn open(files: &mut FileArgs, run: &mut RunArgs, live: bool) -> Option<Remembered> {
        if !live || files.replay.is_some() || run.frames.is_some() {
            return None;
        }
        Some(Remembered::open_at(Settings::path()?, files, run))
    }

    /// [`Remembered::open`] with the file at `path`.
    fn open_at(path: PathBuf, files: &mut FileArgs, run: &mut RunArgs) -> Remembered {
        let mut settings = Settings::load(&path);
        settings.merge(files);
        match (run.volume, settings.volume) {
            (Some(percent), _) => settings.volume = Some(Volume { percent, muted: run.mute }),
            (None, Some(v)) => {
                run.volume = Some(v.percent);
                run.mute |= v.muted;
            }
            (None, None) => {}
        }
        Remembered { settings, path }
    }

    /// The window's scale: `asked` (`--scale`, then remembered), else the remembered one,
    /// else `default`.
    pub fn scale(remembered: Option<&mut Remembered>, asked: Option<u8>, default: u8) -> u8 {
        match (remembered, asked) {
            (Some(r), Some(n)) => *r.settings.scale.insert(n),
            (Some(r), None) => r.settings.scale.unwrap_or(default),
            (None, n) => n.unwrap_or(default),
        }
    }

    /// Writes the settings with the volume the session ended at; a failure is only told.
    pub fn save(mut self, volume: Volume) {
        self.settings.volume = Some(volume);
        if let Err(e) = self.settings.save(&self.path) {
            log::warn!("settings not saved to {}: {e}", self.path.display());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_read_back_what_they_wrote() {
        let s = Settings {
            data: Some(PathBuf::from("/games/Redguard")),
            scale: Some(2),
            volume: Some(Volume { percent: 70, muted: true }),
        };
        assert_eq!(Settings::parse(&s.to_text()), s);
        assert_eq!(Settings::parse(""), Settings::default());
        let odd = Settings::parse("scale = 3\nvolume = 101\nnoise\n data =  /x \n");
        assert_eq!(odd, Settings { data: Some(PathBuf::from("/x")), scale: None, volume: None });
    }

    /// 16,384 at 70 % is 11,468.8, truncated toward zero as the integer division does;
    /// −16,384 gives −11,468.
    #[test]
    fn volume_scales_the_samples_and_steps_by_ten() {
        let v = Volume { percent: 70, muted: false };
        assert_eq!((v.apply(16_384), v.apply(-16_384), v.apply(i16::MIN)), (11_468, -11_468, -22_937));
        assert_eq!(Volume { muted: true, ..v }.apply(1000), 0);
        assert_eq!(v.step(true).step(true).step(true).percent, 100);
        assert_eq!(Volume { percent: 5, muted: true }.step(false), Volume { percent: 0, muted: false });
    }

    /// What one live session leaves, the next one starts with; a reproduction reads nothing.
    #[test]
    fn a_session_starts_with_what_the_last_one_left() {
        let path = std::env::temp_dir().join(format!("stros-settings-{}", std::process::id())).join("s.ini");
        let (mut files, mut run) = (FileArgs::default(), RunArgs::default());
        files.data = Some(PathBuf::from("/games/Redguard"));
        run.volume = Some(30);
        let mut first = Remembered::open_at(path.clone(), &mut files, &mut run);
        first.settings.scale = Some(2);
        first.save(Volume { percent: 40, muted: true });
        let (mut files, mut run) = (FileArgs::default(), RunArgs::default());
        let next = Remembered::open_at(path.clone(), &mut files, &mut run);
        assert_eq!(files.data.as_deref(), Some(Path::new("/games/Redguard")));
        assert_eq!((run.volume, run.mute, next.settings.scale), (Some(40), true, Some(2)));
        let mut run = RunArgs { frames: Some(10), ..RunArgs::default() };
        assert!(Remembered::open(&mut FileArgs::default(), &mut run, true).is_none());
        assert!(Remembered::open(&mut FileArgs::default(), &mut RunArgs::default(), false).is_none());
        std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
    }

    #[test]
    fn the_command_line_wins_and_is_remembered() {
        let mut s = Settings { data: Some(PathBuf::from("/old")), ..Settings::default() };
        let mut files = FileArgs::default();
        s.merge(&mut files);
        assert_eq!(files.data.as_deref(), Some(Path::new("/old")));
        let mut files = FileArgs { data: Some(PathBuf::from("/new")), ..FileArgs::default() };
        s.merge(&mut files);
        assert_eq!(s.data.as_deref(), Some(Path::new("/new")));
        let mut files = FileArgs { island: true, ..FileArgs::default() };
        s.merge(&mut files);
        assert_eq!((s.data, files.data), (None, None));
    }
}
