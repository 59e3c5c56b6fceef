//! *Fortress Berlin*'s combat card in words: the engine's card of the combat waiting for its
//! 2d6 (`Game::pending_card`) — totals and their lines, the differential, the Upper Matrix's
//! column and protection row, the letter, each column shift and dice modifier with its case,
//! and what each total of the two dice would do on the Lower Matrix (8.1.2–8.1.5, 8.2.4, 8.4.2,
//! 8.5, 8.6). Every number is the engine's; this file only words it, and leaves out what the
//! viewer may not see of an enemy force (3.1.5, 3.6).

use super::{signed, CardText};
use crate::fortress::Fortress;
use engine::core::crt::{ColumnRange, Letters};
use engine::core::protocol::{DiceRoll, Pending};
use engine::core::side::{Side, Viewer};
use engine::fortress::combat::{
    AdvanceRight, CombatCard, CombatKind, CombatResult, Disclosure, Losses, Obligations, Part,
    Source, Strength,
};

/// The card of the combat waiting for its 2d6, worded for `viewer`; `None` at any other time.
pub fn card(g: &Fortress, viewer: Viewer) -> Option<CardText> {
    let card = g.pending_card()?;
    let combat = g.pending_combat()?;
    // The side rolling is the side firing or assaulting (8.1, 8.3.5).
    let Pending::Roll {
        player: attacker, ..
    } = g.pending()
    else {
        return None;
    };
    let tables = &g.data.combat;
    let hex = g.data.map.geometry.format(combat.target).to_string();
    let (title, case) = if combat.air {
        (format!("Air Strike on {hex}"), "11.4")
    } else {
        let on = match combat.unit.and_then(|u| g.data.forces.counter(u)) {
            // 8.3: direct gun fire aims at one unit, which the firer sees.
            Some(c) if card.reveal.defenders == Disclosure::Full => {
                format!("{} in {hex}", c.name)
            }
            _ => hex,
        };
        (format!("{} on {on}", card.kind.name()), card.kind.case())
    };
    // 3.6: what each side of the combat shows the other, and an onlooker.
    let sees = |own: Side, shown: Disclosure| match viewer {
        Viewer::Side(s) if s == own => Disclosure::Full,
        _ => shown,
    };
    let attack = lines(g, &card, true, sees(attacker, card.reveal.attackers));
    let defence = lines(
        g,
        &card,
        false,
        sees(attacker.other(), card.reveal.defenders),
    );
    let kind = card.kind;
    let heading = card
        .column
        .and_then(|c| tables.heading.lines[kind.index()].ranges.get(c).copied());
    let last_column = card
        .column
        .is_some_and(|c| c + 1 == tables.heading.lines[kind.index()].ranges.len());
    // 8.1.2: the differential is the attack total less the defence total.
    let differential = match heading {
        Some(r) => format!(
            "Differential {} − {} = {}: heading column {} [8.1.2]",
            card.attack,
            card.defence,
            signed(card.differential),
            range(r, last_column)
        ),
        // 8.1.3: below the heading the attack fails.
        None => format!(
            "Differential {} − {} = {}: below the heading, the attack fails [8.1.3]",
            card.attack,
            card.defence,
            signed(card.differential)
        ),
    };
    let mut shifts = Vec::new();
    if let (Some(r), Some(base)) = (heading, card.base_letter) {
        // 8.1.4: the adjusted PF picks the Upper Matrix row.
        let rows = &tables.upper.rows;
        let row = rows.ranges.get(rows.column_of(card.protection)).copied();
        let pf_row = row.map_or(String::new(), |p| {
            let last = rows.column_of(card.protection) + 1 == rows.len();
            format!(" (row {})", range(p, last))
        });
        shifts.push((
            "8.1.4",
            format!(
                "Upper Matrix: column {}, protection PF {}{}",
                range(r, last_column),
                card.protection,
                pf_row
            ),
            letter(base),
        ));
    }
    for s in &card.shifts {
        shifts.push((
            s.case,
            format!("Column shift: {}", shift_reason(s.case, s.amount)),
            format!("{} letter", signed(i16::from(s.amount))),
        ));
    }
    for m in &card.modifiers {
        shifts.push((
            m.case,
            format!("Dice modifier: {}", modifier_reason(m.case)),
            format!("{} on 2d6", signed(i16::from(m.amount))),
        ));
    }
    let column = card
        .letter_name()
        .map_or("—".to_string(), |c| c.to_string());
    let mut faces = Vec::new();
    for total in 2..=12u8 {
        let (a, b) = if total <= 7 {
            (1, total - 1)
        } else {
            (total - 6, 6)
        };
        let Ok(out) = card.read(tables, &DiceRoll::of(&[a, b])) else {
            continue;
        };
        let code = format!(
            "{}{}",
            out.cell.result.symbol(),
            if out.cell.star { "*" } else { "" }
        );
        let read = if out.roll == i16::from(total) {
            String::new()
        } else {
            format!("read as {}: ", out.roll)
        };
        faces.push((
            total.to_string(),
            code,
            format!("{read}{} [8.6]", outcome(kind, &out.obligations)),
        ));
    }
    let note = if kind.is_bombardment() {
        // 8.2.4 step 5: the bombarding side never suffers a result.
        "The bombarding units suffer no result [8.2.4].".to_string()
    } else if kind == CombatKind::DirectGunFire {
        "Results fall on the target unit alone [8.3.6].".to_string()
    } else {
        String::new()
    };
    Some(CardText {
        title,
        case,
        attack: attack.0,
        attack_total: total(card.attack, attack.1),
        defence: defence.0,
        defence_total: total(card.defence, defence.1),
        differential,
        shifts,
        column_title: "Column",
        column,
        faces,
        note,
    })
}

