//! What the framed table shows, redrawn from the game's frame after every input: the map's
//! stacks and shading, the phase bar, the offer panel, the dialogs, the log, the victory
//! screen; the table turns to face whoever must act.

use super::*;
use session::present::actions::{CommandReach, Then};
use session::present::{CounterFace, CounterMark, Dialog as Asked, HexMarkerKind, When};

/// How far each counter under the top one peeks out of its stack, in map pixels.
const STACK_STEP: f32 = 3.0;
/// Steps of the sequence of play shown either side of the current one on the phase bar.
const PHASE_WINDOW: usize = 1;

impl Controller {
    pub(in crate::table) fn refresh_framed<G: FramedGame>(
        &mut self,
        w: &AppWindow,
        f: &mut Framed<G>,
    ) {
        let v = w.global::<View>();
        if let Some((_, t)) = self.framed_terrain.as_mut() {
            if let Some(shown) = t.install(&self.models.tiles) {
                shown.show_overview(&v);
            }
        }
        v.set_save_warning(save_warning(f.session.save_error(), f.session.unsaved()).into());
        let pending = f.session.pending();
        let viewer = f.viewer();
        let frame = session::present::frame(f.session.game(), viewer);
        let commanding = matches!(pending, Pending::Command { .. });
        f.actions = if commanding {
            f.session.game().actions(&f.sel)
        } else {
            Vec::new()
        };
        // 3.5 (FB): the command radius of a selected HQ, or around a unit out of command.
        let reach = commanding
            .then(|| f.session.game().command_reach(&f.sel))
            .flatten();
        if f.armed.is_some_and(|i| i >= f.actions.len()) {
            f.armed = None;
        }
        self.framed_map(f, &frame, reach.as_ref());
        // 7.1 (FB): a force that may move is traced from its hex with a finger (`trace`).
        let origin = f.trace_origin().map(|h| f.layout.center(h));
        v.set_trace_armed(origin.is_some());
        if let Some((x, y)) = origin {
            v.set_trace_from_x(x);
            v.set_trace_from_y(y);
        }
        self.framed_phase_bar(w, f.session.game(), &frame);
        self.framed_panel(w, f, &frame, reach.as_ref());
        self.framed_dialogs(w, f, &frame);
        self.framed_card(w, f, &frame);
        let log = session::present::log::<G>(f.session.log(), viewer);
        sync(
            &self.models.log,
            log.into_iter().rev().map(|l| LogLine {
                case: l.case.into(),
                text: l.text.into(),
                hidden: false,
            }),
        );
        // The seat that must act (issue 12: `facing.rs`).
        let edge = f.facing(&frame);
        self.face_seat(w, edge);
        // A hand-over: the player who must act now sees his forces (unless some are in view).
        let player = pending.player();
        if player.is_some() && player != f.shown_player {
            let mine: Vec<(f32, f32)> = frame
                .counters
                .iter()
                .filter(|c| Some(c.side) == player)
                .filter_map(|c| c.hex)
                .map(|h| f.layout.center(h))
                .collect();
            let r = self.view_rect.get();
            let m = f.layout.radius;
            let in_view = |&(x, y): &(f32, f32)| {
                x >= r.x0 + m && x <= r.x1 - m && y >= r.y0 + m && y <= r.y1 - m
            };
            // Not handed over until he has forces on the map (the German's set-up, 13.0).
            if !mine.is_empty() {
                f.shown_player = player;
            }
            if !mine.iter().any(in_view) {
                if let Some(&(x, y)) = mine.first() {
                    w.invoke_center_on(x, y);
                }
            }
        }
        if matches!(pending, Pending::GameOver) && v.get_screen() == Screen::Play {
            // The result, then the points behind it by case.
            let mut text = Present::victory(f.session.game());
            if let Some(t) = text.as_mut() {
                t.rows.extend(G::score_lines(f.session.log()));
            }
            screens::show_victory(
                w,
                &self.models.victory,
                text,
                &format!("Game-Turn {}", frame.turn),
            );
            v.set_screen(Screen::Victory);
        }
        f.frame = Some(frame);
    }

