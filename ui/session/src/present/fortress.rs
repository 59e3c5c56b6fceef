//! *Fortress Berlin*'s adapter to the presentation model: its counters (two faces, facing,
//! disruption, the U-Bahn), stacks in their owner's order with an enemy force showing its top
//! counter only (3.1.5, 3.6), and its questions in words.

use super::{
    push_box, stacked, CounterBox, CounterFace, CounterMark, OptionText, Palette, Present, Symbol,
    VictoryText,
};
use crate::fortress::Fortress;
use engine::core::contract::Ruleset;
use engine::core::hex::HexId;
use engine::core::protocol::Case;
use engine::core::side::Viewer;
use engine::core::units::UnitId;
use engine::fortress::counters::{Counter, Service, UnitSize, UnitType, COMBAT, GERMAN};
use engine::fortress::game::Choice;

/// Colours by service: the Wehrmacht field grey, the Waffen-SS black, the Volkssturm and the
/// other civil formations buff, the Hitler Youth brown; the Soviets red (stand-ins: the
/// counter sheet is not in the rulebook).
pub fn palette(c: &Counter) -> Palette {
    let (body, band, ink) = if c.side != GERMAN {
        (0xc0392b, 0x7e1f17, 0xffffff)
    } else if c.kind == UnitType::Leader {
        (0xd9c27a, 0x8c7430, 0x101010)
    } else {
        match c.service() {
            Service::Wehrmacht => (0x9aa08c, 0x5c6152, 0x101010),
            Service::WaffenSs | Service::Bodyguard => (0x3a3a3a, 0x111111, 0xffffff),
            Service::HitlerYouth => (0xa0784a, 0x5e4024, 0xffffff),
            Service::Civil => (0xd8cfae, 0x8f8466, 0x101010),
            Service::Freikorps => (0x7f8fa6, 0x44536a, 0xffffff),
        }
    };
    Palette { body, band, ink }
}

/// The symbol printed for a unit type (2.2.2).
pub fn symbol(kind: UnitType) -> Symbol {
    match kind {
        UnitType::Infantry => Symbol::Infantry,
        UnitType::Engineer => Symbol::Engineer,
        UnitType::Volkssturm => Symbol::Text("VS"),
        UnitType::Police => Symbol::Text("POL"),
        UnitType::HitlerYouth => Symbol::Text("HJ"),
        UnitType::PlantProtection => Symbol::Text("WS"),
        UnitType::MotorizedInfantry => Symbol::MotorizedInfantry,
        UnitType::MechanizedInfantry => Symbol::MechanizedInfantry,
        UnitType::Headquarters => Symbol::Text("HQ"),
        UnitType::Armor => Symbol::Armour,
        UnitType::AssaultGun => Symbol::AssaultGun,
        UnitType::Recon => Symbol::Recon,
        UnitType::AntiTank => Symbol::AntiTank,
        UnitType::Flak => Symbol::AntiAircraft,
        UnitType::Artillery => Symbol::Artillery,
        UnitType::Leader => Symbol::Text("★"),
    }
}

/// The size marks over the symbol (2.2.1).
pub fn size(s: UnitSize) -> &'static str {
    match s {
        UnitSize::Company => "I",
        UnitSize::Battalion => "II",
        UnitSize::Regiment => "III",
        UnitSize::Brigade => "X",
        UnitSize::Division => "XX",
        UnitSize::Corps => "XXX",
        UnitSize::Army => "XXXX",
    }
}

/// One counter as drawn: the values of the face that is up (2.2.3–2.2.6), its facing (3.4),
/// disruption (8.8), having acted this segment.
fn counter_face(g: &Fortress, u: UnitId, hex: Option<HexId>, depth: u8) -> Option<CounterFace> {
    let c = g.data.forces.counter(u)?;
    let unit = g.state.board.unit(u)?;
    let face = unit.counter.face;
    let p = c.on(face);
    let status = &unit.counter.game;
    let mut marks = Vec::new();
    if status.disrupted.is_some() {
        marks.push(CounterMark::Disrupted);
    }
    if status.acted || status.done.is_some() {
        marks.push(CounterMark::Spent);
    }
    if status.underground {
        marks.push(CounterMark::Underground);
    }
    Some(CounterFace {
        unit: u,
        hex,
        depth,
        side: unit.counter.owner.unwrap_or(c.side),
        palette: palette(c),
        symbol: symbol(c.kind),
        size: size(c.size).to_string(),
        factors: if c.kind == UnitType::Leader {
            "★".repeat(usize::from(c.stars))
        } else {
            format!("{}-{}-{}", p.fs, p.pf, p.ma)
        },
        corner: if p.range > 0 {
            p.range.to_string()
        } else {
            String::new()
        },
        name: c.name.to_string(),
        face: (c.kind != UnitType::Leader).then_some(if face == COMBAT {
            "combat"
        } else {
            "maneuver"
        }),
        facing: unit.counter.facing.map(|f| f.0),
        marks,
        hides_more: false,
        role: g.role_of(u).map(|r| r.name()),
        notes: Vec::new(),
    })
}