/// One side's lines as `seen` lets the viewer read them, and whether any were hidden.
fn lines(
    g: &Fortress,
    card: &CombatCard,
    attack: bool,
    seen: Disclosure,
) -> (Vec<(String, String)>, bool) {
    let mut out = Vec::new();
    let mut hidden = 0;
    for p in card.parts.iter().filter(|p| p.attack == attack) {
        let name = match p.source {
            Source::Unit(u) | Source::Support(u) => g
                .data
                .forces
                .counter(u)
                .map_or_else(|| format!("unit {}", u.0), |c| c.name.to_string()),
            Source::Garrison => "intrinsic garrison".to_string(),
            Source::OffBoard => "off-board artillery".to_string(),
            Source::AirStrike => "air strike".to_string(),
            Source::Hex => "the hex".to_string(),
        };
        let unit = matches!(p.source, Source::Unit(_));
        match seen {
            Disclosure::Full => {}
            // 3.6: bombardment alone shows the PFs the defender totals, not who has them.
            Disclosure::ProtectionOnly if unit && p.strength == Strength::Protection => {
                out.push((format!("a unit [{}]", p.case), value(p)));
                continue;
            }
            // 3.1.5: only the top unit and the totals.
            _ if unit => {
                hidden += 1;
                continue;
            }
            _ => {}
        }
        let name = match p.source {
            Source::Support(_) => format!("{name} (Support Fire)"),
            _ => name,
        };
        out.push((format!("{name} [{}]", p.case), value(p)));
    }
    if hidden > 0 {
        out.push((
            format!("{hidden} unit(s) not shown [3.1.5]"),
            "?".to_string(),
        ));
    }
    (out, hidden > 0)
}

/// A line's value: "FS 4", "PF 3", half points written as "½".
fn value(p: &Part) -> String {
    let what = match p.strength {
        Strength::Firepower => "FS",
        Strength::Protection => "PF",
    };
    let half = if p.halves % 2 == 1 { "½" } else { "" };
    match (p.halves / 2, half) {
        (0, "½") => format!("{what} ½"),
        (n, h) => format!("{what} {n}{h}"),
    }
}

fn total(n: i16, hidden: bool) -> String {
    // 8.4.2 step 3: halves are rounded down once, on the total.
    if hidden {
        format!("{n} (in all)")
    } else {
        n.to_string()
    }
}

fn letter(l: u8) -> String {
    Letters::A_TO_I.name(l).to_string()
}

