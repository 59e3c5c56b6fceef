//! The Gates forces — `divisions.toml`, `counters.toml` and `scenarios/*.toml` — load, say
//! what the exclusive rules require of them (one test per case), start the series turn
//! machine, and report each kind of mistake at the file, line and field a person must fix.

use data::gates::{self, GatesForces};
use engine::core::protocol::Events;
use engine::core::side::Side;
use engine::core::units::{Nationality, UnitId, UnitKind};
use engine::css::command::turn::TurnState;
use engine::css::command::{Chit, DivisionId};
use engine::css::counter::{Armour, Hq};
use engine::css::fire::Colour;
use engine::css::terrain::MoveClass;
use engine::gates::command::Kind;
use engine::gates::{NATO, WARSAW_PACT};
use std::borrow::Cow;
use std::sync::OnceLock;

fn forces() -> &'static GatesForces {
    static F: OnceLock<GatesForces> = OnceLock::new();
    F.get_or_init(|| match gates::load_forces_builtin() {
        Ok(f) => f,
        Err(e) => panic!(
            "{}",
            e.iter()
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        ),
    })
}

fn division(key: &str) -> DivisionId {
    DivisionId(
        forces()
            .divisions
            .iter()
            .position(|d| d.key == key)
            .unwrap_or_else(|| panic!("division {key}")) as u8,
    )
}

#[test]
fn gates_forces_load_as_stand_ins() {
    let f = forces();
    for file in [
        "divisions.toml",
        "counters.toml",
        "scenarios/intro.toml",
        "scenarios/stand_your_ground.toml",
        "scenarios/war_is_coming.toml",
        "scenarios/man_your_stations.toml",
    ] {
        assert!(
            f.stand_ins.iter().any(|s| s == file),
            "{file} is a stand-in"
        );
    }
    assert_eq!(f.counters.len(), f.units.len());
    assert!(
        (80..=200).contains(&f.counters.len()),
        "a credible, finite countermix: {}",
        f.counters.len()
    );
    assert_eq!(f.command.divisions.len(), f.divisions.len());
    assert_eq!(f.command.formations.len(), f.formations.len());
    // The introductory scenario and the three of 14.0.
    assert_eq!(f.scenarios.len(), 4);
    // 13.0: NATO's nations and the Warsaw Pact's forces all appear.
    for key in [
        "us_bb",
        "uk_bib",
        "fr_ffb",
        "wb_police",
        "nva_1msd",
        "sov_6gmrb",
        "sov_286arty",
        "sov_35mrd",
        "gdr_mfs",
        "gdr_mnd",
        "gdr_vp",
        "gdr_sed",
    ] {
        division(key);
    }
}

// 3.2: the Warsaw Pact has the initiative; 9.1, 9.2, 3.3.1, 5.1: the binding command values.
#[test]
fn gates_3_2_and_9_1_command_data_carries_the_binding_values() {
    let c = &forces().command;
    assert_eq!(c.initiative, WARSAW_PACT);
    assert_eq!((c.costs.max_dp, c.costs.max_dc), (9, 19));
    assert_eq!((c.costs.dp_gain_pass, c.costs.dp_gain_fail), (3, 1));
    assert_eq!(
        (c.costs.no_formation_at_tq, c.costs.no_activation_at_tq),
        (3, 2)
    );
    assert_eq!(c.costs.division_dc, [1, 1, 2]);
    for (i, d) in c.divisions.iter().enumerate() {
        let want = if d.side == NATO { 5 } else { 4 };
        assert_eq!(d.fatigue_threshold, want, "3.3.1 division {i}");
        assert!((1..=8).contains(&d.max_tq), "9.2 division {i}");
        assert!(d.dispatch_rating <= 9 && d.command_rating <= 9);
    }
}

#[test]
fn gates_9_0_each_division_has_formations_or_direct_commands_and_counters() {
    let f = forces();
    for (i, d) in f.divisions.iter().enumerate() {
        let id = DivisionId(i as u8);
        let formations = f.formations.iter().filter(|x| x.division == id).count();
        let units = f.counters.iter().filter(|c| c.division == id).count();
        assert!(units >= 2, "{} has counters", d.key);
        match d.kind {
            // 5.1: Direct Commands only, so no formation chits: its units stand outside any.
            Kind::DirectCommandOnly => {
                assert_eq!(formations, 0, "{}", d.key);
                assert!(f
                    .counters
                    .iter()
                    .filter(|c| c.division == id)
                    .all(|c| c.formation.is_none()));
            }
            _ => assert!(formations >= 2, "{} has formations", d.key),
        }
        // 9.1: Direct Commands accrue with the Division HQ on the map.
        assert!(
            f.counters
                .iter()
                .any(|c| c.division == id && c.hq == Hq::Division),
            "{} has a Division HQ",
            d.key
        );
    }
}

