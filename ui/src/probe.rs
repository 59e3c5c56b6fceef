//! The test probe: with `BERLIN_TABLE_PROBE=FILE` in the environment, the table keeps writing
//! where every labelled element is ("label<TAB>x<TAB>y<TAB>width<TAB>height", window
//! coordinates after the seat's turn, any renderer) so a script can click them with xdotool
//! (`scripts/xvfb-screens.sh`). Off unless the variable is set. While a file `FILE.pause`
//! exists the probe writes nothing: listing every element costs about 1.7 ms of the UI
//! thread, which a benchmark timing frames from outside would count against the table.

use crate::{turn, AppWindow, View};
use i_slint_backend_testing::ElementRoot;
use slint::{ComponentHandle, Timer, TimerMode};
use std::time::Duration;

/// Starts the probe if `BERLIN_TABLE_PROBE` names a file.
pub fn start(window: &AppWindow) -> Option<Timer> {
    let path = std::env::var("BERLIN_TABLE_PROBE")
        .ok()
        .filter(|p| !p.is_empty())?;
    let weak = window.as_weak();
    let timer = Timer::default();
    let pause = format!("{path}.pause");
    timer.start(TimerMode::Repeated, Duration::from_millis(300), move || {
        let Some(w) = weak.upgrade() else { return };
        if std::path::Path::new(&pause).exists() {
            return;
        }
        // The software renderer's window turns the whole window (element positions are the
        // window's); FemtoVG's `.slint` turn is followed by Slint's own positions.
        let window_turn = crate::turning::edge().map(|edge| {
            let size = w.window().size().to_logical(w.window().scale_factor());
            (edge, (size.width, size.height))
        });
        let slint_turn = turn::edge_of_clockwise_degrees(w.global::<View>().get_turn_degrees());
        let mut out = String::new();
        let all = w
            .root_element()
            .query_descendants()
            .match_predicate(|e| e.accessible_label().is_some_and(|l| !l.is_empty()))
            .find_all();
        for e in all {
            let (p, s) = (e.absolute_position(), e.size());
            if s.width <= 0.0 || s.height <= 0.0 {
                continue;
            }
            let (x, y, width, height) = match window_turn {
                Some((edge, window)) => {
                    turn::window_rect_to_screen(edge, (p.x, p.y, s.width, s.height), window)
                }
                None => turn::slint_turned_rect(slint_turn, (p.x, p.y), (s.width, s.height)),
            };
            let label = e
                .accessible_label()
                .unwrap_or_default()
                .replace(['\t', '\n'], " ");
            out.push_str(&format!(
                "{label}\t{x:.0}\t{y:.0}\t{width:.0}\t{height:.0}\n"
            ));
        }
        let tmp = format!("{path}.tmp");
        if std::fs::write(&tmp, out).is_ok() {
            let _ = std::fs::rename(&tmp, &path);
        }
    });
    Some(timer)
}
