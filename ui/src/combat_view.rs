//! How an attack looks on screen: the engine's combat card ([`Game::combat_card`],
//! [`Game::preview_attack`]) laid out as the rows of the card dialog and the attack list. Every
//! figure comes from the engine; this module only words it.

use crate::{AttackRow, DieRow, ShiftRow, TextRow};
use engine::berlin85::combat::{CombatCard, DeclaredAttack};
use engine::berlin85::data::CombatResult;
use engine::berlin85::view::{Shown, View};
use engine::berlin85::Game;
use engine::core::units::UnitId;

/// The card dialog's content.
#[derive(Clone, Debug, Default)]
pub struct CardRows {
    pub title: String,
    pub attack: Vec<TextRow>,
    pub attack_total: String,
    pub defense: Vec<TextRow>,
    pub defense_total: String,
    pub differential: String,
    pub shifts: Vec<ShiftRow>,
    pub column: String,
    pub faces: Vec<DieRow>,
    pub note: String,
}

/// A result code and what it does, for the die-face rows [7.6].
pub fn result_text(r: CombatResult) -> (&'static str, &'static str) {
    match r {
        CombatResult::NoEffect => ("—", "no effect"),
        CombatResult::A1 => ("A1", "attackers retreat 1 hex"),
        CombatResult::A2 => ("A2", "attackers retreat 2 hexes"),
        CombatResult::A3 => ("A3", "attackers retreat 3 hexes"),
        CombatResult::Ae => ("Ae", "attackers eliminated; defender may advance"),
        CombatResult::Br => ("Br", "both retreat 1 hex, defender first"),
        CombatResult::D1 => ("D1", "defenders retreat 1 hex"),
        CombatResult::D2 => ("D2", "defenders retreat 2 hexes"),
        CombatResult::D3 => ("D3", "defenders retreat 3 hexes"),
        CombatResult::D4 => ("D4", "defenders retreat 4 hexes"),
        CombatResult::De => ("De", "defenders eliminated; attacker may advance"),
        CombatResult::Ex => ("Ex", "defenders eliminated, attacker loses as many points"),
        CombatResult::Ax => ("Ax", "defenders retreat 1, attacker loses their defence"),
    }
}