// S2.2.2: every formation has its HQ, which serves its units.
#[test]
fn gates_s2_2_2_every_formation_has_an_hq() {
    let f = forces();
    for (i, fm) in f.formations.iter().enumerate() {
        let hq = f
            .counters
            .iter()
            .find(|c| c.hq == Hq::Formation && c.formation.is_some_and(|x| x.0 as usize == i))
            .unwrap_or_else(|| panic!("{} has no HQ", fm.key));
        assert_eq!(hq.kind, UnitKind::Headquarters);
        assert_eq!(hq.division, fm.division);
        for c in f
            .counters
            .iter()
            .filter(|c| c.formation.is_some_and(|x| x.0 as usize == i))
        {
            assert!(
                hq.supplies(c),
                "{} serves {}",
                hq.designation,
                c.designation
            );
        }
    }
}

// 4.1.1: the police take their TQ from their Police HQ, are immune to fatigue, have no
// Division chit, their own Direct Command chit in the Cup, and a NATO division pays.
#[test]
fn gates_4_1_1_police_units_take_their_tq_from_the_police_hq() {
    let f = forces();
    let police = division("wb_police");
    let def = f.command.divisions[police.0 as usize];
    assert!(def.fatigue_immune && !def.has_division_chit && !def.dc_track);
    assert!(f
        .command
        .always_in_cup
        .contains(&Chit::DivisionDirectCommand(police)));
    let payers = &f.divisions[police.0 as usize].paid_by;
    assert_eq!(payers.len(), 3);
    for p in payers {
        engine::gates::command::police_chit_payer(&f.command, *p).expect("a NATO army division");
    }
    // Every police formation's chit is paid by one of those divisions, at NATO's pick (S4.3).
    let police_formations: Vec<_> = f
        .command
        .formations
        .iter()
        .filter(|x| x.division == police)
        .collect();
    assert!(!police_formations.is_empty());
    for x in police_formations {
        assert!(x.payer_picked());
        assert_eq!(x.payers().collect::<Vec<_>>(), *payers);
        assert!(!x.may_be_paid_by(police), "the police pay for nothing");
    }
    let mut checked = 0;
    for c in f
        .counters
        .iter()
        .filter(|c| c.division == police && !c.is_hq())
    {
        assert!(c.symbols.tq_from_hq, "{}", c.designation);
        assert_eq!(c.nationality, Nationality::WestBerlinPolice);
        let hq = f
            .counters
            .iter()
            .find(|h| h.hq == Hq::Formation && h.supplies(c))
            .expect("its Police HQ");
        assert_eq!(c.base_tq(Some(hq)), Ok(hq.tq));
        assert!(c.base_tq(None).is_err(), "S11.1: no HQ, no TQ");
        checked += 1;
    }
    assert!(checked >= 10);
}

// 4.2: the river police have boats, moving along river hexsides.
#[test]
fn gates_4_2_boat_units_exist() {
    let f = forces();
    let boats: Vec<_> = f
        .counters
        .iter()
        .filter(|c| c.class == MoveClass::Boat)
        .collect();
    assert!(boats.len() >= 2);
    assert!(boats.iter().all(|b| b.side == NATO && !b.is_hq()));
}

// 5.2: the Stasi's units; 3.11: units of both sides carry the sabotage symbol.
#[test]
fn gates_5_2_stasi_and_3_11_sabotage_units_exist() {
    let f = forces();
    let stasi = division("gdr_mfs");
    let units: Vec<_> = (0..f.counters.len())
        .filter(|&i| f.units[i].stasi)
        .collect();
    assert!(units.len() >= 5);
    assert!(units.iter().all(|&i| f.counters[i].division == stasi));
    for side in [NATO, WARSAW_PACT] {
        assert!(
            (0..f.counters.len()).any(|i| f.units[i].sabotage && f.counters[i].side == side),
            "{side:?} has saboteurs"
        );
    }
    // 6.0: the countermix limits the transports.
    assert!(f.transports.buses > 0 && f.transports.cars > 0);
}

// 5.1: the MND, VP and SED act by Direct Commands only.
#[test]
fn gates_5_1_east_german_paramilitaries_act_by_direct_commands_only() {
    let f = forces();
    for key in ["gdr_mnd", "gdr_vp", "gdr_sed"] {
        let d = f.command.divisions[division(key).0 as usize];
        assert!(!d.has_division_chit && d.dc_chits == 3, "{key}");
        assert_eq!(d.side, WARSAW_PACT);
    }
}

// 3.12: ATGM units carry a missile of 3.12's table; 3.13: tanks and the ZSU-23's red number.
#[test]
fn gates_3_12_and_3_13_missiles_and_tanks() {
    let f = forces();
    let missiles: Vec<_> = f
        .counters
        .iter()
        .filter_map(|c| c.symbols.missile)
        .collect();
    assert!(missiles.len() >= 6);
    let tanks: Vec<_> = f
        .counters
        .iter()
        .filter(|c| c.kind == UnitKind::Tank)
        .collect();
    assert!(tanks.len() >= 6);
    for t in &tanks {
        assert_eq!(t.armour, Armour::Tank);
        // 3.13: only white (or blue) firepower of 4 or more hurts tanks.
        assert!(matches!(t.colour, Colour::White | Colour::Blue) && t.firepower >= 4);
    }
    assert!(f.counters.iter().any(|c| c.colour == Colour::WhiteRed));
    assert!(f.counters.iter().any(|c| c.symbols.indirect));
    assert!(f.counters.iter().any(|c| c.symbols.engineer));
}

