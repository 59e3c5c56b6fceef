//! The event log.

use super::*;

impl Controller {
    pub(super) fn refresh_log(&mut self) {
        let Some(s) = self.session.as_ref() else {
            return;
        };
        let log = s.log();
        let m = &self.models.log;
        if log.len() < self.log_shown {
            // Undo: the newest lines go (the model is newest first).
            for _ in 0..(self.log_shown - log.len()).min(m.row_count()) {
                m.remove(0);
            }
        }
        for e in log.iter().skip(self.log_shown.min(log.len())) {
            // Who may read a line is the engine's answer (of the input that answered a secret
            // roll, only the roll's own lines [17.x] are private).
            let hidden = !e.visibility.is_public();
            m.insert(
                0,
                LogLine {
                    case: e.event.case.into(),
                    text: e.event.text.as_str().into(),
                    hidden,
                },
            );
        }
        self.log_shown = log.len();
    }
}
