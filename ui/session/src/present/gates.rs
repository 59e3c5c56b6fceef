//! *The Enemy is at the Gates*' adapter to the presentation model: its counters as CSS players
//! know them (the face up, Column or Deployed, S2.2.1; firepower with its colour and range,
//! defense, MA, S9.1–S9.5, S7.1; the status marker, S11.4–S11.6; a lost step, S2.3), the
//! boxes off the map (units to place, S18.1, S11.10; the Turn Record Track's, S18.3; the
//! Routed boxes, S11.8.3; the eliminated, S11.12; the captured in the enemy's prison, S11.7,
//! 3.4.1), the Victory Point track (10.1) and its questions in words. Nothing of the Gates is
//! secret to one side (4.3's unknown figures are hidden from both in the engine), so every
//! viewer sees the same counters.

use super::nato::{palette, symbol};
use super::{
    push_box, stacked, CounterBox, CounterFace, CounterMark, OptionText, Present, VictoryText,
};
use crate::gates::Gates;
use crate::ruleset::TableGame;
use engine::core::contract::Ruleset;
use engine::core::hex::HexId;
use engine::core::protocol::Case;
use engine::core::side::{Side, Viewer};
use engine::core::units::UnitId;
use engine::css::command::turn::Choice;
use engine::css::counter::Size;
use engine::css::fire::Colour;
use engine::css::morale::{Fate, Status};
use engine::css::movement::COLUMN;
use engine::css::scenario::Verdict;
use engine::gates::game::describe::{name, Named};
use engine::gates::game::figures::back;
use engine::gates::political::Back;
use std::collections::BTreeMap;

/// The size symbol over the unit-type box (S2.2).
pub fn size(s: Size) -> &'static str {
    match s {
        Size::Section => "••",
        Size::Platoon => "•••",
        Size::Company => "I",
        Size::Battalion => "II",
        Size::Regiment => "III",
        Size::Brigade => "X",
        Size::Division => "XX",
    }
}

/// The firepower box's colour as one letter after the value (S9.1): white none, "b" blue,
/// "y" yellow, "r" white with a red border.
fn colour_mark(c: Colour) -> &'static str {
    match c {
        Colour::White => "",
        Colour::Blue => "b",
        Colour::Yellow => "y",
        Colour::WhiteRed => "r",
    }
}

/// The counter of `u` as drawn, or `None` for a unit not in the data.
fn counter_face(g: &Gates, u: UnitId, hex: Option<HexId>, depth: u8) -> Option<CounterFace> {
    let c = g.data.counters.get(usize::from(u.0))?;
    let s = g.state.series.units.get(usize::from(u.0))?;
    let column = s.face == COLUMN;
    let ma = if column { c.ma.front } else { c.ma.back };
    let mut marks = Vec::new();
    match s.cond.status {
        Status::None => {}
        Status::Pinned => marks.push(CounterMark::Pinned),
        Status::Dg => marks.push(CounterMark::Dg),
        Status::Suppressed => marks.push(CounterMark::Suppressed),
    }
    if s.fire.fired || s.fire.op_fire {
        marks.push(CounterMark::Fired);
    }
    if s.cond.lost > 0 {
        marks.push(CounterMark::Reduced);
    }
    Some(CounterFace {
        unit: u,
        hex,
        depth,
        side: c.side,
        palette: palette(c.nationality),
        symbol: symbol(c.kind),
        size: size(c.size).to_string(),
        // Firepower (its colour), defense, MA of the face up, TQ: "6b-4-3 TQ5".
        factors: format!(
            "{}{}-{}-{} TQ{}",
            c.firepower,
            colour_mark(c.colour),
            c.defense,
            ma,
            c.tq
        ),
        corner: if c.range > 0 {
            c.range.to_string()
        } else {
            String::new()
        },
        name: c.designation.to_string(),
        face: Some(if column { "column" } else { "deployed" }),
        facing: None,
        marks,
        hides_more: false,
        role: None,
        notes: notes(c),
    })
}

/// The movement class (the MA's colour, S7.1) and the special symbols (S2.2) of a counter, as
/// the panel words them.
fn notes(c: &engine::css::counter::Counter) -> Vec<&'static str> {
    use engine::css::fire::missile::MissileType;
    use engine::css::terrain::MoveClass;
    let mut out = vec![match c.class {
        MoveClass::Leg => "leg",
        MoveClass::Wheeled => "wheeled",
        MoveClass::Tracked => "tracked",
        MoveClass::Boat => "boat (4.2)",
    }];
    let s = c.symbols;
    if s.indirect {
        out.push("indirect fire (S9.8)");
    }
    if s.sustained_fire {
        out.push("sustained fire (S9.12)");
    }
    if s.engineer {
        out.push("engineer (S19.1)");
    }
    if let Some(m) = s.missile {
        out.push(match m {
            MissileType::Dragon => "Dragon ATGM (3.12)",
            MissileType::Tow => "TOW ATGM (3.12)",
            MissileType::Milan => "Milan ATGM (3.12)",
            MissileType::Spigot => "Spigot ATGM (3.12)",
            MissileType::Sagger => "Sagger ATGM (3.12)",
            MissileType::Konkurs => "Konkurs ATGM (3.12)",
        });
    }
    if s.tq_from_hq {
        out.push("TQ from its HQ (S11.1)");
    }
    out
}