// 3.14: every unit of the three Berlin garrisons may use sustained fire.
#[test]
fn gates_3_14_berlin_garrisons_have_sustained_fire() {
    let f = forces();
    for key in ["us_bb", "uk_bib", "fr_ffb"] {
        let d = division(key);
        assert!(f.divisions[d.0 as usize].garrison.is_some());
        assert!(f
            .counters
            .iter()
            .filter(|c| c.division == d)
            .all(|c| c.symbols.sustained_fire));
    }
    let nva = division("nva_1msd");
    assert!(f
        .counters
        .iter()
        .filter(|c| c.division == nva)
        .all(|c| !c.symbols.sustained_fire));
}

// S2.2, 9.2: every printed value within the engine's limits.
#[test]
fn gates_s2_2_every_counter_is_within_the_engines_limits() {
    let f = forces();
    let mut names = std::collections::BTreeSet::new();
    for c in &f.counters {
        assert!(!c.designation.is_empty() && names.insert(c.designation.clone()));
        assert!(
            (1..=8).contains(&c.tq) || (c.tq == 0 && c.symbols.tq_from_hq),
            "9.2 {}",
            c.designation
        );
        assert!((1..=4).contains(&c.steps));
        assert!(c.firepower <= 20 && c.range <= 60 && c.defense <= 6);
        assert!(c.ma.front <= 40 && c.ma.back <= 40 && c.ma.front >= c.ma.back);
        assert_eq!(c.is_hq(), c.kind == UnitKind::Headquarters);
        let d = &f.divisions[c.division.0 as usize];
        assert_eq!(c.side, d.side);
        if let Some(fm) = c.formation {
            assert_eq!(f.formations[fm.0 as usize].division, c.division);
        }
        // 1.2 NATO and West German units are NATO's; Soviets are the Warsaw Pact's.
        match c.nationality {
            Nationality::Us
            | Nationality::British
            | Nationality::French
            | Nationality::WestBerlinPolice => assert_eq!(c.side, NATO),
            _ => assert_eq!(c.side, WARSAW_PACT),
        }
    }
    assert_eq!(f.unit("A/4-502"), Some(UnitId(2)));
}

// S21.3, 14.0: the introductory scenario validates and the turn machine starts from it.
#[test]
fn gates_s21_3_the_intro_scenario_starts_the_turn_machine() {
    let f = forces();
    let s = f.scenario("intro").expect("intro");
    assert!(s.scenario.stand_in);
    s.scenario.validate(&f.command).expect("S21.3");
    assert_eq!(s.command.initiative, WARSAW_PACT);
    assert_eq!(s.command.last_turn, s.scenario.last_turn);
    assert!((3..=4).contains(&(s.scenario.last_turn - s.scenario.first_turn + 1)));
    assert!(s.scenario.setup.len() >= 10);
    assert_eq!(s.scenario.special("electricity"), Some(1));
    assert!(!s.objectives.hexes.is_empty());
    let mut events = Events::new();
    let t = TurnState::from_scenario(&s.command, &s.scenario, Default::default(), &mut events)
        .expect("the turn machine starts");
    assert_eq!(t.turn, s.scenario.first_turn);
    // The Cup it teaches (S3.3.1): the three chits bought, both players' Direct Command chits,
    // Wind, the Random Event and the police Direct Command chit (4.1.1).
    let nva = division("nva_1msd");
    for c in [
        Chit::Division(nva),
        Chit::DivisionDirectCommand(division("gdr_mnd")),
        Chit::DirectCommand(NATO),
        Chit::DirectCommand(WARSAW_PACT),
        Chit::Wind,
        Chit::RandomEvent,
        Chit::DivisionDirectCommand(division("wb_police")),
    ] {
        assert!(t.cup.contains(c), "{c:?} in {:?}", t.cup.chits);
    }
    assert_eq!(t.cup.len(), 8, "{:?}", t.cup.chits);
    // Police take part, so their Direct Command chit is in the Cup (4.1.1).
    let police = division("wb_police");
    assert!(s
        .command
        .always_in_cup
        .contains(&Chit::DivisionDirectCommand(police)));
    // Both sides set up; no hex holds enemies (S6.5) or more than 3 units (S6.1).
    let mut by_hex = std::collections::BTreeMap::new();
    for u in &s.scenario.setup {
        by_hex.entry(u.hex).or_insert_with(Vec::new).push(u.side);
    }
    assert!(by_hex
        .values()
        .all(|v| v.len() <= 3 && v.iter().all(|x| *x == v[0])));
    assert!(s.scenario.setup.iter().any(|u| u.side == Side::A));
    assert!(s.scenario.setup.iter().any(|u| u.side == Side::B));
}

