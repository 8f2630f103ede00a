//! The game as text, for a terminal: the HUD as lines (a terminal shows real text better
//! than the 8×8 font scaled into half blocks) and `--dump`'s picture of a frame.

use crate::{Screen, Session};
use stros_core::render::hud;

/// The text above the picture: the status line with the player's health (the candle's
/// number), then with the debug lines on the `object coord` start and current positions and
/// the camera's and the player's `World`/`Player` pose lines.
pub fn hud_lines(session: &Session<'_>) -> Vec<String> {
    let mut lines = vec![format!("{}  health {}", session.status_line(), session.health())];
    if session.debug_overlay {
        let now = session.world.selected_player().map_or([0; 3], |p| p.position);
        lines.push(hud::object_coord("start", session.start).to_string());
        lines.push(hud::object_coord("now", now).to_string());
        lines.extend(session.pose_lines().iter().map(|l| l.to_string()));
    }
    lines
}

/// The HUD lines, then the frame as `rows` lines of `cols` characters, one per 16-entry
/// palette ramp (the embedded palette's layout) so it reads as a picture: sky blank, sea
/// `~`, sand `:`, grass `"`, rock `#`, plaster `+`, …
pub fn dump(session: &Session<'_>, screen: &Screen, cols: usize, rows: usize) -> String {
    const GLYPHS: [char; 16] =
        ['@', ' ', '~', ':', '"', '#', ',', '=', 'o', '%', '&', '$', '+', '^', '#', '*'];
    let mut out: String = hud_lines(session).iter().map(|l| format!("{l}\n")).collect();
    for r in 0..rows {
        let y = (r * 2 + 1) * screen.height / (rows * 2);
        out.extend(
            (0..cols).map(|c| GLYPHS[(screen.at((c * 2 + 1) * screen.width / (cols * 2), y) >> 4) as usize]),
        );
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{FileArgs, Opened};

    #[test]
    fn a_dump_is_the_status_line_then_the_picture() {
        let opened = Opened::open("test", &FileArgs::default()).unwrap();
        let mut session = opened.session().unwrap();
        let mut screen = Screen::new(false);
        screen.draw(&session);
        let text = dump(&session, &screen, 40, 10);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 11);
        assert!(lines[0].starts_with("FPS ") && lines[0].ends_with("  health 100"), "{}", lines[0]);
        assert!(lines[1..].iter().all(|l| l.chars().count() == 40));

        session.debug_overlay = true;
        let lines = hud_lines(&session);
        assert!(lines[1].starts_with("start ") && lines[2].starts_with("now "), "{lines:?}");
    }
}