/// The units of `side` off the map as `pick` selects them.
fn off_map(g: &Gates, mut pick: impl FnMut(&engine::css::game::UnitState) -> bool) -> Vec<UnitId> {
    g.state
        .series
        .units
        .iter()
        .filter(|s| pick(s))
        .map(|s| s.id)
        .collect()
}

impl Present for Gates {
    fn counters(&self, _viewer: Viewer) -> Vec<CounterFace> {
        // Each hex's units in roster order: the series has no owner-set stack order (S6.1).
        let mut by_hex: BTreeMap<HexId, Vec<UnitId>> = BTreeMap::new();
        for s in &self.state.series.units {
            if let (Some(h), None, false) = (s.hex, s.removed, s.routed) {
                by_hex.entry(h).or_default().push(s.id);
            }
        }
        let mut out = Vec::new();
        for (hex, units) in by_hex {
            stacked(hex, &units, |u, h, d| counter_face(self, u, h, d), &mut out);
        }
        out
    }

    fn boxes(&self, _viewer: Viewer) -> Vec<CounterBox> {
        let faces = |units: Vec<UnitId>| -> Vec<CounterFace> {
            units
                .into_iter()
                .filter_map(|u| counter_face(self, u, None, 0))
                .collect()
        };
        let mut out = Vec::new();
        let mut add = |title, case, counters| push_box(&mut out, title, case, counters);
        add(
            "To place".to_string(),
            "S18.1",
            faces(TableGame::units_to_place(self)),
        );
        for side in [engine::gates::WARSAW_PACT, engine::gates::NATO] {
            let name = Gates::side_name(side);
            // S18.1, S18.3: the units on the Turn Record Track, a box for each turn they come
            // in on.
            let mut by_turn: BTreeMap<u8, Vec<UnitId>> = BTreeMap::new();
            for h in self.state.series.turn.turn_track.held.iter() {
                if h.side == side {
                    by_turn.entry(h.turn).or_default().push(h.unit);
                }
            }
            for (turn, units) in by_turn {
                add(
                    format!("{name} on the Turn Record Track: turn {turn}"),
                    "S18.1",
                    faces(units),
                );
            }
            add(
                format!("{name} Routed boxes"),
                "S11.8.3",
                faces(off_map(self, |s| {
                    s.routed && s.removed.is_none() && self.side_of(s.id) == Some(side)
                })),
            );
            add(
                format!("{name} eliminated"),
                "S11.12",
                faces(off_map(self, |s| {
                    s.removed == Some(Fate::Eliminated) && self.side_of(s.id) == Some(side)
                })),
            );
            // 3.4.1: the captured are held in the enemy's prison; Spandau's are freed (and out
            // of play) once the Warsaw Pact has entered it.
            let prison = if side == engine::gates::NATO {
                "in the Stasi Prison, 66.32"
            } else if self.state.spandau_destroyed {
                "out of play: Spandau was taken"
            } else {
                "in Spandau Prison, 26.26"
            };
            add(
                format!("{name} captured ({prison})"),
                "3.4.1",
                faces(off_map(self, |s| {
                    s.removed == Some(Fate::Captured) && self.side_of(s.id) == Some(side)
                })),
            );
        }
        out
    }

    fn option_text(&self, o: &Choice, case: Case) -> OptionText {
        let named = |n: Named| name(self.data, n).to_string();
        let (label, detail) = match *o {
            // 2.4: the chit NATO names instead of a draw.
            Choice::Chit(c) if case == "2.4" => (
                named(Named::Chit(c)),
                "[2.4] NATO names it: it is played next".to_string(),
            ),
            Choice::Chit(c) => (named(Named::Chit(c)), format!("[{case}]")),
            Choice::Pass if case == "2.4" => (
                "Draw from the Cup".to_string(),
                "[2.4] no chit named: the next one is drawn blind".to_string(),
            ),
            Choice::Pass => ("Pass".to_string(), format!("[{case}] none of these")),
            Choice::Buy(f) => (
                format!("Buy the Formation chit of {}", self.formation_name(f.0)),
                format!(
                    "[{case}] at the Action Phase price; {}",
                    self.action_fatigue(*o)
                ),
            ),
            Choice::BuyPaidBy(f, d) => (
                format!("Buy the Formation chit of {}", self.formation_name(f.0)),
                format!(
                    "[4.1.1] paid by {}; {}",
                    named(Named::Division(d)),
                    self.action_fatigue(*o)
                ),
            ),
            Choice::OpFire(u) => {
                let at = self
                    .state
                    .series
                    .units
                    .get(usize::from(u.0))
                    .and_then(|s| s.hex)
                    .map(|h| format!(" from {}", named(Named::Hex(h))))
                    .unwrap_or_default();
                (
                    format!("Fire with {}", named(Named::Unit(u))),
                    format!("[S9.11.3] opportunity fire{at}"),
                )
            }
            Choice::KeepRoll => (
                "Keep the roll".to_string(),
                "[3.8] the roll stands".to_string(),
            ),
            Choice::Reroll => (
                "Reroll".to_string(),
                "[3.8] the Booze marker goes to the other side".to_string(),
            ),
            Choice::Marker(code) => match back(code) {
                Some(Back::Blank) => ("A decoy".to_string(), "[4.3] it leaves the game".into()),
                Some(Back::HerrSchmidt) => (
                    "Herr Schmidt".to_string(),
                    "[4.3] 1 VP to the Warsaw Pact".into(),
                ),
                Some(Back::Leader) => (
                    "A leader".to_string(),
                    "[4.3] to the Stasi Prison (66.32)".into(),
                ),
                None => (format!("Marker {code}"), format!("[{case}]")),
            },
            Choice::Division(d) => (
                named(Named::Division(d)),
                format!("[{case}] takes a Division TQC (9.2)"),
            ),
        };
        OptionText { label, detail }
    }