fn names(g: &Game<'_>, us: &[UnitId]) -> String {
    us.iter()
        .map(|&u| g.def(u).name.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// "1/1 EG, 2/1 EG → 3 Bde (3811)".
pub fn attack_title(g: &Game<'_>, attackers: &[UnitId], defenders: &[UnitId]) -> String {
    let at = defenders
        .first()
        .and_then(|&d| g.hex_of(d))
        .map(|h| format!(" ({})", g.data.map.geometry.format(h)))
        .unwrap_or_default();
    if attackers.is_empty() {
        format!("barrage on {}{at}", names(g, defenders))
    } else {
        format!("{} → {}{at}", names(g, attackers), names(g, defenders))
    }
}

fn strength(s: Shown) -> String {
    match s {
        Shown::Value(v) => v.to_string(),
        Shown::Untried => "?".to_string(),
    }
}

/// The column as the card shows it: "+3..+5" or "? (untried)".
pub fn column_text(card: &CombatCard) -> String {
    match (&card.column_label, card.differential) {
        (Some(l), _) => l.to_string(),
        (None, None) => "?".to_string(),
        (None, Some(d)) => format!("{d:+}"),
    }
}

/// Lays out `card` for the attack by `attackers` on `defenders` (declared or previewed).
pub fn card_rows(
    g: &Game<'_>,
    view: &View<'_>,
    attack: Option<&DeclaredAttack>,
    attackers: &[UnitId],
    defenders: &[UnitId],
    card: &CombatCard,
) -> CardRows {
    let row = |label: String, value: String| TextRow {
        label: label.into(),
        value: value.into(),
    };
    let mut out = CardRows {
        title: attack_title(g, attackers, defenders),
        ..CardRows::default()
    };
    for &u in attackers {
        if let Some(v) = view.unit(u) {
            out.attack.push(row(v.name.to_string(), strength(v.attack)));
        }
    }
    if let Some(a) = attack {
        for f in &a.barrage {
            let d = g.def(f.unit);
            out.attack.push(row(
                format!(
                    "[8.1] barrage: {}{}",
                    d.name,
                    if f.gas { " (gas)" } else { "" }
                ),
                d.barrage.to_string(),
            ));
        }
        for f in &a.fpf {
            let d = g.def(f.unit);
            out.defense.push(row(
                format!("[8.4] FPF: {}{}", d.name, if f.gas { " (gas)" } else { "" }),
                d.fpf.to_string(),
            ));
        }
    }
    if card.air > 0 {
        out.attack
            .push(row("[9.0] ground support".into(), card.air.to_string()));
    }
    for &u in defenders {
        if let Some(v) = view.unit(u) {
            out.defense
                .push(row(v.name.to_string(), strength(v.defense)));
        }
    }
    if card.fpf_air > 0 {
        out.defense.push(row(
            "[9.0] ground support (FPF)".into(),
            card.fpf_air.to_string(),
        ));
    }
    let total = |known: u16, extra: u16, untried: u8| {
        if untried > 0 && known + extra == 0 {
            format!("{untried} untried")
        } else if untried > 0 {
            format!("{} + {untried} untried", known + extra)
        } else {
            (known + extra).to_string()
        }
    };
    out.attack_total = total(
        card.attack_known,
        card.barrage + u16::from(card.air),
        card.attack_untried,
    );
    out.defense_total = total(
        card.defense_known,
        card.fpf + u16::from(card.fpf_air),
        card.defense_untried,
    );
    out.differential = match card.differential {
        Some(d) => format!("Combat differential {d:+} [7.0]"),
        None => "Combat differential: known when the untried units are revealed [11.0]".to_string(),
    };
    out.shifts = card
        .shifts
        .iter()
        .map(|s| ShiftRow {
            case: s.case.into(),
            text: s.why.into(),
            shift: format!("{:+}", s.columns).into(),
        })
        .collect();
    if card.shifts.is_empty() {
        out.shifts.push(ShiftRow {
            case: "7.4".into(),
            text: "no column shifts".into(),
            shift: "0".into(),
        });
    } else {
        out.shifts.push(ShiftRow {
            case: "7.51".into(),
            text: "net shift (the table's ends absorb the rest)".into(),
            shift: format!("{:+}", card.net_shift).into(),
        });
    }
    out.column = column_text(card);
    out.faces = match card.results {
        Some(res) => res
            .iter()
            .enumerate()
            .map(|(i, &r)| {
                let (code, what) = result_text(r);
                DieRow {
                    face: (i + 1).to_string().into(),
                    result: code.into(),
                    detail: what.into(),
                }
            })
            .collect(),
        None => Vec::new(),
    };
    let mut notes = Vec::new();
    if card.artillery_only {
        notes.push("Artillery (and air) alone: only D2, D3, D4 and De count [8.15].");
    }
    if card.results.is_none() {
        notes.push("The results show once every untried strength is drawn [11.0].");
    }
    out.note = notes.join(" ");
    out
}

/// One row of the attack list.
pub fn attack_row(
    g: &Game<'_>,
    index: u8,
    a: &DeclaredAttack,
    card: Option<&CombatCard>,
    can_resolve: bool,
    can_withdraw: bool,
) -> AttackRow {
    let mut detail = Vec::new();
    if !a.barrage.is_empty() {
        detail.push(format!("{} barrage", a.barrage.len()));
    }
    if a.air > 0 {
        detail.push(format!("{} air", a.air));
    }
    if !a.fpf.is_empty() {
        detail.push(format!("{} FPF", a.fpf.len()));
    }
    if a.fpf_air > 0 {
        detail.push(format!("{} air FPF", a.fpf_air));
    }
    let state = match (a.resolved, a.die, a.result) {
        (true, Some(d), Some(r)) => format!("rolled {d}: {}", result_text(r).0),
        (true, _, _) => "resolved".to_string(),
        _ => String::new(),
    };
    AttackRow {
        index: i32::from(index),
        title: match a.empty_hex {
            // A barrage on an empty hex [8.16]: no defenders, only the hex.
            Some(h) => format!(
                "{}. barrage on the empty hex {} [8.16]",
                index + 1,
                g.data.map.geometry.format(h)
            ),
            None => format!(
                "{}. {}",
                index + 1,
                attack_title(g, &a.attackers, &a.defenders)
            ),
        }
        .into(),
        detail: detail.join(" · ").into(),
        column: card.map_or("?".to_string(), column_text).into(),
        state: state.into(),
        can_resolve,
        can_withdraw,
    }
}