impl Present for Fortress {
    fn combat_card(&self, viewer: Viewer) -> Option<super::CardText> {
        super::fortress_card::card(self, viewer)
    }
    fn counters(&self, viewer: Viewer) -> Vec<CounterFace> {
        let view = self.view(viewer);
        let mut out = Vec::new();
        for force in &view.forces {
            let start = out.len();
            stacked(
                force.hex,
                &force.units,
                |u, h, d| counter_face(self, u, h, d),
                &mut out,
            );
            // 3.1.5: the top counter alone, and nothing of what lies beneath.
            if force.top_only {
                if let Some(top) = out.get_mut(start) {
                    top.hides_more = true;
                }
            }
        }
        // 17.1.1: the U-Bahn marker is seen by all; the unit under it by its owner only.
        for under in &view.underground {
            if let Some(u) = under.unit {
                if let Some(c) = counter_face(self, u, Some(under.hex), 0) {
                    out.push(c);
                }
            }
        }
        // 17.4.3: a defector shows his Soviet face to every seat, in no force (so the Soviet
        // can tap him to move him).
        for &(u, hex) in &view.defectors {
            if !out.iter().any(|c| c.unit == u) {
                if let Some(c) = counter_face(self, u, Some(hex), 0) {
                    out.push(c);
                }
            }
        }
        out
    }

    fn boxes(&self, viewer: Viewer) -> Vec<CounterBox> {
        let view = self.view(viewer);
        let board = &self.state.board;
        let faces = |units: &mut dyn Iterator<Item = UnitId>| -> Vec<CounterFace> {
            units
                .filter_map(|u| counter_face(self, u, None, 0))
                .collect()
        };
        let mut out = Vec::new();
        let mut add = |title, case, counters| push_box(&mut out, title, case, counters);
        // 13.0: only the German sees what he still has to place (the drawn Volkssturm too).
        add(
            "To set up".to_string(),
            "13.0",
            faces(&mut view.to_place.iter().copied()),
        );
        // 5.5, 13.7: units drawn blind are their owner's business until placed.
        if viewer == Viewer::Side(GERMAN) {
            let drawn = self
                .state
                .vs_drawn
                .iter()
                .copied()
                .chain(self.state.naval_drawn);
            add(
                "Drawn: place now".to_string(),
                "5.5",
                faces(&mut drawn.into_iter()),
            );
        }
        // 5.0, 8.7.1: the arrivals of this turn are on the scenario's schedule, seen by all.
        if !self.setting_up() {
            let due = (0..board.units.len() as u16)
                .map(UnitId)
                .filter(|&u| self.due(u).is_some() && board.hex_of(u).is_none());
            add(
                format!("Arriving on turn {}", board.turn),
                "5.0",
                faces(&mut due.into_iter()),
            );
        }
        out
    }

