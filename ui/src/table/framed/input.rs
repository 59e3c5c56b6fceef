//! Taps on the framed table: selecting a hex or a counter, giving an action and its target,
//! answering the game's rolls, draws and questions, ending a step, undoing.

use super::*;
use session::present::actions::Then;

/// Runs `$body` on the framed game, taken out of the controller meanwhile (so the body may
/// use the controller's models and timers), then redraws the screen from it.
macro_rules! framed_op {
    // Only the redraw.
    ($c:ident, $w:ident) => {{
        if let Some(mut any) = $c.framed.take() {
            $crate::table::framed::with_framed!(&mut any, |f| $c.refresh_framed($w, f));
            $c.framed = Some(any);
        }
    }};
    ($c:ident, $w:ident, |$f:ident| $body:expr) => {{
        if let Some(mut any) = $c.framed.take() {
            $crate::table::framed::with_framed!(&mut any, |$f| {
                $body;
                $c.refresh_framed($w, $f);
            });
            $c.framed = Some(any);
        }
    }};
}
pub(crate) use framed_op;

impl Controller {
    /// Sends one input; a refusal is shown with its case. Any input moves the game on, so
    /// the armed action and a stale notice go.
    pub(in crate::table) fn framed_send<G: FramedGame>(
        &mut self,
        w: &AppWindow,
        f: &mut Framed<G>,
        input: Input<G::Command>,
    ) -> bool {
        f.armed = None;
        match f.session.apply(input) {
            Ok(events) => {
                let v = w.global::<View>();
                v.set_refusal_visible(false);
                v.set_toast(SharedString::new());
                if let Some(e) = events.first() {
                    self.toast(w, e.to_string());
                }
                true
            }
            Err(r) => {
                self.refuse(w, r);
                false
            }
        }
    }

    /// A tap on the map: the armed action's target if it is one, else a new selection.
    pub(in crate::table) fn framed_tap<G: FramedGame>(
        &mut self,
        w: &AppWindow,
        f: &mut Framed<G>,
        x: f32,
        y: f32,
    ) {
        let Some(hex) = f.layout.hex_at(x, y) else {
            return;
        };
        if let Some(a) = f.armed.and_then(|i| f.actions.get(i)).cloned() {
            let commands: Option<Vec<G::Command>> = match &a.then {
                Then::Hex(p) => p
                    .iter()
                    .find(|p| p.target == hex)
                    .map(|p| vec![p.command.clone()]),
                Then::Route(p) => p
                    .iter()
                    .find(|p| p.target == hex)
                    .map(|p| p.command.clone()),
                Then::Unit(p) => {
                    let here = self.counters_in(f, hex);
                    p.iter()
                        .find(|p| here.contains(&p.target))
                        .map(|p| vec![p.command.clone()])
                }
                _ => None,
            };
            if let Some(commands) = commands {
                self.framed_commands(w, f, &a, commands, Some(hex));
                return;
            }
        }
        f.armed = None;
        self.framed_select_hex(f, hex);
    }

    /// Sends the commands of one tap (a route's one after another while the game waits for
    /// commands: a roll the rules ask for on the way ends the route there, FB 11.2.1).
    fn framed_commands<G: FramedGame>(
        &mut self,
        w: &AppWindow,
        f: &mut Framed<G>,
        a: &Action<G::Command>,
        commands: Vec<G::Command>,
        target: Option<HexId>,
    ) {
        log::info!("[{}] {}", a.case, a.label);
        let moves = matches!(a.then, Then::Route(_));
        for (i, c) in commands.into_iter().enumerate() {
            if i > 0 && !matches!(f.session.pending(), Pending::Command { .. }) {
                break;
            }
            if !self.framed_send(w, f, Input::Command(c)) {
                break;
            }
        }
        // A force that moved stays selected where it went; any other selection stays on its
        // hex with the units still there.
        if let (true, Some(to)) = (moves, target) {
            f.sel.hex = Some(to);
        }
        self.framed_keep_selection(f);
    }