// S3, S21.3: the introductory scenario plays from its start to its end, every player passing
// (no chit bought, every Direct Command kept, every die a 5, the first chit listed drawn,
// each reinforcement held on the track).
#[test]
fn gates_s3_the_intro_scenario_plays_to_its_end() {
    use engine::core::protocol::{DiceRoll, Input, Pending};
    use engine::css::command::turn::{Command, Step};
    use engine::css::scenario::NoVictory;
    let f = forces();
    let s = f.scenario("intro").expect("intro");
    let data = &s.command;
    let mut events = Events::new();
    let mut t = TurnState::from_scenario(data, &s.scenario, Default::default(), &mut events)
        .expect("the turn machine starts");
    let mut inputs = 0;
    while !matches!(t.pending(data), Pending::GameOver) {
        assert!(inputs < 2000, "stuck at {:?}", t.step);
        let input = match t.pending(data) {
            Pending::Roll { .. } => Input::Rolled(DiceRoll::of(&[5])),
            Pending::DrawChit { .. } => Input::Drew(0),
            Pending::Choose { .. } => Input::Chose(0),
            _ => Input::Command(match t.step {
                Step::Reinforcement => Command::EndReinforcements,
                Step::Spend(_) => Command::DoneBuying,
                Step::LeaderMoves(_) => Command::EndLeaderMoves,
                // S18.1: each arriving unit waits a turn on the track (placing needs the board).
                Step::Arrivals(side) => match t.arriving.iter().find(|h| h.side == side) {
                    Some(h) => Command::HoldArrival(h.unit),
                    None => Command::EndArrivals,
                },
                Step::Returns(_) => Command::EndReturns,
                _ => Command::EndActivation,
            }),
        };
        let mut events = Events::new();
        t.apply_with(data, &NoVictory, &input, &mut events)
            .unwrap_or_else(|e| panic!("{input:?} at {:?}: {e:?}", t.step));
        inputs += 1;
    }
    assert_eq!(t.turn, s.scenario.last_turn);
}

/// The built-in set with `from` replaced by `to` (once) in `key`; the problems and the
/// 1-based line of the replacement's last line.
fn with(key: &str, from: &str, to: &str) -> (Vec<String>, usize) {
    let mut files = gates::builtin_files();
    let f = files.get(key).expect("file").clone();
    let at = f
        .text
        .find(from)
        .unwrap_or_else(|| panic!("'{from}' not in {key}"));
    let line = f.text[..at].matches('\n').count() + 1 + to.matches('\n').count();
    let text = f.text.replacen(from, to, 1);
    files.insert(key, &f.display, Cow::Owned(text));
    let errors = match gates::load_forces(&files) {
        Ok(_) => Vec::new(),
        Err(e) => e,
    };
    (errors.iter().map(|e| e.to_string()).collect(), line)
}

fn expect(key: &str, from: &str, to: &str, message: &str) {
    let (errors, line) = with(key, from, to);
    let want = format!("data/gates/{key}:{line}:");
    assert!(
        errors
            .iter()
            .any(|e| e.starts_with(&want) && e.contains(message)),
        "expected '{want}…{message}', got {errors:#?}"
    );
}

#[test]
fn gates_malformed_divisions_toml() {
    expect(
        "divisions.toml",
        "# the series example S4.2-A uses 6 and 2 (stand-in)\ncommand_rating = 2\nmax_tq = 6",
        "# the series example S4.2-A uses 6 and 2 (stand-in)\ncommand_rating = 2\nmax_tq = 9",
        "max_tq: 9 is out of range (1 to 8)",
    );
    expect(
        "divisions.toml",
        "command = \"army\"\ndispatch_rating = 6",
        "command = \"army\"\ndispatch_rating = 6\ncolour = 3",
        "unknown field `colour`",
    );
    expect(
        "divisions.toml",
        "initiative = \"warsaw_pact\"",
        "initiative = \"nato\"",
        "initiative: the Warsaw Pact has the initiative in every scenario (3.2)",
    );
    expect(
        "divisions.toml",
        "division = \"us_bb\"",
        "division = \"us_bbb\"",
        "division: unknown division 'us_bbb'",
    );
    expect(
        "divisions.toml",
        "key = \"wb_pd1\"\nname = \"Polizei Direktion 1\"         # HQ 31.11\ndivision = \"wb_police\"",
        "key = \"wb_pd1\"\nname = \"Polizei Direktion 1\"         # HQ 31.11\ndivision = \"gdr_vp\"",
        "division: 'gdr_vp' acts only by Direct Commands (5.1)",
    );
}