    /// Who won and how the game ended (12.0, 11.1.4), both sides' VP (12.0.1, 12.0.2), and in
    /// the multi-player games which players won (17.2, 17.3).
    fn victory(&self) -> Option<VictoryText> {
        use engine::fortress::game::Ending;
        use engine::fortress::players::{german_roles, Role};
        let v = &self.state.victory;
        let outcome = v.outcome?;
        let title = match outcome.winner {
            Some(side) => format!("{} victory", Fortress::side_name(side)),
            None => "A draw: equal Victory Points".to_string(),
        };
        let why = match outcome.ending {
            Ending::HitlerCaptured => "the Soviets captured Hitler",
            Ending::ReichstagTaken => "the Soviets occupied the Reichstag; the VP decide",
            Ending::ReichstagHeld => "the German still holds the Reichstag after the last turn",
            Ending::LastTurn => "the last turn has been played; the VP decide",
        };
        let mut rows = vec![
            (
                "German Victory Points [12.0.1]".to_string(),
                v.german.to_string(),
            ),
            (
                "Soviet Victory Points [12.0.2]".to_string(),
                v.soviet.to_string(),
            ),
        ];
        // The variants' price, paid to the Soviet when the game began (16.1–16.5): no event
        // of the log carries it.
        let bonus = self.state.board.options.variant_bonus_vp();
        if bonus > 0 {
            rows.push((
                "[16.0] Soviet VP for the variants in play, from the start".into(),
                bonus.to_string(),
            ));
        }
        if let Some(turn) = v.first_capture {
            rows.push((
                "First strongpoint or flak tower taken [10.2]".into(),
                format!("turn {turn}"),
            ));
        }
        if let Some(turn) = v.hitler_died {
            rows.push(("Hitler's suicide [11.1.2]".into(), format!("turn {turn}")));
        }
        if let Some(w) = self.winners().filter(|_| self.players() > 2) {
            for (i, won) in w.soviet.iter().enumerate() {
                if *won && self.players() >= 3 {
                    let front = if i == 0 { Role::Zhukov } else { Role::Koniev };
                    rows.push((
                        format!("Winner: the {} player [17.2]", front.name()),
                        String::new(),
                    ));
                }
            }
            if let Some(p) = w.german {
                let role = german_roles(self.players())
                    .iter()
                    .find(|&&r| self.holder(r) == Some(p))
                    .map_or("German", |r| r.name());
                rows.push((
                    format!("Winner: German player {} ({role}) [17.3]", p + 1),
                    String::new(),
                ));
            }
        }
        Some(VictoryText {
            title,
            subtitle: format!("Game-Turn {}: {why}", self.state.board.turn),
            case: outcome.ending.case(),
            rows,
        })
    }

    /// Both sides' VP on the track (12.0.1, 12.0.2).
    fn score_text(&self) -> String {
        let v = &self.state.victory;
        format!("German {} VP · Soviet {} VP", v.german, v.soviet)
    }

    /// Every VP award of the game summed by side and case: eliminations (12.0.1, 12.0.2),
    /// withdrawals (5.2), Hitler's fate (11.1.2) and the variants' awards (16.x).
    fn score_lines(log: &[crate::session::LoggedEvent<Self::LogEvent>]) -> Vec<(String, String)> {
        use engine::fortress::game::Event;
        let mut sums: Vec<(engine::core::side::Side, Case, u32, u32)> = Vec::new();
        for l in log {
            if let Event::VictoryPoints {
                side, points, case, ..
            } = l.event.event
            {
                match sums.iter_mut().find(|x| x.0 == side && x.1 == case) {
                    Some(x) => {
                        x.2 += 1;
                        x.3 += u32::from(points);
                    }
                    None => sums.push((side, case, 1, u32::from(points))),
                }
            }
        }
        sums.sort_by(|a, b| (a.0.index(), a.1).cmp(&(b.0.index(), b.1)));
        sums.into_iter()
            .map(|(side, case, n, total)| {
                let times = if n == 1 {
                    "once".to_string()
                } else {
                    format!("{n} times")
                };
                (
                    format!("[{case}] {} VP, scored {times}", Fortress::side_name(side)),
                    total.to_string(),
                )
            })
            .collect()
    }

    fn option_text(&self, o: &Choice, case: Case) -> OptionText {
        let geo = &self.data.map.geometry;
        let (label, detail) = match o {
            Choice::Unit(u) => {
                let name = self
                    .data
                    .forces
                    .counter(*u)
                    .map_or(String::new(), |c| c.name.to_string());
                let at = self
                    .state
                    .board
                    .hex_of(*u)
                    .map_or(String::new(), |h| format!("in {}", geo.format(h)));
                (name, at)
            }
            Choice::Hex(h) => (format!("Hex {}", geo.format(*h)), format!("[{case}]")),
            Choice::Stop => (
                "Stop here".to_string(),
                "[8.7] the retreat has gone its length".to_string(),
            ),
            Choice::OffMap => (
                "Off the map".to_string(),
                "[8.7.1] retreat off the map edge".to_string(),
            ),
        };
        OptionText { label, detail }
    }
}