    /// The counters as stacks (the top one last, so it is drawn over the rest), each force's
    /// count badge and facing, and the shading of the selection and the armed action.
    fn framed_map<G: FramedGame>(
        &self,
        f: &Framed<G>,
        frame: &Frame,
        reach: Option<&CommandReach>,
    ) {
        let layout = &f.layout;
        let geo = G::geometry(f.session.data());
        let mut rows = Vec::with_capacity(frame.counters.len());
        let mut markers = Vec::new();
        let mut i = 0;
        while i < frame.counters.len() {
            let Some(hex) = frame.counters[i].hex else {
                i += 1;
                continue;
            };
            let n = frame.counters[i..]
                .iter()
                .take_while(|c| c.hex == Some(hex))
                .count();
            let stack = &frame.counters[i..i + n];
            let (x, y) = layout.center(hex);
            for c in stack.iter().rev() {
                let d = f32::from(c.depth) * STACK_STEP;
                let mut row = counter_row(c, &f.sel.units);
                row.x = x + d;
                row.y = y - d;
                row.label = format!("unit {} in {}", c.name, geo.format(hex)).into();
                rows.push(row);
            }
            let top = &stack[0];
            if n > 1 || top.hides_more {
                let more = if top.hides_more { "+" } else { "" };
                markers.push(MarkerData {
                    x,
                    y,
                    kind: MarkerKind::Stack,
                    text: format!("{n}{more}").into(),
                });
            }
            if let Some(dir) = top.facing {
                let (fx, fy) = layout.side_middle(hex, dir);
                markers.push(MarkerData {
                    // Inside the hex, towards the side it faces.
                    x: x + (fx - x) * 0.8,
                    y: y + (fy - y) * 0.8,
                    kind: MarkerKind::Facing,
                    text: SharedString::new(),
                });
            }
            i += n;
        }
        for (k, m) in frame.hex_markers.iter().enumerate() {
            let (cx, cy) = layout.center(m.hex);
            let (x, y) = match m.toward {
                // In the part it names, against the middle of the part's hexsides.
                Some(d) => {
                    let (sx, sy) = layout.side_middle(m.hex, d);
                    (cx + (sx - cx) * 0.55, cy + (sy - cy) * 0.55)
                }
                // Low in the hex; a second marker of the same hex sits above the first.
                None => {
                    let before = frame.hex_markers[..k]
                        .iter()
                        .filter(|o| o.hex == m.hex && o.toward.is_none())
                        .count() as f32;
                    (cx, cy + layout.radius * (0.76 - 0.36 * before))
                }
            };
            markers.push(MarkerData {
                x,
                y,
                // The marker's word on the map; its full label is the game's (`HexMarker`).
                kind: match m.kind {
                    HexMarkerKind::Fire => MarkerKind::Burning,
                    HexMarkerKind::ClearedFire => MarkerKind::ClearedFire,
                    HexMarkerKind::Destroyed => MarkerKind::Destroyed,
                    HexMarkerKind::Illumination => MarkerKind::Illumination,
                    HexMarkerKind::HexOwned => MarkerKind::HexOwned,
                    HexMarkerKind::OverStacked => MarkerKind::OverStacked,
                    HexMarkerKind::MixedFormations => MarkerKind::Mixed,
                },
                text: match m.kind {
                    HexMarkerKind::Fire => "FIRE",
                    HexMarkerKind::ClearedFire => "OUT",
                    HexMarkerKind::Destroyed => "DESTR",
                    HexMarkerKind::Illumination => "ILLUM",
                    HexMarkerKind::HexOwned => "OWNED",
                    HexMarkerKind::OverStacked => "OVER",
                    HexMarkerKind::MixedFormations => "MIXED",
                }
                .into(),
            });
        }
        sync(&self.models.counters, rows);
        sync(&self.models.markers, markers);
        let mark = |h: HexId, kind: HexMarkKind, text: &str, what: &str| {
            let (x, y) = layout.center(h);
            HexMark {
                x,
                y,
                kind,
                text: text.into(),
                label: format!("{what} {}", geo.format(h)).into(),
            }
        };
        // The active formation's units that may still act (the Gates, S3.4), under the rest.
        let mut marks: Vec<HexMark> = frame
            .active_hexes
            .iter()
            .map(|&h| mark(h, HexMarkKind::Active, "", "active unit hex"))
            .collect();
        if let Some(r) = reach {
            marks.extend(
                r.hexes
                    .iter()
                    .map(|&h| mark(h, HexMarkKind::Command, "", "command radius hex")),
            );
        }
        if let Some(h) = f.sel.hex {
            marks.push(mark(h, HexMarkKind::Selected, "", "selected hex"));
        }
        if let Some(a) = f.armed.and_then(|i| f.actions.get(i)) {
            match &a.then {
                Then::Hex(p) => marks.extend(
                    p.iter()
                        .map(|p| mark(p.target, HexMarkKind::Choice, &p.detail, "target hex")),
                ),
                Then::Route(p) => marks.extend(
                    p.iter()
                        .map(|p| mark(p.target, HexMarkKind::Reachable, &p.detail, "reach hex")),
                ),
                Then::Unit(p) => {
                    for p in p {
                        let hex = frame
                            .counters
                            .iter()
                            .find(|c| c.unit == p.target)
                            .and_then(|c| c.hex);
                        if let Some(h) = hex {
                            marks.push(mark(h, HexMarkKind::Target, &p.detail, "unit target hex"));
                        }
                    }
                }
                _ => {}
            }
        }
        // A path being traced: what the MP reach, and the path numbered step by step.
        let route_armed = f
            .armed
            .and_then(|i| f.actions.get(i))
            .is_some_and(|a| matches!(a.then, Then::Route(_)));
        if !f.trace.is_empty() {
            if let Some(Then::Route(p)) = f.route_reach().map(|a| &a.then).filter(|_| !route_armed)
            {
                marks.extend(
                    p.iter()
                        .map(|p| mark(p.target, HexMarkKind::Reachable, &p.detail, "reach hex")),
                );
            }
            for (i, &h) in f.trace.iter().enumerate() {
                marks.push(mark(h, HexMarkKind::Path, &(i + 1).to_string(), "path hex"));
            }
        }
        sync(&self.models.marks, marks);
    }

