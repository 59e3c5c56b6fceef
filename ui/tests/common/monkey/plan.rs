//! How the monkey enters what the game waits for through the screen, as a player would: the plan of taps for an engine input, paths traced on the map, the next step.

use super::*;

impl Monkey<'_> {
    /// The steps that enter `input` on the screen.
    pub(super) fn plan_for(&mut self, t: &Table, input: &Input85) -> Vec<Step> {
        let w = t.window();
        let v = w.global::<View>();
        let pending = t.with_session(|s| s.map(|s| s.pending()));
        let name = |u: UnitId| {
            t.with_session(|s| s.map(|s| s.game().def(u).name.to_string()))
                .unwrap_or_default()
        };
        let hex_of = |u: UnitId| t.with_session(|s| s.and_then(|s| s.game().hex_of(u)));
        let mut steps = Vec::new();
        match input {
            Input::Rolled(roll) => {
                if v.get_dice_physical() {
                    let how = self.rng.gen_range(0..3);
                    for &face in roll.values.iter() {
                        steps.push(match how {
                            0 => Step::Tap(format!("keypad {face}")),
                            1 => Step::Gpio(Button::DieFace(face)),
                            _ => Step::Key(DIGITS[usize::from(face.min(9))]),
                        });
                    }
                } else {
                    let secret = v.get_dice_secret();
                    steps.push(match self.rng.gen_range(0..3) {
                        0 => Step::Gpio(Button::DiceTower),
                        1 => Step::Key("r"),
                        _ => Step::Tap(if secret { "Roll secretly" } else { "Roll" }.into()),
                    });
                }
            }
            Input::Drew(i) => {
                if v.get_chit_physical() {
                    let label = match &pending {
                        Some(Pending::DrawChit { chits, .. }) => match chits.get(usize::from(*i)) {
                            Some(Choice::Strength { attack, defense }) => {
                                format!("{attack}-{defense}")
                            }
                            _ => String::new(),
                        },
                        _ => String::new(),
                    };
                    steps.push(Step::Tap(label));
                } else {
                    steps.push(match self.rng.gen_range(0..3) {
                        0 => Step::Gpio(Button::ChitCup),
                        1 => Step::Key("d"),
                        _ => Step::Tap("Draw".into()),
                    });
                }
            }
            Input::Chose(i) => {
                let option = match &pending {
                    Some(Pending::Choose { options, .. }) => options.get(usize::from(*i)).copied(),
                    _ => None,
                };
                let on_map = match option {
                    Some(Choice::Hex(h)) => Some(h),
                    Some(Choice::Unit(u)) => hex_of(u),
                    _ => None,
                };
                match on_map {
                    Some(h) if self.rng.gen_bool(0.5) => steps.push(Step::Hex(h)),
                    _ => steps.push(Step::TapNth("option ".into(), usize::from(*i))),
                }
            }
            Input::Command(c) => self.plan_command(t, c, &mut steps, &name, &hex_of),
        }
        steps
    }

    pub(super) fn plan_command(
        &mut self,
        t: &Table,
        c: &Command,
        steps: &mut Vec<Step>,
        name: &dyn Fn(UnitId) -> String,
        hex_of: &dyn Fn(UnitId) -> Option<HexId>,
    ) {
        let v = t.window().global::<View>();
        let selected = v.get_selected_unit();
        match c {
            Command::Place { unit, hex } => {
                if selected != i32::from(unit.0) {
                    steps.push(Step::Tap(format!("place {}", name(*unit))));
                }
                steps.push(Step::Hex(*hex));
            }
            Command::Withhold { unit } => {
                if selected != i32::from(unit.0) {
                    steps.push(Step::Tap(format!("place {}", name(*unit))));
                }
                steps.push(Step::TapPrefix("Withhold this division".into()));
            }
            Command::Unplace { unit } => {
                if let Some(h) = hex_of(*unit) {
                    steps.push(Step::Hex(h));
                }
                steps.push(Step::Tap("Back to the pool".into()));
            }
            Command::EndSetup => {
                steps.push(Step::TapIfShown("Auto-place".into()));
                steps.push(Step::Primary);
            }
            Command::Move {
                unit,
                to,
                underground,
            } => {
                steps.push(Step::Select(*unit));
                let path = if self.rng.gen_bool(0.2) {
                    self.trace_path(t, *unit, *to)
                } else {
                    None
                };
                match path {
                    Some(path) => steps.push(Step::Trace(path)),
                    None => {
                        steps.push(Step::Hex(*to));
                        steps.push(Step::Ubahn(*underground));
                    }
                }
            }
            Command::MovePath { unit, path, .. } => {
                steps.push(Step::Select(*unit));
                steps.push(Step::Trace(path.to_vec()));
            }
            Command::Airland { unit, hex } | Command::Paradrop { unit, hex } => {
                steps.push(Step::Arrival(*unit));
                steps.push(Step::Hex(*hex));
            }
            Command::Exit { unit } => {
                steps.push(Step::Select(*unit));
                steps.push(Step::Tap("Leave the map".into()));
            }
            Command::EndMovement | Command::EndAllocation | Command::EndCombat => {
                steps.push(Step::Primary)
            }
            Command::Declare {
                attackers,
                defenders,
            } => {
                steps.push(Step::TapIfShown("Clear".into()));
                for &u in attackers.iter().chain(defenders.iter()) {
                    if let Some(h) = hex_of(u) {
                        steps.push(Step::Hex(h));
                    }
                }
                steps.push(Step::Tap("Declare attack".into()));
            }
            Command::Undeclare { attack } => {
                steps.push(Step::Tap(format!("withdraw attack {attack}")));
            }
            Command::Barrage {
                artillery,
                attack,
                gas,
            }
            | Command::Fpf {
                artillery,
                attack,
                gas,
            } => {
                steps.push(Step::Tap(format!("attack {attack}")));
                steps.push(Step::Gas(*gas));
                if let Some(h) = hex_of(*artillery) {
                    steps.push(Step::Hex(h));
                }
            }
            Command::BarrageHex {
                artillery,
                hex,
                gas,
            } => {
                steps.push(Step::TapIfShown("Clear".into()));
                if let Some(h) = hex_of(*artillery) {
                    steps.push(Step::Hex(h));
                }
                steps.push(Step::Gas(*gas));
                steps.push(Step::Hex(*hex));
            }
            Command::AirPoints { attack, points } => {
                steps.push(Step::Tap(format!("attack {attack}")));
                steps.push(Step::Tap(if *points > 1 && self.rng.gen_bool(0.5) {
                    "all air points".into()
                } else {
                    "+1 air point".into()
                }));
            }
            Command::Interdict { artillery } => {
                steps.push(Step::TapIfShown("Clear".into()));
                if let Some(h) = hex_of(*artillery) {
                    steps.push(Step::Hex(h));
                }
                steps.push(Step::Tap("Interdict the rail line".into()));
            }
            Command::Resolve { attack } => {
                if self.rng.gen_bool(0.3) {
                    steps.push(Step::Tap(format!("card {attack}")));
                    steps.push(Step::Tap("Resolve: roll the die".into()));
                } else {
                    steps.push(Step::Tap(format!("resolve attack {attack}")));
                }
            }
        }
    }

    /// A path above ground from `unit` to `to` through hexes it can reach, for tracing.
    pub(super) fn trace_path(&self, t: &Table, unit: UnitId, to: HexId) -> Option<Vec<HexId>> {
        t.with_session(|s| {
            let g = s?.game();
            let geo = &g.data.map.geometry;
            let start = g.hex_of(unit)?;
            let reach: Vec<HexId> = ui::ask::reachable(g, unit)
                .ok()?
                .into_iter()
                .filter(|r| !r.underground)
                .map(|r| r.hex)
                .collect();
            if !reach.contains(&to) {
                return None;
            }
            // Breadth first over the reachable hexes.
            let mut from: BTreeMap<HexId, HexId> = BTreeMap::new();
            let mut queue = VecDeque::from([start]);
            while let Some(h) = queue.pop_front() {
                if h == to {
                    break;
                }
                for (_, n) in geo.neighbours(h) {
                    if n != start && reach.contains(&n) && !from.contains_key(&n) {
                        from.insert(n, h);
                        queue.push_back(n);
                    }
                }
            }
            let mut path = vec![to];
            while let Some(&p) = from.get(path.last()?) {
                if p == start {
                    path.reverse();
                    return (path.len() <= engine::berlin85::command::MAX_PATH).then_some(path);
                }
                path.push(p);
            }
            None
        })
    }

    /// Makes the next step of the plan.
    pub(super) fn next_step(&mut self, t: &Table) -> String {
        let w = t.window();
        let v = w.global::<View>();
        let Some(step) = self.plan.pop_front() else {
            return "nothing planned".into();
        };
        self.count("plan step");
        let ok = match &step {
            Step::Tap(label) => self.tap_label(w, label),
            Step::TapIfShown(label) => {
                if shows(w, label) {
                    self.tap_label(w, label);
                }
                true
            }
            Step::TapPrefix(prefix) => match label_starting(w, prefix) {
                Some(l) => self.tap_label(w, &l),
                None => false,
            },
            Step::TapNth(prefix, n) => {
                let all: Vec<Seen> = scan(w)
                    .into_iter()
                    .filter(|s| s.button && s.label.starts_with(prefix.as_str()))
                    .collect();
                match all.get(*n) {
                    Some(s) => {
                        self.tap_point(w, s.centre());
                        true
                    }
                    None => false,
                }
            }
            Step::Hex(h) => self.tap_hex(t, *h),
            Step::Select(u) => {
                if v.get_arriving_unit() >= 0 {
                    let a = UnitId(v.get_arriving_unit() as u16);
                    let n = t
                        .with_session(|s| s.map(|s| s.game().def(a).name.to_string()))
                        .unwrap_or_default();
                    self.tap_label(w, &format!("arrive {n}"));
                }
                if v.get_selected_unit() == i32::from(u.0) {
                    true
                } else {
                    match t.with_session(|s| s.and_then(|s| s.game().hex_of(*u))) {
                        Some(h) => self.tap_hex(t, h),
                        None => false,
                    }
                }
            }
            Step::Arrival(u) => {
                if v.get_arriving_unit() == i32::from(u.0) {
                    true
                } else {
                    let n = t
                        .with_session(|s| s.map(|s| s.game().def(*u).name.to_string()))
                        .unwrap_or_default();
                    self.tap_label(w, &format!("arrive {n}"))
                }
            }
            Step::Ubahn(underground) => {
                if shows(w, "By U-Bahn") {
                    self.tap_label(
                        w,
                        if *underground {
                            "By U-Bahn"
                        } else {
                            "Above ground"
                        },
                    );
                }
                true
            }
            Step::Gas(gas) => {
                if shows(w, "Fire gas") && v.get_gas() != *gas {
                    self.tap_label(w, "Fire gas");
                }
                true
            }
            Step::Trace(path) => self.trace(t, path),
            Step::Key(k) => {
                self.key(w, k);
                true
            }
            Step::Gpio(b) => {
                self.gpio(t, *b);
                true
            }
            Step::Primary => self.tap_primary(w),
        };
        if !ok {
            self.count(match step {
                Step::Hex(_) | Step::Select(_) => "plan step missed: a hex not in view",
                Step::Trace(_) => "plan step missed: no unit to trace from",
                _ => "plan step missed: a button not on screen",
            });
            self.plan.clear();
        }
        format!("{step:?}{}", if ok { "" } else { " (not on screen)" })
    }
}
