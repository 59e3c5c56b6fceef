//! The three- to six-player games (17.2, 17.3): who commands which units. Two Soviet players
//! split the armies by front, Zhukov's and Koniev's (17.2); from four players the Germans split
//! their units by service among a Hitler player, an Armed Forces player, and with five or six an
//! SS and a Civilian player (17.3.1–17.3.3). The engine speaks in roles; which German player
//! holds which role is game state (`game::players`), since the Hitler player may reshuffle them.

use super::board::Forces;
use super::counters::{FormationKind, Front, Service, UnitType, GERMAN, SOVIET};
use crate::core::side::Side;
use crate::core::units::UnitId;
use serde::{Deserialize, Serialize};

/// Players the rules allow (2.0, 17.2, 17.3).
pub const MIN_PLAYERS: u8 = 2;
pub const MAX_PLAYERS: u8 = 6;

/// A player's command in the multi-player games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Role {
    Zhukov,
    Koniev,
    Hitler,
    ArmedForces,
    Ss,
    Civilian,
}

impl Role {
    pub const fn name(self) -> &'static str {
        match self {
            Role::Zhukov => "Zhukov",
            Role::Koniev => "Koniev",
            Role::Hitler => "Hitler Player",
            Role::ArmedForces => "Armed Forces Player",
            Role::Ss => "SS Player",
            Role::Civilian => "Civilian Player",
        }
    }
    /// The player's name on the start screen, where the players pick their seats (17.2:
    /// the two Soviet front commanders; 17.3.1–17.3.3: the German players).
    pub const fn title(self) -> &'static str {
        match self {
            Role::Zhukov => "Zhukov (1st Belorussian Front)",
            Role::Koniev => "Koniev (1st Ukrainian Front)",
            Role::Hitler => "Hitler player",
            Role::ArmedForces => "Armed Forces player",
            Role::Ss => "SS player",
            Role::Civilian => "Civilian player",
        }
    }
    /// The side the role plays.
    pub const fn side(self) -> Side {
        match self {
            Role::Zhukov | Role::Koniev => SOVIET,
            _ => GERMAN,
        }
    }
    pub const fn of_front(f: Front) -> Role {
        match f {
            Front::Zhukov => Role::Zhukov,
            Front::Koniev => Role::Koniev,
        }
    }
}

/// The German roles in the order the German players hold them at the start.
pub const GERMAN_ROLES: [Role; 4] = [Role::Hitler, Role::ArmedForces, Role::Ss, Role::Civilian];

/// How many German players a game of `players` has (17.3: every player beyond three is German).
pub const fn german_players(players: u8) -> u8 {
    if players <= 3 {
        1
    } else {
        players - 2
    }
}

/// The German roles of a game of `players` (17.3.1–17.3.3); none below four.
pub fn german_roles(players: u8) -> &'static [Role] {
    match players {
        4 => &GERMAN_ROLES[..2],
        5 => &GERMAN_ROLES[..3],
        6 => &GERMAN_ROLES[..4],
        _ => &[],
    }
}

/// The players at a table of `players` (17.2, 17.3), in seat order, each with the role he
/// holds at the start: the German players first, numbered as `game::GermanRoles::holder` numbers
/// them (a lone German player holds no role), then the Soviets (Zhukov and Koniev from three
/// players on, else one Soviet player without a role).
pub fn seats_at_start(players: u8) -> heapless::Vec<(Side, Option<Role>), 6> {
    let players = players.clamp(MIN_PLAYERS, MAX_PLAYERS);
    let mut out = heapless::Vec::new();
    let roles = german_roles(players);
    if roles.is_empty() {
        let _ = out.push((GERMAN, None));
    }
    for &r in roles {
        let _ = out.push((GERMAN, Some(r)));
    }
    if players >= 3 {
        let _ = out.push((SOVIET, Some(Role::Zhukov)));
        let _ = out.push((SOVIET, Some(Role::Koniev)));
    } else {
        let _ = out.push((SOVIET, None));
    }
    out
}

