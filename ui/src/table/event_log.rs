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
            // Of the input that answered a secret roll, only the roll's own rule [17.x] is
            // private; what followed it (air points, the next phase) is public.
            let hidden = s.was_secret(e.input) && e.event.case.starts_with("17");
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