#[test]
fn gates_malformed_counters_toml() {
    expect(
        "counters.toml",
        "names = [\"HQ Berlin Brigade\"]\n[[unit]]\nformation = \"us_4_502\"",
        "names = [\"HQ Berlin Brigade\"]\n[[unit]]\nformation = \"us_4_503\"",
        "formation: unknown formation 'us_4_503'",
    );
    expect(
        "counters.toml",
        "names = [\"HQ Berlin Brigade\"]",
        "names = [\"HQ Berlin Brigade\"]\nmoves = 3",
        "unknown field `moves`",
    );
    expect(
        "counters.toml",
        "template = \"tow\"\nnames = [\"TOW/4-502\"]",
        "template = \"tow\"\nnames = [\"TOW/4-502\"]\nfirepower = 30",
        "firepower: 30 is out of range (0 to 20)",
    );
    expect(
        "counters.toml",
        "template = \"police\"\nnames = [\"Ab 11\", \"Ab 12\"]",
        "template = \"police\"\nnames = [\"Ab 11\", \"Ab 12\"]\ntq = 5",
        "tq: a unit with \"tq_from_hq\" prints no TQ; it uses its HQ's (4.1.1)",
    );
    expect(
        "counters.toml",
        "missile = \"tow\"",
        "missile = \"hot\"",
        "missile: unknown value 'hot'",
    );
    // A missing key: a unit without a template and without `ma`, reported at its block.
    let text = gates::builtin_files()
        .get("counters.toml")
        .expect("file")
        .text
        .to_string();
    let at = text
        .find("formation = \"fr_11rch\"\nkind = \"recon\"")
        .expect("the block");
    let line = text[..at].matches('\n').count() + 1;
    let (errors, _) = with(
        "counters.toml",
        "ma = [18, 6]\ntq = 5\nsteps = 2\nnames = [\"3/11 RCh (AML)\"]",
        "tq = 5\nsteps = 2\nnames = [\"3/11 RCh (AML)\"]",
    );
    let want = format!("data/gates/counters.toml:{line}:");
    assert!(
        errors
            .iter()
            .any(|e| e.starts_with(&want) && e.contains("ma: missing field `ma`")),
        "{errors:#?}"
    );
    // 4.1.1: a police unit without "tq_from_hq".
    let (errors, _) = with(
        "counters.toml",
        "symbols = [\"tq_from_hq\", \"engineer\"]",
        "symbols = [\"engineer\"]",
    );
    assert!(
        errors
            .iter()
            .any(|e| e.contains("add \"tq_from_hq\" (4.1.1)")),
        "{errors:#?}"
    );
}

#[test]
fn gates_malformed_scenario_toml() {
    let key = "scenarios/intro.toml";
    expect(
        key,
        "key = \"us_bb\"",
        "key = \"us_bx\"",
        "key: unknown division 'us_bx'",
    );
    expect(
        key,
        "dp = 3\ndc = 2",
        "dp = 3\ndc = 2\ndq = 1",
        "unknown field `dq`",
    );
    expect(
        key,
        "unit = \"Ab 31\"",
        "unit = \"Ab 99\"",
        "unit: unknown unit 'Ab 99'",
    );
    // S6.5: a Warsaw Pact unit in a NATO hex.
    expect(
        key,
        "hex = \"50.28\"",
        "hex = \"49.30\"",
        "hex: 49.30 holds enemy units; the two sides never share a hex (S6.5)",
    );
    // 1.2: NATO never in East Germany.
    expect(
        key,
        "hex = \"47.31\"",
        "hex = \"19.57\"",
        "hex: hex 19.57 is in East Germany, where NATO never goes (1.2)",
    );
    // S6.1: a fourth unit in a hex.
    expect(
        key,
        "unit = \"2./GR-33\"\nhex = \"50.28\"",
        "unit = \"2./GR-33\"\nhex = \"51.31\"\n[[setup]]\nunit = \"1./MSR-1\"\ncolumn = true\nhex = \"51.31\"",
        "hex: 51.31 holds more than 3 units (S6.1)",
    );
    // 2.1.6: a tracked or wheeled unit deployed in a city hex.
    expect(
        key,
        "unit = \"1./MSR-2\"\nhex = \"50.30\"\ncolumn = true",
        "unit = \"1./MSR-2\"\nhex = \"50.30\"",
        "set it up in Column (2.1.4, 2.1.6)",
    );
    // S18.1: reinforcements arrive after the first turn.
    expect(
        key,
        "unit = \"1./PR-1\"\nturn = 5",
        "unit = \"1./PR-1\"\nturn = 4",
        "turn: 4 is out of range (5 to 7)",
    );
    // 5.1: the MND has no Division chit.
    expect(
        key,
        "\"direct_command:gdr_mnd\"",
        "\"division:gdr_mnd\"",
        "cup: 'gdr_mnd' has no Division Activation chit (4.1.1, 5.1)",
    );
    // 3.2.
    expect(
        key,
        "initiative = \"warsaw_pact\"",
        "initiative = \"nato\"",
        "initiative: the Warsaw Pact has the initiative in every scenario (3.2)",
    );
}

// A club's override folder: its forces are checked with the map (`berlin-table check-data`).
#[test]
fn gates_override_folder_checks_the_forces() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("gates-forces-override");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    let files = gates::builtin_files();
    let text = |k: &str| files.get(k).expect("file").text.to_string();
    std::fs::write(dir.join("game.toml"), text("game.toml")).expect("write");
    let counters = text("counters.toml").replacen("buses = 6", "buses = 600", 1);
    std::fs::write(dir.join("counters.toml"), counters).expect("write");
    let errors: Vec<String> = data::check_dir(&dir)
        .iter()
        .map(|e| e.to_string())
        .collect();
    assert!(
        errors
            .iter()
            .any(|e| e.contains("counters.toml:") && e.contains("buses: 600 is out of range")),
        "{errors:#?}"
    );
    assert_eq!(errors.len(), 1, "{errors:#?}");
    std::fs::write(dir.join("counters.toml"), text("counters.toml")).expect("write");
    assert!(data::check_dir(&dir).is_empty());
}