/// The front of a Soviet unit: that of the army it belongs to (17.2). A unit of no army is
/// Zhukov's (see Rulings).
pub fn front_of(forces: &Forces, u: UnitId) -> Front {
    let mut f = forces.counter(u).and_then(|c| c.formation);
    for _ in 0..4 {
        let Some(formation) = f.and_then(|id| forces.formation(id)) else {
            break;
        };
        if formation.kind == FormationKind::Army {
            return formation.front.unwrap_or(Front::Zhukov);
        }
        f = formation.higher;
    }
    Front::Zhukov
}

/// The role commanding `u` in a game of `players`; `None` when one player has the whole side,
/// and for leaders, who take no orders (11.1.5, 17.4.2).
pub fn role_of(forces: &Forces, players: u8, u: UnitId) -> Option<Role> {
    let c = forces.counter(u)?;
    if c.kind == UnitType::Leader {
        return None;
    }
    if c.side != GERMAN {
        return (players >= 3).then(|| Role::of_front(front_of(forces, u)));
    }
    use Service::*;
    let role = match (players, c.service()) {
        (0..=3, _) => return None,
        (_, Wehrmacht) => Role::ArmedForces,
        // 17.3.1: everything else is the Hitler player's.
        (4, _) => Role::Hitler,
        // 17.3.2: the SS player has the SS and the Hitler Youth.
        (5, WaffenSs | Bodyguard | HitlerYouth) => Role::Ss,
        (5, _) => Role::Hitler,
        // 17.3.3: the Hitler player keeps only the Freikorps and his bodyguard.
        (_, WaffenSs | HitlerYouth) => Role::Ss,
        (_, Civil) => Role::Civilian,
        (_, Freikorps | Bodyguard) => Role::Hitler,
    };
    Some(role)
}

/// The role that speaks first for `side` when it must act: the Hitler player, nominally the
/// German side's senior partner (17.3.1), and Zhukov for the Soviets (the first front 17.2
/// names); none when one player has the whole side.
pub fn lead_role(players: u8, side: Side) -> Option<Role> {
    if side == GERMAN {
        german_roles(players).first().copied()
    } else {
        (players >= 3).then_some(Role::Zhukov)
    }
}

/// Do `units` belong to more than one Soviet front (17.2)?
pub fn mixes_fronts(forces: &Forces, players: u8, units: impl IntoIterator<Item = UnitId>) -> bool {
    if players < 3 {
        return false;
    }
    let mut seen: Option<Front> = None;
    for u in units {
        if forces.counter(u).is_none_or(|c| c.side == GERMAN) {
            continue;
        }
        let f = front_of(forces, u);
        match seen {
            Some(s) if s != f => return true,
            _ => seen = Some(f),
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    // 17.2, 17.3.1–17.3.3: the German players first, then the two fronts.
    #[test]
    fn seats_17_2_17_3_german_players_first_then_the_fronts() {
        let roles = |n| {
            seats_at_start(n)
                .iter()
                .map(|&(s, r)| (s, r.map(Role::name)))
                .collect::<heapless::Vec<_, 6>>()
        };
        assert_eq!(roles(2), [(GERMAN, None), (SOVIET, None)]);
        assert_eq!(
            roles(3),
            [
                (GERMAN, None),
                (SOVIET, Some("Zhukov")),
                (SOVIET, Some("Koniev"))
            ]
        );
        let six = seats_at_start(6);
        assert_eq!(six.len(), 6);
        assert_eq!(
            six.iter()
                .filter_map(|s| s.1)
                .map(Role::title)
                .collect::<heapless::Vec<_, 6>>(),
            [
                "Hitler player",
                "Armed Forces player",
                "SS player",
                "Civilian player",
                "Zhukov (1st Belorussian Front)",
                "Koniev (1st Ukrainian Front)"
            ]
        );
        assert!(six.iter().all(|&(s, r)| r.is_some_and(|r| r.side() == s)));
        assert_eq!(lead_role(4, GERMAN), Some(Role::Hitler));
        assert_eq!(lead_role(3, GERMAN), None);
        assert_eq!(lead_role(3, SOVIET), Some(Role::Zhukov));
        assert_eq!(lead_role(2, SOVIET), None);
    }
}
