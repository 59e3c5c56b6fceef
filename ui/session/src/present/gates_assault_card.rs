//! The Gates' assault card in words: the engine's card of the assault waiting for a d10
//! (`SeriesGame::pending_assault`) — the attackers the defensive fire left in it (S10.2) and
//! every unit of the hex assaulted (S10.1), each side's Assault Value line by line (S10.3) and
//! its roll modifiers (table S10.4-T), and what the dice do on table S10.5-T: its bands
//! before the attacker's d10, then what each face of the defender's d10 gives against the
//! attacker's total. Every number is the engine's; this file only words them.

use super::{signed, CardText};
use crate::gates::Gates;
use engine::core::protocol::Pending;
use engine::css::assault::{AssaultResult, AssaultTable, SideCard};
use engine::css::game::PendingAssault;
use engine::gates::game::describe::{name, Named};

/// What a result of table S10.5-T does (S10.5, S11.8).
fn effect(r: AssaultResult) -> &'static str {
    match r {
        AssaultResult::DefendersStepAndRout => {
            "a step off each defender, the rest rout; the hex may be taken (S10.6)"
        }
        AssaultResult::DefendersRout => "the defenders rout; the hex may be taken (S10.6)",
        AssaultResult::DefendersDgAndCheck => {
            "each defender Demoralized and takes a TQC, routing if it fails"
        }
        AssaultResult::BothDg => "every unit of both sides Demoralized",
        AssaultResult::AttackersDg => "each attacker Demoralized",
        AssaultResult::AttackersRout => "the attackers rout (S11.8)",
        AssaultResult::AttackersStepAndRout => "a step off each attacker, the rest rout",
    }
}

/// The rows of one side's total: its best firepower, each Assault Value line and each roll
/// modifier, with their cases.
fn lines(who: &str, side: &SideCard, out: &mut Vec<(&'static str, String, String)>) {
    out.push((
        "S10.3",
        format!("{who}: best base firepower"),
        side.value.best.to_string(),
    ));
    for l in &side.value.lines {
        out.push((l.case, format!("{who}: {}", l.what), signed(l.value.into())));
    }
    if side.value.value > side.value.best + line_sum(side) {
        // S10.3: never below 0.
        out.push(("S10.3", format!("{who}: never below 0"), String::new()));
    }
    for l in &side.modifiers.lines {
        out.push((
            l.case,
            format!("{who}'s roll: {}", l.what),
            signed(l.value.into()),
        ));
    }
}

fn line_sum(side: &SideCard) -> i16 {
    side.value.lines.iter().map(|l| i16::from(l.value)).sum()
}

/// A side's total before its die: "value + modifiers + d10".
fn before_die(side: &SideCard) -> String {
    let fixed = side.value.value + side.modifiers.modifier;
    format!("{fixed} + d10")
}

/// Table S10.5-T's bands as card rows: (the difference nearest 0, code, "range: effect"),
/// each range read outward from 0 as the table prints it ("+3 to +5", "−1 to −2").
fn bands(table: &AssaultTable) -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    let last = table.bands.len().saturating_sub(1);
    for (i, b) in table.bands.iter().enumerate() {
        // The band runs from `b.from` up to just below the band above it.
        let top = (i > 0).then(|| table.bands[i - 1].from - 1);
        let (near, range) = match top {
            None => (b.from, format!("{} and up", signed(b.from))),
            Some(top) if i == last => (top, format!("{} and below", signed(top))),
            Some(top) if top == b.from => (top, signed(top)),
            Some(top) if b.from >= 0 => (b.from, format!("{} to {}", signed(b.from), signed(top))),
            Some(top) => (top, format!("{} to {}", signed(top), signed(b.from))),
        };
        out.push((
            signed(near),
            b.result.label().to_string(),
            format!("{range}: {}", effect(b.result)),
        ));
    }
    out
}

/// The card of the assault waiting for a d10; `None` at any other time.
pub fn card(g: &Gates) -> Option<CardText> {
    if !matches!(g.pending(), Pending::Roll { .. }) {
        return None;
    }
    let data = g.series_data();
    let a: PendingAssault = g.state.series.pending_assault(&data)?;
    let table = &data.assault.table;
    let named = |what: Named| name(g.data, what).to_string();
    let attack = a
        .attackers
        .iter()
        .map(|u| (named(Named::Unit(*u)), "assaults".to_string()))
        .collect();
    let defence = a
        .defenders
        .iter()
        .map(|u| (named(Named::Unit(*u)), "defends".to_string()))
        .collect();
    let mut shifts = Vec::new();
    lines("Attacker", &a.attack, &mut shifts);
    lines("Defender", &a.defence, &mut shifts);
    let (differential, column, faces, note) = match a.attacker_roll {
        None => (
            "Attacker's total − defender's, on table S10.5-T".to_string(),
            format!("{} vs {}", before_die(&a.attack), before_die(&a.defence)),
            bands(table),
            "The attacker rolls first, then the defender; each d10 is read 0 to 9 and high is \
             good (S10.4)."
                .to_string(),
        ),
        Some(r) => {
            let total = a.attack.total(r);
            let faces = (0..10u8)
                .filter_map(|d| {
                    let diff = total - a.defence.total(d);
                    let res = table.result(diff)?;
                    Some((
                        d.to_string(),
                        res.label().to_string(),
                        format!("{}: {}", signed(diff), effect(res)),
                    ))
                })
                .collect();
            (
                format!("The attacker rolled {r}: total {total}"),
                format!("{total} vs {}", before_die(&a.defence)),
                faces,
                "The defender's d10 decides: each face below gives the difference and its result \
                 (S10.5)."
                    .to_string(),
            )
        }
    };
    Some(CardText {
        title: format!("Assault on {}", named(Named::Hex(a.target))),
        case: "S10.4",
        attack,
        attack_total: format!("Assault Value {}", a.attack.value.value),
        defence,
        defence_total: format!("Assault Value {}", a.defence.value.value),
        differential,
        shifts,
        column_title: "Totals",
        column,
        faces,
        note,
    })
}