/// A heading or protection range as printed ("5 to 7", "12 or more").
fn range(r: ColumnRange, last: bool) -> String {
    if last {
        format!("{} or more", signed_plain(r.lo))
    } else if r.lo == i16::MIN {
        // The first row or column is open below (the tables print "or less").
        format!("{} or less", signed_plain(r.hi))
    } else if r.lo == r.hi {
        signed_plain(r.lo)
    } else {
        format!("{} to {}", signed_plain(r.lo), signed_plain(r.hi))
    }
}

/// A number with a minus sign, not a hyphen, when it is negative.
fn signed_plain(n: i16) -> String {
    if n < 0 {
        format!("−{}", n.unsigned_abs())
    } else {
        n.to_string()
    }
}

/// Why a column shift is on the card, by its case (positive: toward the attacker).
fn shift_reason(case: &str, amount: i8) -> &'static str {
    match case {
        "8.5.1" if amount > 0 => "the attacker's higher Morale Rating",
        "8.5.1" => "the defender's higher Morale Rating",
        "8.5.2" => "armour superiority",
        "8.5.3" => "outflanking",
        "8.5.4" => "the defender is surrounded",
        "17.5" => "Soviet armies attacking together",
        _ => "advantage",
    }
}

/// Why a dice modifier is on the card, by its case.
fn modifier_reason(case: &str) -> &'static str {
    match case {
        "8.1.5" => "terrain or a bridged river",
        "9.0.3" => "ruins",
        "10.1.1" => "perimeter barrier",
        "10.1.2" => "bunker",
        "10.1.3" => "strongpoint",
        "10.1.4" => "flak tower",
        _ => "modifier",
    }
}

/// What a result obliges, in words (8.6–8.10).
pub fn outcome(kind: CombatKind, ob: &Obligations) -> String {
    let who = if ob.single_target {
        "target"
    } else {
        "defender"
    };
    let mut parts: Vec<String> = Vec::new();
    match ob.eliminate {
        Losses::All => parts.push(format!("{who} eliminated")),
        Losses::Units(n) => parts.push(format!("{who} loses {n} unit{}", plural(n))),
        Losses::None => {}
    }
    if ob.result == CombatResult::Exchange && ob.attacker_matches_exchange {
        parts.push("attacker loses a unit to match".to_string());
    }
    if ob.disrupt_defenders {
        parts.push(format!("{who} disrupted"));
    }
    if let Some(r) = ob.retreat {
        let hexes = if r.min == r.max {
            format!("{} hex{}", r.min, if r.min == 1 { "" } else { "es" })
        } else {
            format!("{} or {} hexes", r.min, r.max)
        };
        let survivors = if ob.eliminate == Losses::None {
            ""
        } else {
            "survivors "
        };
        parts.push(format!("{survivors}retreat {hexes}"));
        if r.may_ignore {
            parts.push("fortified units may stay".to_string());
        }
    }
    if ob.garrison_eliminated {
        parts.push("garrison falls".to_string());
    }
    if ob.disrupt_attacking_stack {
        parts.push("one attacking stack disrupted".to_string());
    }
    if ob.ruins {
        parts.push("hex in ruins".to_string());
    }
    match ob.advance {
        AdvanceRight::IfVacated { exploitation } if kind == CombatKind::CloseAssault => {
            if exploitation > 0 {
                parts.push(format!("advance if vacated, {exploitation} more"));
            } else {
                parts.push("advance if vacated".to_string());
            }
        }
        AdvanceRight::OccupyIfEliminated => parts.push("occupy if emptied".to_string()),
        _ => {}
    }
    if parts.is_empty() {
        "no effect".to_string()
    } else {
        parts.join(", ")
    }
}

fn plural(n: u8) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

#[cfg(test)]
mod range_tests {
    use super::*;

    /// 8.1.4: the Upper Matrix's first protection row is open below ("1 or less"), never the
    /// bare bound of the number type; negative bounds read with a minus sign.
    #[test]
    fn fb_8_1_4_an_open_first_row_reads_or_less() {
        let open = ColumnRange {
            lo: i16::MIN,
            hi: 1,
        };
        assert_eq!(range(open, false), "1 or less");
        let r = ColumnRange { lo: -3, hi: -1 };
        assert_eq!(range(r, false), "−3 to −1");
        assert_eq!(range(ColumnRange { lo: 7, hi: 9 }, true), "7 or more");
    }
}
