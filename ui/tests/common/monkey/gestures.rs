//! The gestures themselves, each through `dispatch_event`: taps, long presses, drags, keys, GPIO buttons, hexes and traced paths.

use super::*;

impl Monkey<'_> {
    pub(super) fn settle(&self) {
        self.clock.wait(SETTLE_MS);
    }

    pub(super) fn tap_point(&self, w: &AppWindow, (x, y): (f32, f32)) {
        let position = LogicalPosition::new(x, y);
        let button = PointerEventButton::Left;
        let win = w.window();
        win.dispatch_event(WindowEvent::PointerMoved { position });
        win.dispatch_event(WindowEvent::PointerPressed { position, button });
        self.clock.wait(40);
        win.dispatch_event(WindowEvent::PointerReleased { position, button });
        win.dispatch_event(WindowEvent::PointerExited);
        self.settle();
    }

    /// Taps the element with this label (the last one in screen order: the topmost); false
    /// when there is none.
    pub(super) fn tap_label(&self, w: &AppWindow, label: &str) -> bool {
        for _ in 0..6 {
            let Some(s) = scan_all(w).into_iter().rfind(|s| s.label == label) else {
                return false;
            };
            if s.inside {
                self.tap_point(w, s.centre());
                return true;
            }
            // Scrolled out of view: drag its list (the side panel, a dialog) towards it.
            let size = w.window().size().to_logical(w.window().scale_factor());
            let x = s.centre().0.clamp(4.0, size.width - 4.0);
            let (from, to) = if s.centre().1 > size.height {
                (size.height * 0.75, size.height * 0.35)
            } else {
                (size.height * 0.35, size.height * 0.75)
            };
            self.drag(w, (x, from), (x, to), 6);
        }
        false
    }

    pub(super) fn tap_last(&self, w: &AppWindow, label: &str) {
        self.tap_label(w, label);
    }

    pub(super) fn tap_primary(&self, w: &AppWindow) -> bool {
        let text = w.global::<View>().get_primary_text().to_string();
        !text.is_empty() && self.tap_label(w, &text)
    }

    pub(super) fn long_press(&self, w: &AppWindow, (x, y): (f32, f32), ms: u64) {
        let position = LogicalPosition::new(x, y);
        let button = PointerEventButton::Left;
        let win = w.window();
        win.dispatch_event(WindowEvent::PointerMoved { position });
        win.dispatch_event(WindowEvent::PointerPressed { position, button });
        let mut left = ms;
        while left > 0 {
            let step = left.min(250);
            self.clock.wait(step);
            left -= step;
        }
        win.dispatch_event(WindowEvent::PointerReleased { position, button });
        win.dispatch_event(WindowEvent::PointerExited);
        self.settle();
    }

    pub(super) fn drag(&self, w: &AppWindow, from: (f32, f32), to: (f32, f32), steps: usize) {
        self.drag_through(w, &[from, to], steps);
    }

    /// Presses at the first point, moves through the others (`steps` moves between each two),
    /// lifts at the last.
    pub(super) fn drag_through(&self, w: &AppWindow, points: &[(f32, f32)], steps: usize) {
        let Some(&first) = points.first() else { return };
        let pos = |p: (f32, f32)| LogicalPosition::new(p.0, p.1);
        let button = PointerEventButton::Left;
        let win = w.window();
        win.dispatch_event(WindowEvent::PointerMoved {
            position: pos(first),
        });
        win.dispatch_event(WindowEvent::PointerPressed {
            position: pos(first),
            button,
        });
        self.clock.wait(30);
        let mut at = first;
        for &p in &points[1..] {
            for k in 1..=steps.max(1) {
                let f = k as f32 / steps.max(1) as f32;
                let q = (at.0 + (p.0 - at.0) * f, at.1 + (p.1 - at.1) * f);
                win.dispatch_event(WindowEvent::PointerMoved { position: pos(q) });
                self.clock.wait(16);
            }
            at = p;
        }
        win.dispatch_event(WindowEvent::PointerReleased {
            position: pos(at),
            button,
        });
        win.dispatch_event(WindowEvent::PointerExited);
        self.settle();
    }

    pub(super) fn key(&self, w: &AppWindow, text: &str) {
        w.window()
            .dispatch_event(WindowEvent::KeyPressed { text: text.into() });
        w.window()
            .dispatch_event(WindowEvent::KeyReleased { text: text.into() });
        self.settle();
    }

    /// A press of one of the table's buttons, as the firmware's GPIO thread sends it.
    pub(super) fn gpio(&self, t: &Table, b: Button) {
        t.on_button(b);
        self.settle();
    }

    /// Scrolls `h` into view and taps it.
    pub(super) fn tap_hex(&self, t: &Table, h: HexId) -> bool {
        let w = t.window();
        // A refusal lies over the top of the map until tapped away.
        if w.global::<View>().get_refusal_visible() {
            if let Some(r) = label_starting(w, "refused [") {
                self.tap_label(w, &r);
            }
        }
        t.center_on_hex(h);
        self.clock.wait(APART_MS);
        match hex_point(t, w, h) {
            Some(p) => {
                self.tap_point(w, p);
                true
            }
            None => false,
        }
    }

    /// Holds the selected unit and drags it through `path`, hex by hex.
    pub(super) fn trace(&self, t: &Table, path: &[HexId]) -> bool {
        let w = t.window();
        let v = w.global::<View>();
        if !v.get_trace_armed() {
            return false;
        }
        // The selected unit in view, then its handle.
        let (fx, fy) = (v.get_trace_from_x(), v.get_trace_from_y());
        w.invoke_center_on(fx, fy);
        self.clock.wait(APART_MS);
        let Some(handle) = find(w, "trace a path from the selected unit") else {
            return false;
        };
        let (hx, hy) = handle.centre();
        let zoom = v.get_zoom();
        let mut points = vec![(hx, hy)];
        for &h in path {
            let (x, y) = t.hex_center(h);
            points.push((hx + (x - fx) * zoom, hy + (y - fy) * zoom));
        }
        self.drag_through(w, &points, 4);
        true
    }

    pub(super) fn random_point(&mut self, w: &AppWindow) -> (f32, f32) {
        let size = w.window().size().to_logical(w.window().scale_factor());
        (
            self.rng.gen_range(0.0..size.width.max(1.0)),
            self.rng.gen_range(0.0..size.height.max(1.0)),
        )
    }

    pub(super) fn close_overlays(&self, w: &AppWindow) {
        let v = w.global::<View>();
        if v.get_secret_visible() {
            self.tap_label(w, "Done");
        }
        for _ in 0..4 {
            if v.get_rules_visible()
                || v.get_log_visible()
                || v.get_tracks_visible()
                || v.get_menu_visible()
                || v.get_card_visible()
            {
                self.tap_last(w, "Close");
            }
        }
    }

    // ---- checks ------------------------------------------------------------------------------
}
