//! The rest of the monkey's gestures: any button, random taps, pans, zooms, long presses, keys, GPIO, overlays, leaving and resuming.

use super::*;

impl Monkey<'_> {
    /// Taps any enabled button on screen.
    pub(super) fn any_button(&mut self, w: &AppWindow) -> String {
        self.count("any button");
        let seen: Vec<Seen> = scan(w)
            .into_iter()
            .filter(|s| s.button && s.enabled && s.label != "menu")
            .collect();
        match seen.choose(&mut self.rng) {
            Some(s) => {
                let s = s.clone();
                self.tap_point(w, s.centre());
                format!("tap '{}'", s.label)
            }
            None => "no button on screen".into(),
        }
    }

    /// Anything at all: random points, drags, long presses, keys, GPIO buttons, undo, the
    /// log, the rules, the tracks, the menu, zoom, a traced path.
    pub(super) fn noise(&mut self, t: &Table) -> String {
        let w = t.window();
        let v = w.global::<View>();
        self.count("noise");
        self.plan.clear();
        match self.rng.gen_range(0..100) {
            0..=17 => {
                let p = self.random_point(w);
                self.tap_point(w, p);
                format!("tap at {p:?}")
            }
            18..=21 => {
                let from = self.random_point(w);
                let to = self.random_point(w);
                self.drag(w, from, to, 8);
                format!("drag {from:?} -> {to:?}")
            }
            22..=29 => {
                let (x, y, mw, mh) = map_rect(w);
                let from = (
                    x + self.rng.gen_range(0.1..0.9) * mw,
                    y + self.rng.gen_range(0.1..0.9) * mh,
                );
                let to = (
                    from.0 + self.rng.gen_range(-300.0..300.0),
                    from.1 + self.rng.gen_range(-300.0..300.0),
                );
                self.drag(w, from, to, 10);
                format!("drag the map {from:?} -> {to:?}")
            }
            30..=37 => {
                let seen = scan(w);
                let p = match seen.choose(&mut self.rng) {
                    Some(s) if self.rng.gen_bool(0.7) => s.centre(),
                    _ => self.random_point(w),
                };
                let ms = self.rng.gen_range(500..1800);
                self.long_press(w, p, ms);
                format!("long press {ms} ms at {p:?}")
            }
            38..=43 => {
                let (x, y, mw, mh) = map_rect(w);
                let p = (
                    x + self.rng.gen_range(0.1..0.9) * mw,
                    y + self.rng.gen_range(0.1..0.9) * mh,
                );
                self.clock.wait(APART_MS);
                self.tap_point(w, p);
                self.tap_point(w, p);
                format!("double tap at {p:?}")
            }
            44..=53 => {
                let k = *KEYS.choose(&mut self.rng).unwrap_or(&"r");
                self.key(w, k);
                format!("key {k:?}")
            }
            54..=63 => {
                let b = match self.rng.gen_range(0..5) {
                    0 => Button::DiceTower,
                    1 => Button::ChitCup,
                    2 => Button::DieFace(self.rng.gen_range(0..=11)),
                    3 => Button::Confirm,
                    _ => Button::Undo,
                };
                self.gpio(t, b);
                format!("GPIO {b:?}")
            }
            64..=70 => {
                match self.rng.gen_range(0..3) {
                    0 => self.tap_label(w, "Undo"),
                    1 => {
                        self.gpio(t, Button::Undo);
                        true
                    }
                    _ => {
                        self.key(w, "u");
                        true
                    }
                };
                "undo".into()
            }
            71..=76 => {
                self.tap_label(w, "event log");
                "event log".into()
            }
            77..=82 => {
                let chips: Vec<Seen> = scan(w)
                    .into_iter()
                    .filter(|s| s.button && s.label.starts_with("rule "))
                    .collect();
                match chips.choose(&mut self.rng) {
                    Some(c) => {
                        let c = c.clone();
                        self.tap_point(w, c.centre());
                        format!("tap '{}'", c.label)
                    }
                    None => "no rule chip".into(),
                }
            }
            83..=85 => {
                match label_starting(w, "Turn ") {
                    Some(l) => {
                        self.tap_label(w, &l);
                    }
                    None => {
                        self.tap_label(w, "menu");
                    }
                }
                "tracks".into()
            }
            86..=88 => {
                self.tap_label(w, "menu");
                "menu".into()
            }
            89..=93 => {
                let z = ["zoom in", "zoom out", "whole map"]
                    .choose(&mut self.rng)
                    .copied()
                    .unwrap_or("zoom in");
                self.tap_label(w, z);
                z.into()
            }
            _ => {
                // A random walk traced from the selected unit.
                if !v.get_trace_armed() {
                    self.tap_label(w, "Next unit");
                    return "Next unit".into();
                }
                let walk = t.with_session(|s| {
                    let s = s?;
                    let g = s.game();
                    let geo = &g.data.map.geometry;
                    let u = UnitId(u16::try_from(v.get_selected_unit()).ok()?);
                    let mut at = g.hex_of(u)?;
                    let mut walk = Vec::new();
                    for _ in 0..self.rng.gen_range(1..5) {
                        let next: Vec<HexId> = geo.neighbours(at).map(|(_, n)| n).collect();
                        at = *next.choose(&mut self.rng)?;
                        walk.push(at);
                    }
                    Some(walk)
                });
                match walk {
                    Some(walk) => {
                        self.trace(t, &walk);
                        format!("trace {} hexes", walk.len())
                    }
                    None => "no walk".into(),
                }
            }
        }
    }

    // ---- gestures ----------------------------------------------------------------------------
}