#[test]
fn gates_countermix_figures() {
    let f = forces();
    let side = |s: Side| f.counters.iter().filter(|c| c.side == s).count();
    println!(
        "{} counters (NATO {}, Warsaw Pact {}), {} divisions, {} formations, {} HQs",
        f.counters.len(),
        side(NATO),
        side(WARSAW_PACT),
        f.divisions.len(),
        f.formations.len(),
        f.counters.iter().filter(|c| c.is_hq()).count()
    );
    assert_eq!(side(NATO) + side(WARSAW_PACT), f.counters.len());
}

// ------------------------------------------------------------------------------------------
// 14.0: the three scenarios the sequence of play names ("Stand Your Ground", "The War is
// Coming", the "Man Your Stations" campaign game), authored as stand-ins (series S21.4).

/// The scenarios 14.0 names, by file key.
const NAMED: [&str; 3] = ["stand_your_ground", "war_is_coming", "man_your_stations"];

fn map() -> &'static data::gates::GatesMap {
    static M: OnceLock<Box<data::gates::GatesMap>> = OnceLock::new();
    M.get_or_init(|| match gates::load_builtin() {
        Ok(m) => m,
        Err(e) => panic!("{e:?}"),
    })
}

// S21.3, S21.4, 3.2: each named scenario is a stand-in, passes `Scenario::validate`, gives the
// Warsaw Pact the initiative and starts the series turn machine on its first turn.
#[test]
fn gates_14_0_the_named_scenarios_load_validate_and_start_the_turn_machine() {
    let f = forces();
    for key in NAMED {
        let s = f.scenario(key).unwrap_or_else(|| panic!("{key}"));
        assert!(s.scenario.stand_in, "{key} is a stand-in (S21.4)");
        s.scenario.validate(&f.command).expect("S21.3");
        assert_eq!(s.command.initiative, WARSAW_PACT, "{key}: 3.2");
        assert_eq!(s.command.last_turn, s.scenario.last_turn);
        assert!(!s.objectives.hexes.is_empty(), "{key}: 10.2 objectives");
        assert!(s.scenario.setup.iter().any(|u| u.side == NATO));
        assert!(s.scenario.setup.iter().any(|u| u.side == WARSAW_PACT));
        assert!(!s.scenario.reinforcements.is_empty(), "{key}: S18.1");
        let mut events = Events::new();
        let t = TurnState::from_scenario(&s.command, &s.scenario, Default::default(), &mut events)
            .unwrap_or_else(|e| panic!("{key}: the turn machine starts: {e:?}"));
        assert_eq!(t.turn, s.scenario.first_turn, "{key}");
    }
}

// 14.0 2 (heading): "Stand Your Ground" and "The War is Coming" are the scenarios that do not
// start at step 2A: they open with the Preparation Phase of the 0700 turn, so the day's weather
// is rolled at 1A (3.1, 14.0 1A). They are mid-sized: one or two sheets, a day or less.
#[test]
fn gates_14_0_the_two_short_scenarios_start_with_the_preparation_phase() {
    use engine::css::scenario::Start;
    let f = forces();
    for key in ["stand_your_ground", "war_is_coming"] {
        let s = &f.scenario(key).expect(key).scenario;
        assert_eq!(s.start, Start::Preparation, "{key}: 14.0 2");
        let first = s.boxes[s.first_turn as usize - 1];
        assert_eq!(first.time, 700, "{key}: starts at 0700");
        assert!(first.light.first_day_turn, "{key}: 1A is played (3.1)");
        assert!(s.last_turn - s.first_turn < 10, "{key}: a day or less");
        assert!(s.maps.count_ones() <= 2, "{key}: one or two sheets");
        assert_eq!(
            s.special("weather"),
            Some(-1),
            "{key}: weather rolled at 1A"
        );
    }
}

// 14.0 2 (heading), 2D-d-i: the campaign game starts at step 2A with its chits bought, plays
// several game days on all four sheets and, having skipped 1A on its first turn, states the
// first day's weather (3.1).
#[test]
fn gates_14_0_the_campaign_game_starts_at_step_2a() {
    use engine::css::scenario::Start;
    let f = forces();
    let s = &f.scenario("man_your_stations").expect("campaign").scenario;
    let Start::ActionPhase { cup } = &s.start else {
        panic!("14.0 2: the campaign starts at the Action Phase");
    };
    assert!(!cup.is_empty());
    assert_eq!(s.maps.count_ones(), 4, "all four sheets");
    let days = s.boxes[s.last_turn as usize - 1].light.game_day;
    assert!(days >= 2, "a campaign of several game days");
    assert!(
        matches!(s.special("weather"), Some(0 | 1)),
        "3.1: day 1 stated"
    );
    let mut events = Events::new();
    let sc = f.scenario("man_your_stations").expect("campaign");
    let t = TurnState::from_scenario(&sc.command, s, Default::default(), &mut events)
        .expect("the turn machine starts");
    for c in cup {
        assert!(t.cup.contains(*c), "{c:?} in the Cup (14.0 2A)");
    }
    for c in [
        Chit::DirectCommand(NATO),
        Chit::DirectCommand(WARSAW_PACT),
        Chit::Wind,
        Chit::RandomEvent,
        Chit::DivisionDirectCommand(division("wb_police")),
    ] {
        assert!(
            t.cup.contains(c),
            "{c:?} in {:?} (14.0 2A, 4.1.1)",
            t.cup.chits
        );
    }
}