    /// Turn, the side that must act, and the steps of the sequence of play around the current
    /// one (the game's `SEQUENCE`).
    fn framed_phase_bar<G: FramedGame>(&self, w: &AppWindow, game: &G, frame: &Frame) {
        let v = w.global::<View>();
        v.set_turn_text(format!("Turn {}", frame.turn).into());
        v.set_turn_sub(
            frame
                .last_turn
                .map_or(String::new(), |l| format!("of {l}"))
                .into(),
        );
        // The score in the chip Berlin '85 gives its air and Surrender Points.
        let score = game.score_text();
        let mut lines = score.split(" · ");
        v.set_air_text(lines.next().unwrap_or_default().into());
        v.set_sp_text(lines.next().unwrap_or_default().into());
        // The game's records off the map (the Gates' Division Displays, S18.4), opened from
        // the turn box; a game without them has no tracks panel.
        v.set_tracks_available(!frame.sheets.is_empty());
        sync(
            &self.models.track_sections,
            frame.sheets.iter().map(|s| TrackSection {
                title: s.title.as_str().into(),
                case: s.case.into(),
                cells: ModelRc::new(VecModel::from(
                    s.cells
                        .iter()
                        .map(|(label, value)| TrackBox {
                            label: label.as_str().into(),
                            detail: value.as_str().into(),
                            night: false,
                            state: StepState::ToCome,
                        })
                        .collect::<Vec<_>>(),
                )),
                note: s.note.as_str().into(),
            }),
        );
        v.set_night(false);
        let side = frame.dialog.player().or(frame.phasing);
        v.set_side_text(side.map_or("", G::side_name).into());
        if let Some(s) = side {
            v.set_side_color(super::super::side_colour(w, s));
        }
        let now = frame
            .phases
            .iter()
            .position(|p| p.when == When::Now)
            .unwrap_or(0);
        let from = now.saturating_sub(PHASE_WINDOW);
        sync(
            &self.models.steps,
            frame
                .phases
                .iter()
                .skip(from)
                .take(2 * PHASE_WINDOW + 1)
                .map(|p| PhaseStep {
                    // The side chip names the side: a step reads "movement", not "German
                    // movement", so the bar fits a 7" screen.
                    name: [Side::A, Side::B]
                        .iter()
                        .find_map(|&s| p.name.strip_prefix(G::side_name(s)))
                        .map_or(p.name, str::trim_start)
                        .into(),
                    state: match p.when {
                        When::Done => StepState::Done,
                        When::Now => StepState::Now,
                        When::ToCome => StepState::ToCome,
                    },
                }),
        );
    }