    /// 10.1: both sides' Victory Points on the track.
    fn score_text(&self) -> String {
        let vp = &self.state.vp;
        format!(
            "WP {} VP · NATO {} VP",
            vp.of(engine::gates::WARSAW_PACT),
            vp.of(engine::gates::NATO)
        )
    }

    fn combat_card(&self, _viewer: Viewer) -> Option<super::CardText> {
        // Nothing of a fire or an assault is hidden in the Gates: every seat reads the same
        // card.
        super::gates_card::card(self).or_else(|| super::gates_assault_card::card(self))
    }

    /// 2.3 fires, 10.2 destroyed objectives, S14.3 Illumination, S16.3 Hex Owned.
    fn hex_markers(&self, _viewer: Viewer) -> Vec<super::HexMarker> {
        super::gates_markers::hex_markers(self)
    }

    /// S3.4, S4.4: the hexes of the units the chit in play activated that have not finished.
    fn active_hexes(&self, _viewer: Viewer) -> Vec<HexId> {
        let data = self.series_data();
        let series = &self.state.series;
        let mut out: Vec<HexId> = series
            .units
            .iter()
            .filter(|u| series.may_still_act(&data, u.id))
            .filter_map(|u| u.hex)
            .collect();
        out.sort();
        out.dedup();
        out
    }

    fn sheets(&self, _viewer: Viewer) -> Vec<super::SheetSection> {
        // The Division Displays are on the table for both players (S18.4).
        super::gates_displays::sheets(self)
    }

    /// 10.1: a side at 29 with the other at 0 has won; otherwise the scenario's verdict at
    /// its check turns or its last (S21.1, 10.2).
    fn victory(&self) -> Option<VictoryText> {
        let vp = &self.state.vp;
        let (title, why, case) = if let Some(side) = vp.decided() {
            (
                format!("{} victory", Gates::side_name(side)),
                "29 Victory Points against none on the track".to_string(),
                "10.1",
            )
        } else {
            let verdict = self.state.series.turn.verdict?;
            let title = match verdict {
                Verdict::Win(side) => format!("{} victory", Gates::side_name(side)),
                Verdict::Draw => "A draw".to_string(),
            };
            (
                title,
                "the scenario's victory conditions".to_string(),
                "S21.1",
            )
        };
        let turn = self.state.series.turn.turn;
        Some(VictoryText {
            title,
            subtitle: format!("Game turn {turn}: {why}"),
            case,
            rows: vec![
                (
                    "Warsaw Pact Victory Points [10.1]".to_string(),
                    vp.of(engine::gates::WARSAW_PACT).to_string(),
                ),
                (
                    "NATO Victory Points [10.1]".to_string(),
                    vp.of(engine::gates::NATO).to_string(),
                ),
                (
                    "Objectives destroyed [10.2]".to_string(),
                    self.state.objectives.count().to_string(),
                ),
            ],
        })
    }
}

/// What the adapters ask of the Gates game beyond its contract.
trait GatesNames {
    fn side_of(&self, u: UnitId) -> Option<Side>;
    fn formation_name(&self, f: u8) -> String;
    /// 3.3.1: what buying a Formation chit in the Action Phase does to its payer's fatigue.
    fn action_fatigue(&self, buy: Choice) -> String;
}

impl GatesNames for Gates {
    fn side_of(&self, u: UnitId) -> Option<Side> {
        self.data.counters.get(usize::from(u.0)).map(|c| c.side)
    }
    fn action_fatigue(&self, buy: Choice) -> String {
        let data = self.series_data();
        let turn = &self.state.series.turn;
        match turn.action_buy_fatigue(data.command, buy) {
            Ok((_, d, now)) if now != turn.track(d).fatigue => format!(
                "{}'s fatigue {} → {now} at once (3.3.1)",
                name(self.data, Named::Division(d)),
                turn.track(d).fatigue
            ),
            _ => "no change to fatigue (3.3.1)".to_string(),
        }
    }
    fn formation_name(&self, f: u8) -> String {
        self.data
            .formation_names
            .get(usize::from(f))
            .map_or_else(|| format!("formation {f}"), |n| n.to_string())
    }
}