// 14.0 3A: victory is checked on the 2100 turn: every check turn of a named scenario is a 2100
// turn, and every 2100 turn inside its length is checked.
#[test]
fn gates_14_0_victory_is_checked_on_the_2100_turns() {
    let f = forces();
    for key in NAMED {
        let s = &f.scenario(key).expect(key).scenario;
        let at_2100: Vec<u8> = (s.first_turn..=s.last_turn)
            .filter(|t| s.boxes[*t as usize - 1].time == 2100)
            .collect();
        assert!(!at_2100.is_empty(), "{key}");
        assert_eq!(
            s.victory.check_turns.as_slice(),
            at_2100.as_slice(),
            "{key}"
        );
    }
}

// The set-up of every scenario obeys the map rules: a playable hex (2.0), NATO never in East
// Germany (1.2) nor within three hexes of a reinforcement hex (3.5), at most 3 units a hex
// (S6.1), never enemies together (S6.5), wheeled and tracked units in Column in town and city
// (2.1.4, 2.1.6); every unit at most once; NATO reinforcements enter on hexes open to NATO.
#[test]
fn gates_14_0_every_set_up_obeys_the_map_rules() {
    use engine::core::region::Region;
    use engine::css::terrain::dots;
    let f = forces();
    let m = map();
    let g = m.map.geometry;
    let barred = |h| {
        m.map
            .idx(h)
            .and_then(|i| m.relief.hexes.get(i))
            .is_some_and(|x| x.barred_to(NATO))
    };
    for s in &f.scenarios {
        let key = &s.key;
        let mut seen = std::collections::BTreeSet::new();
        let mut by_hex = std::collections::BTreeMap::new();
        for u in &s.scenario.setup {
            let at = g.format(u.hex);
            assert!(seen.insert(u.unit), "{key}: {:?} twice", u.unit);
            let t = m.map.terrain(u.hex);
            assert_ne!(t, dots::NONE, "{key}: {at} is not playable (2.0)");
            if u.side == NATO {
                assert_ne!(
                    m.map.region(u.hex),
                    Region::EastGermany as u8,
                    "{key}: NATO in East Germany at {at} (1.2)"
                );
                assert!(!barred(u.hex), "{key}: NATO at {at} (3.5)");
            }
            let class = f.counters[u.unit.0 as usize].class;
            if matches!(class, MoveClass::Wheeled | MoveClass::Tracked)
                && (t == dots::TOWN || t == dots::CITY)
            {
                assert!(u.column, "{key}: vehicle Deployed in {at} (2.1.4, 2.1.6)");
            }
            by_hex.entry(u.hex).or_insert_with(Vec::new).push(u.side);
        }
        for (h, sides) in &by_hex {
            assert!(
                sides.len() <= 3,
                "{key}: {} over-stacked (S6.1)",
                g.format(*h)
            );
            assert!(
                sides.iter().all(|x| *x == sides[0]),
                "{key}: enemies in {} (S6.5)",
                g.format(*h)
            );
        }
        // S18.1: every reinforcement may be held over and still fit one Reinforcement Phase
        // of the engine's Turn Record Track.
        assert!(
            s.scenario.reinforcements.len() <= engine::css::command::arrivals::MAX_ARRIVING,
            "{key}: more reinforcements than one phase can hold"
        );
        for r in &s.scenario.reinforcements {
            assert!(seen.insert(r.unit), "{key}: {:?} twice", r.unit);
            assert_ne!(m.map.terrain(r.entry), dots::NONE, "{key}: entry (2.0)");
            assert!(
                r.side != NATO || !barred(r.entry),
                "{key}: NATO entry {} (1.2, 3.5)",
                g.format(r.entry)
            );
        }
    }
}