    /// The side panel: the selection's counters and actions (or the armed action's listed
    /// targets), a question's options, or nothing while dice or a chit are wanted.
    fn framed_panel<G: FramedGame>(
        &self,
        w: &AppWindow,
        f: &Framed<G>,
        frame: &Frame,
        reach: Option<&CommandReach>,
    ) {
        let v = w.global::<View>();
        let step = f.session.game().step();
        let game = f.session.game();
        v.set_can_undo(f.session.can_undo());
        v.set_has_selection(false);
        v.set_primary_text(
            frame
                .step_end
                .filter(|_| matches!(frame.dialog, Asked::Commands { .. }))
                .map_or("", |e| e.label)
                .into(),
        );
        v.set_primary_enabled(true);
        v.set_show_auto_place(
            matches!(frame.dialog, Asked::Commands { .. }) && !game.units_to_place().is_empty(),
        );
        v.set_panel_title(step.step.name.into());
        v.set_panel_case(step.step.case.into());
        let armed = f.armed.and_then(|i| f.actions.get(i));
        match &frame.dialog {
            Asked::Commands { player } => {
                v.set_panel(Panel::Offer);
                let hint = match armed {
                    Some(a) => match &a.then {
                        Then::List(_) | Then::Side(_) => format!("{}: pick below.", a.label),
                        Then::Unit(_) => format!("{}: tap a marked unit on the map.", a.label),
                        _ => format!("{}: tap a shaded hex on the map.", a.label),
                    },
                    None if f.sel.hex.is_none() && f.sel.units.is_empty() => format!(
                        "{}: tap one of your forces, or a counter below, to see what it may do; \
                         tap an enemy force for what may be done to it.",
                        G::side_name(*player)
                    ),
                    None if f.actions.is_empty() => "Nothing this selection may do now.".into(),
                    None => format!("{}: choose what to do.", G::side_name(*player)),
                };
                let mut hint = match reach {
                    Some(r) if armed.is_none() => format!("{hint}\n[{}] {}.", r.case, r.text),
                    _ => hint,
                };
                // What the markers of the selected hex say in full (a fire, a stack's
                // penalties at step 2D-c, the Hex Owned part).
                if armed.is_none() {
                    for m in frame
                        .hex_markers
                        .iter()
                        .filter(|m| Some(m.hex) == f.sel.hex)
                    {
                        hint.push('\n');
                        hint.push_str(&m.label);
                    }
                }
                v.set_panel_hint(hint.into());
                let units = frame
                    .counters
                    .iter()
                    .filter(|c| f.sel.hex.is_some() && c.hex == f.sel.hex)
                    .map(|c| unit_row(c, &f.sel.units, String::new()));
                sync(&self.models.offer_units, units);
                let tray = frame.boxes.iter().flat_map(|b| {
                    b.counters
                        .iter()
                        .map(|c| unit_row(c, &f.sel.units, format!("{} [{}]", b.title, b.case)))
                });
                sync(&self.models.offer_tray, tray);
                sync(
                    &self.models.offer_actions,
                    f.actions.iter().enumerate().map(|(i, a)| ActionRow {
                        label: a.label.as_str().into(),
                        case: a.case.into(),
                        detail: target_count(&a.then).into(),
                        armed: f.armed == Some(i),
                    }),
                );
                let picks: Vec<ActionRow> = match armed.map(|a| &a.then) {
                    Some(Then::List(p)) => {
                        p.iter().map(|p| pick_row(&p.target, &p.detail)).collect()
                    }
                    Some(Then::Side(p)) => p
                        .iter()
                        .map(|p| pick_row(&format!("Face {:?}", p.target), &p.detail))
                        .collect(),
                    _ => Vec::new(),
                };
                sync(&self.models.offer_picks, picks);
            }
            Asked::Choose {
                question,
                case,
                options,
                player,
            } => {
                v.set_panel(Panel::Choose);
                v.set_panel_title(question.as_str().into());
                v.set_panel_case((*case).into());
                v.set_panel_hint(format!("{} decides.", G::side_name(*player)).into());
                sync(
                    &self.models.options,
                    options.iter().map(|o| ChoiceOption {
                        label: o.label.as_str().into(),
                        detail: o.detail.as_str().into(),
                    }),
                );
            }
            Asked::Roll { .. } | Asked::Draw { .. } => {
                v.set_panel(Panel::Waiting);
                v.set_panel_hint(SharedString::new());
            }
            Asked::GameOver => {
                v.set_panel(Panel::Over);
                v.set_panel_hint(SharedString::new());
            }
        }
    }