    /// The units of the tapped hex the viewer sees, top first.
    fn counters_in<G: FramedGame>(&self, f: &Framed<G>, hex: HexId) -> Vec<UnitId> {
        f.frame.as_ref().map_or_else(Vec::new, |fr| {
            fr.counters
                .iter()
                .filter(|c| c.hex == Some(hex))
                .map(|c| c.unit)
                .collect()
        })
    }

    /// Selects `hex`: the acting player's units there (his force), or the hex alone (an enemy
    /// force or an empty hex, for what may be done to it). A second tap clears it.
    fn framed_select_hex<G: FramedGame>(&mut self, f: &mut Framed<G>, hex: HexId) {
        if f.sel.hex == Some(hex) {
            f.sel = Selection::default();
            return;
        }
        let player = f.session.pending().player();
        let own: Vec<UnitId> = f.frame.as_ref().map_or_else(Vec::new, |fr| {
            fr.counters
                .iter()
                .filter(|c| c.hex == Some(hex) && Some(c.side) == player)
                .map(|c| c.unit)
                .collect()
        });
        f.sel = Selection::units(hex, &own);
    }

    /// Drops from the selection what the last input took away (units that left the hex).
    pub(super) fn framed_keep_selection<G: FramedGame>(&mut self, f: &mut Framed<G>) {
        let player = f.session.pending().player();
        let frame = session::present::frame(
            f.session.game(),
            player.map_or(Viewer::Public, Viewer::Side),
        );
        let here = |u: &UnitId| {
            frame
                .counters
                .iter()
                .any(|c| c.unit == *u && c.hex == f.sel.hex && Some(c.side) == player)
        };
        if f.sel.hex.is_none() {
            // A counter of a box: kept while it is still in one.
            let boxed = |u: &UnitId| {
                frame
                    .boxes
                    .iter()
                    .any(|b| b.counters.iter().any(|c| c.unit == *u))
            };
            f.sel.units.retain(boxed);
        } else {
            f.sel.units.retain(here);
            if f.sel.units.is_empty() {
                // Everything moved away: select the units that are there now.
                if let Some(h) = f.sel.hex {
                    f.sel.hex = None;
                    f.frame = Some(frame);
                    self.framed_select_hex(f, h);
                }
            }
        }
    }

    /// A counter row of the panel: in the selected hex, takes the unit out of the selection
    /// or puts it back (a unit moving alone out of its force, FB 7.1); in a box (set-up,
    /// arrivals, a drawn unit), selects that counter alone.
    pub(in crate::table) fn framed_unit_row<G: FramedGame>(
        &mut self,
        f: &mut Framed<G>,
        unit: i32,
    ) {
        let Ok(u) = u16::try_from(unit).map(UnitId) else {
            return;
        };
        f.armed = None;
        let in_hex = f.sel.hex.is_some()
            && f.frame.as_ref().is_some_and(|fr| {
                fr.counters
                    .iter()
                    .any(|c| c.unit == u && c.hex == f.sel.hex)
            });
        if in_hex {
            if let Some(i) = f.sel.units.iter().position(|&x| x == u) {
                f.sel.units.remove(i);
            } else {
                f.sel.units.push(u);
            }
        } else if f.sel.units == [u] {
            f.sel = Selection::default();
        } else {
            f.sel = Selection {
                hex: None,
                units: vec![u],
            };
        }
    }

    /// An action of the panel: sent at once, or armed to wait for its target (tapped again,
    /// disarmed).
    pub(in crate::table) fn framed_action<G: FramedGame>(
        &mut self,
        w: &AppWindow,
        f: &mut Framed<G>,
        i: i32,
    ) {
        let Some(a) = usize::try_from(i)
            .ok()
            .and_then(|i| f.actions.get(i))
            .cloned()
        else {
            return;
        };
        match &a.then {
            Then::Send(c) => self.framed_commands(w, f, &a, vec![c.clone()], None),
            _ if f.armed == Some(i as usize) => f.armed = None,
            _ => f.armed = Some(i as usize),
        }
    }

