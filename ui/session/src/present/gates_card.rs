//! The Gates' fire card in words: the engine's card of the fire waiting for its d10
//! (`SeriesGame::pending_fire`) — the fire group and its leading unit (S9.4), each unit in the
//! target hex with its own column (S9.3.2 step 2, S9.3.3), the leading target's firepower,
//! every modifier with its case (table S9.5-T), and what each face of the d10 does on that
//! column (table S9.6-T, an unmodified 0 at least a Pin). Every number is the engine's; this
//! file only words them. Nothing of the Gates is hidden, so every seat reads the same card.

use super::{signed, CardText};
use crate::gates::Gates;
use engine::core::protocol::Pending;
use engine::css::fire::table::{FireResult, FACES};
use engine::css::fire::{result_of, FireKind};
use engine::gates::game::describe::{name, Named};

/// What a result of table S9.6-T does to the unit it strikes (S9.7, S11.4–S11.6).
fn effect(r: FireResult) -> &'static str {
    match r {
        FireResult::NoEffect => "no effect",
        FireResult::Pin => "Pinned (S11.4)",
        FireResult::Dg => "Demoralized (S11.5)",
        FireResult::Suppress => "Suppressed (S11.6)",
        FireResult::Step => "one step lost; a survivor is Demoralized (S9.7.1)",
        FireResult::StepSuppress => "one step lost; a survivor is Suppressed (S9.7.1)",
        FireResult::TwoSteps => "two steps lost; a survivor is Suppressed (S9.7.1)",
    }
}

/// The card of the fire waiting for its d10; `None` at any other time.
pub fn card(g: &Gates) -> Option<CardText> {
    // While the d10 is awaited; the Booze question after it (3.8) is the dialog's alone.
    if !matches!(g.pending(), Pending::Roll { .. }) {
        return None;
    }
    let data = g.series_data();
    let fire = g.state.series.pending_fire(&data)?;
    let named = |what: Named| name(g.data, what).to_string();
    let hex = named(Named::Hex(fire.target));
    let (title, case) = match fire.kind {
        FireKind::Opportunity => (format!("Opportunity Fire on {hex}"), "S9.11.3"),
        _ => (format!("Fire on {hex}"), "S9.3.2"),
    };
    // The d10 is read for every unit in the hex on its own column; the card is read on the
    // first the fire can affect (S9.3.2 step 2), the others' columns are in the defence rows.
    let lead = fire.cards.iter().find(|(_, c)| c.affects);
    let mut attack = Vec::new();
    for (i, u) in fire.units.iter().enumerate() {
        let leads = lead.is_some_and(|(_, c)| c.leader == i);
        let value = if leads {
            "leads (S9.4)".to_string()
        } else if lead.is_none() {
            // S9.3.3: nobody in the hex can be affected; no firepower leads.
            "—".to_string()
        } else {
            // S9.4: each other member adds to the leader's firepower.
            format!(
                "{} (S9.4)",
                signed(data.fire.modifiers.combined_member.into())
            )
        };
        attack.push((named(Named::Unit(*u)), value));
    }
    let defence = fire
        .cards
        .iter()
        .map(|(u, c)| {
            let value = if c.affects {
                format!("column {}", c.column)
            } else {
                "out of reach (S9.3.3)".to_string()
            };
            (named(Named::Unit(*u)), value)
        })
        .collect();
    let Some((target, lead)) = lead else {
        return Some(CardText {
            title,
            case,
            attack,
            attack_total: String::new(),
            defence,
            defence_total: String::new(),
            differential: "No unit in the hex can be affected".into(),
            shifts: Vec::new(),
            column_title: "Column",
            column: String::new(),
            faces: Vec::new(),
            note: "S9.3.3: the fire may still be rolled; it leaves every unit alone.".into(),
        });
    };
    let shifts = lead
        .lines
        .iter()
        .map(|l| (l.case, l.what.to_string(), signed(l.value.into())))
        .collect();
    let faces = (0..FACES as u8)
        .map(|raw| {
            let r = result_of(&data.fire.table, lead.column, raw);
            (
                raw.to_string(),
                r.label().to_string(),
                effect(r).to_string(),
            )
        })
        .collect();
    Some(CardText {
        title,
        case,
        attack,
        attack_total: format!("Firepower {}", lead.firepower),
        defence,
        // S9.3.3: how many units in the hex the fire can affect, each on its own column.
        defence_total: format!(
            "{} in reach",
            fire.cards.iter().filter(|(_, c)| c.affects).count()
        ),
        differential: format!(
            "Against {}: firepower {} on the Fire Table (S9.5)",
            named(Named::Unit(*target)),
            lead.firepower
        ),
        shifts,
        // The card's layout words it "Column …".
        column_title: "Column",
        column: lead.column.to_string(),
        faces,
        note: "A d10 read 0 to 9; low is good for the firer, an unmodified 0 always Pins (S9.6)."
            .into(),
    })
}