    /// Dice to roll and chits to draw, by the table or by hand.
    fn framed_dialogs<G: FramedGame>(&self, w: &AppWindow, f: &Framed<G>, frame: &Frame) {
        let v = w.global::<View>();
        let header = f.session.header();
        match &frame.dialog {
            Asked::Roll {
                player,
                count,
                sides,
                purpose,
                case,
                secret,
            } => {
                v.set_dialog(Dialog::Dice);
                v.set_dice_title(format!("Roll {count}d{sides}").into());
                v.set_dice_purpose(purpose.as_str().into());
                v.set_dice_case((*case).into());
                v.set_dice_who(format!("{} rolls.", G::side_name(*player)).into());
                v.set_dice_physical(header.dice == Randomness::Physical);
                v.set_dice_secret(*secret);
                v.set_dice_count(i32::from(*count));
                v.set_dice_sides(i32::from(*sides));
                let entered: Vec<String> = (0..usize::from(*count))
                    .map(|i| f.faces.get(i).map_or("_".to_string(), |x| x.to_string()))
                    .collect();
                v.set_dice_entered(entered.join("  ").into());
                sync(&self.models.dice_faces, std::iter::empty());
            }
            Asked::Draw {
                cup, case, chits, ..
            } => self.show_chit_dialog(
                w,
                cup,
                case,
                header.chits == Randomness::Physical,
                chits.iter().map(|c| ChoiceOption {
                    label: c.label.as_str().into(),
                    detail: c.detail.as_str().into(),
                }),
            ),
            _ => v.set_dialog(Dialog::None),
        }
    }
}

/// A counter as the map draws it, selected when the selection holds it; spent and
/// disrupted units are marked (FB 7.1, 8.8).
fn counter_row(c: &CounterFace, selected: &[UnitId]) -> CounterData {
    let mut row = counters::counter(c);
    row.visible = true;
    row.selected = selected.contains(&c.unit);
    row.role = if c.marks.contains(&CounterMark::Spent) {
        CounterRole::Spent
    } else {
        CounterRole::None
    };
    row
}

/// A counter row of the offer panel: its name, face and marks.
pub(super) fn unit_row(c: &CounterFace, selected: &[UnitId], place: String) -> UnitRow {
    let mut detail = vec![c.factors.clone()];
    if let Some(face) = c.face {
        detail.push(format!("{face} mode"));
    }
    if let Some(role) = c.role {
        detail.push(role.to_string());
    }
    for m in &c.marks {
        detail.push(
            match m {
                CounterMark::Spent => "spent",
                CounterMark::Disrupted => "disrupted",
                CounterMark::Isolated => "isolated",
                CounterMark::Underground => "underground",
                CounterMark::Pinned => "pinned",
                CounterMark::Dg => "DG",
                CounterMark::Suppressed => "suppressed",
                CounterMark::Fired => "fired",
                CounterMark::Reduced => "step lost",
            }
            .to_string(),
        );
    }
    detail.extend(c.notes.iter().map(|n| n.to_string()));
    if c.hides_more {
        detail.push("more under it, unseen".into());
    }
    if !place.is_empty() {
        detail.push(place);
    }
    UnitRow {
        unit: i32::from(c.unit.0),
        name: c.name.as_str().into(),
        detail: detail.join(" · ").into(),
        counter: counter_row(c, selected),
    }
}

fn pick_row(label: &str, detail: &str) -> ActionRow {
    ActionRow {
        label: label.into(),
        case: SharedString::new(),
        detail: detail.into(),
        armed: false,
    }
}

/// What an action's button says under its label: how many targets it waits for.
fn target_count<C>(then: &Then<C>) -> String {
    let n = |k: usize, one: &str, many: &str| {
        if k == 1 {
            format!("tap the 1 {one}")
        } else {
            format!("tap one of {k} {many}")
        }
    };
    match then {
        Then::Send(_) => String::new(),
        Then::Hex(p) => n(p.len(), "hex", "hexes"),
        Then::Route(p) => n(p.len(), "hex", "hexes"),
        Then::Unit(p) => n(p.len(), "unit", "units"),
        Then::Side(p) => n(p.len(), "hexside", "hexsides"),
        Then::List(p) => n(p.len(), "option", "options"),
    }
}

/// The warning a failed save shows until the journal is durable again.
pub(in crate::table) fn save_warning(error: Option<&str>, unsaved: usize) -> String {
    match error {
        Some(err) => {
            let moves = if unsaved == 1 { "move is" } else { "moves are" };
            format!(
                "Saving failed: {err}. {unsaved} {moves} not yet safe from a power cut; \
                 the table keeps trying."
            )
        }
        None => String::new(),
    }
}