    /// A listed target of the armed action (an option, a hexside).
    pub(in crate::table) fn framed_pick<G: FramedGame>(
        &mut self,
        w: &AppWindow,
        f: &mut Framed<G>,
        i: i32,
    ) {
        let Some(a) = f.armed.and_then(|a| f.actions.get(a)).cloned() else {
            return;
        };
        let Ok(i) = usize::try_from(i) else { return };
        let command = match &a.then {
            Then::List(p) => p.get(i).map(|p| p.command.clone()),
            Then::Side(p) => p.get(i).map(|p| p.command.clone()),
            _ => None,
        };
        if let Some(c) = command {
            self.framed_commands(w, f, &a, vec![c], None);
        }
    }

    /// The panel's main button: the command that ends the step, as the engine names it.
    pub(in crate::table) fn framed_primary<G: FramedGame>(
        &mut self,
        w: &AppWindow,
        f: &mut Framed<G>,
    ) {
        let Some(end) = f.session.game().step_end() else {
            return;
        };
        if self.framed_send(w, f, Input::Command(end.command)) {
            f.sel = Selection::default();
        }
    }

    pub(in crate::table) fn framed_undo<G: FramedGame>(
        &mut self,
        w: &AppWindow,
        f: &mut Framed<G>,
    ) {
        f.armed = None;
        if f.session.undo() {
            f.sel = Selection::default();
            self.toast(w, "Undone.".to_string());
        } else {
            self.refuse(
                w,
                RuleViolation::new(
                    "table",
                    "a die roll, a chit drawn or a revealed force cannot be taken back",
                ),
            );
        }
    }

    pub(in crate::table) fn framed_choose<G: FramedGame>(
        &mut self,
        w: &AppWindow,
        f: &mut Framed<G>,
        i: i32,
    ) {
        if let Ok(i) = u8::try_from(i) {
            self.framed_send(w, f, Input::Chose(i));
        }
    }

    /// The Roll / Draw button, the 'r' key, the dice-tower and chit-cup buttons.
    pub(in crate::table) fn framed_roll<G: FramedGame>(
        &mut self,
        w: &AppWindow,
        f: &mut Framed<G>,
    ) {
        match f.session.roll_digital() {
            Ok(events) => {
                if let Some(e) = events.first() {
                    self.toast(w, e.to_string());
                }
            }
            Err(r) => self.refuse(w, r),
        }
    }

    /// A face of real dice, typed on the keypad or pressed on a die-face button.
    pub(in crate::table) fn framed_face<G: FramedGame>(
        &mut self,
        w: &AppWindow,
        f: &mut Framed<G>,
        n: i32,
    ) {
        let Pending::Roll { dice, .. } = f.session.pending() else {
            return;
        };
        let Ok(n) = u8::try_from(n) else { return };
        f.faces.push(n);
        if f.faces.len() >= usize::from(dice.count) {
            let faces = std::mem::take(&mut f.faces);
            match f.session.enter_dice(&faces) {
                Ok(events) => {
                    if let Some(e) = events.first() {
                        self.toast(w, e.to_string());
                    }
                }
                Err(r) => self.refuse(w, r),
            }
        }
    }

    pub(in crate::table) fn framed_clear_faces<G: FramedGame>(&mut self, f: &mut Framed<G>) {
        f.faces.clear();
    }

    /// The chit a player took out of the real cup, tapped among those still in it.
    pub(in crate::table) fn framed_pick_chit<G: FramedGame>(
        &mut self,
        w: &AppWindow,
        f: &mut Framed<G>,
        i: i32,
    ) {
        if let Ok(i) = u16::try_from(i) {
            self.framed_send(w, f, Input::Drew(i));
        }
    }

    /// Places every unit still to set up on a legal hex at random (a quick start).
    pub(in crate::table) fn framed_auto_place<G: FramedGame>(
        &mut self,
        w: &AppWindow,
        f: &mut Framed<G>,
    ) {
        f.armed = None;
        f.sel = Selection::default();
        match f.session.auto_place() {
            Ok(n) => self.toast(w, format!("{n} units placed.")),
            Err(r) => self.refuse(w, r),
        }
    }

    /// Retries a failed save (the session keeps the truth; the warning stays until it works).
    pub(in crate::table) fn framed_retry_save<G: FramedGame>(&mut self, f: &mut Framed<G>) {
        if f.session.save_error().is_some() {
            f.session.retry_save();
        }
    }
}