// 3.7, 3.8, 3.1, 2.4, 4.3: each scenario states the electricity, the Booze holder, the weather,
// Teufelsberg and the Political Figure markers as named special rules; 14.0 1C-j, 1C-k and
// 2D-d-i: the campaign game alone has the start-of-war roll and the Berlin Airlift.
#[test]
fn gates_14_0_the_special_rules_the_rules_require_are_present() {
    let f = forces();
    for key in NAMED {
        let s = &f.scenario(key).expect(key).scenario;
        let v = |n: &str| s.special(n).unwrap_or_else(|| panic!("{key}: no '{n}'"));
        assert!((0..=1).contains(&v("electricity")), "{key}: 3.7");
        assert!((0..=1).contains(&v("booze")), "{key}: 3.8");
        assert!((-1..=1).contains(&v("weather")), "{key}: 3.1");
        assert_eq!(
            v("teufelsberg"),
            1,
            "{key}: 2.4, NATO holds it at the start"
        );
        assert!((0..=18).contains(&v("political_figures")), "{key}: 4.3");
        let campaign = key == "man_your_stations";
        for n in [
            "start_of_war",
            "berlin_airlift",
            "airlift_missions",
            "airlift_roll",
        ] {
            assert_eq!(
                s.special(n).is_some(),
                campaign,
                "{key}: '{n}' is the campaign game's only (14.0 1C-k, 2D-d-i)"
            );
        }
        if campaign {
            assert!((0..=9).contains(&v("start_of_war")), "a die of 0-9");
            assert!((0..=9).contains(&v("airlift_roll")), "a die of 0-9");
            assert!(v("airlift_missions") >= 1);
            assert!(v("berlin_airlift") >= 0);
        }
    }
    // The introductory scenario states the two the rules make every scenario state (3.7, 3.8).
    let intro = &f.scenario("intro").expect("intro").scenario;
    assert!(intro.special("electricity").is_some() && intro.special("booze").is_some());
}

// 4.3, 5.2: each scenario lays as many political figure markers as its `political_figures`
// says, on playable town or city hexes of the map, none where a Stasi unit sets up (it must
// enter to turn one); the Stasi are the MfS division's units. 10.2: each scenario's objective
// test names its objectives (the comment block's condition, as data).
#[test]
fn gates_4_3_the_scenarios_lay_their_political_figures_and_name_the_stasi() {
    let f = forces();
    let m = map();
    let mfs = f
        .divisions
        .iter()
        .position(|d| d.key == "gdr_mfs")
        .map(|i| DivisionId(i as _));
    assert!(mfs.is_some());
    for s in &f.scenarios {
        let key = &s.key;
        let want = s.scenario.special("political_figures").unwrap_or(0);
        assert_eq!(s.political.hexes.len() as i16, want, "{key}: 4.3");
        assert_eq!(s.political.stasi, mfs, "{key}: 5.2");
        for h in &s.political.hexes {
            let t = m.map.terrain(*h);
            assert!(
                t == engine::css::terrain::dots::CITY
                    || t == engine::css::terrain::dots::TOWN
                    || t == engine::css::terrain::dots::WOODS,
                "{key}: marker at {h:?} on playable ground"
            );
            assert!(
                !s.scenario
                    .setup
                    .iter()
                    .any(|u| u.hex == *h && Some(u.division) == mfs),
                "{key}: no Stasi unit sets up on a marker"
            );
        }
        if key != "intro" {
            assert!(!s.objectives.groups.is_empty(), "{key}: 10.2 test");
        }
        for g in &s.objectives.groups {
            assert!(g.mask.count_ones() >= u32::from(g.at_least) && g.at_least > 0);
        }
    }
    let wic = f.scenario("war_is_coming").unwrap();
    assert_eq!(wic.political.hexes.len(), 6);
    assert_eq!(wic.objectives.groups.len(), 2);
    let mys = f.scenario("man_your_stations").unwrap();
    assert_eq!(mys.political.hexes.len(), 18);
    assert_eq!(
        mys.objectives.groups[0].at_least, 7,
        "half of 13, rounded up"
    );
}

// S3, S21.3: each named scenario's turn machine runs from its start to its last turn, every
// player passing (as the introductory scenario's test does).
#[test]
fn gates_14_0_each_named_scenario_runs_its_turns_to_the_end() {
    use engine::core::protocol::{DiceRoll, Input, Pending};
    use engine::css::command::turn::{Command, Step};
    use engine::css::scenario::NoVictory;
    let f = forces();
    for key in NAMED {
        let s = f.scenario(key).expect(key);
        let data = &s.command;
        let mut events = Events::new();
        let mut t = TurnState::from_scenario(data, &s.scenario, Default::default(), &mut events)
            .expect("the turn machine starts");
        let mut inputs = 0;
        while !matches!(t.pending(data), Pending::GameOver) {
            assert!(inputs < 50_000, "{key}: stuck at {:?}", t.step);
            let input = match t.pending(data) {
                Pending::Roll { .. } => Input::Rolled(DiceRoll::of(&[5])),
                Pending::DrawChit { .. } => Input::Drew(0),
                Pending::Choose { .. } => Input::Chose(0),
                _ => Input::Command(match t.step {
                    Step::Reinforcement => Command::EndReinforcements,
                    Step::Spend(_) => Command::DoneBuying,
                    Step::LeaderMoves(_) => Command::EndLeaderMoves,
                    Step::Arrivals(side) => match t.arriving.iter().find(|h| h.side == side) {
                        Some(h) => Command::HoldArrival(h.unit),
                        None => Command::EndArrivals,
                    },
                    Step::Returns(_) => Command::EndReturns,
                    _ => Command::EndActivation,
                }),
            };
            let mut events = Events::new();
            t.apply_with(data, &NoVictory, &input, &mut events)
                .unwrap_or_else(|e| panic!("{key}: {input:?} at {:?}: {e:?}", t.step));
            inputs += 1;
        }
        assert_eq!(t.turn, s.scenario.last_turn, "{key}");
    }
}
