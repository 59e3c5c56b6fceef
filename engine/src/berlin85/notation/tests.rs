//! Round trips of generated inputs and choices, the documented examples, roster ids, error
//! columns and scripts.

extern crate std;
use super::*;
use crate::berlin85::command::{Command, MAX_PATH};
use crate::berlin85::state::{NATO, WARSAW_PACT};
use crate::berlin85::testkit::{hex, Board};
use crate::core::hex::HexId;
use crate::core::protocol::{DiceRoll, Input, MAX_DICE};
use crate::core::units::{UnitId, UnitKind};
use std::string::ToString;
use std::vec::Vec;

/// A small deterministic generator (xorshift).
struct Gen(u64);
impl Gen {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
    fn flag(&mut self) -> bool {
        self.next() & 1 == 1
    }
}

fn gen_unit(g: &mut Gen, units: u16) -> UnitId {
    UnitId(g.below(units as u64) as u16)
}
fn gen_hex(g: &mut Gen, cols: u8, rows: u8) -> HexId {
    HexId::new(
        1 + g.below(cols as u64) as u8,
        1 + g.below(rows as u64) as u8,
    )
}
fn gen_list<const N: usize>(g: &mut Gen, units: u16) -> heapless::Vec<UnitId, N> {
    let n = g.below(N as u64 + 1);
    (0..n).map(|_| gen_unit(g, units)).collect()
}

/// Every variant of `Input<Command>`, with random fields within the game's ranges.
fn gen_input(g: &mut Gen, units: u16, cols: u8, rows: u8) -> Input85 {
    let c = |x| Input::Command(x);
    match g.below(26) {
        0 => c(Command::Place {
            unit: gen_unit(g, units),
            hex: gen_hex(g, cols, rows),
        }),
        1 => c(Command::Unplace {
            unit: gen_unit(g, units),
        }),
        2 => c(Command::Withhold {
            unit: gen_unit(g, units),
        }),
        3 => c(Command::EndSetup),
        4 => c(Command::Move {
            unit: gen_unit(g, units),
            to: gen_hex(g, cols, rows),
            underground: g.flag(),
        }),
        5 => {
            let n = g.below(MAX_PATH as u64 + 1);
            let path = (0..n).map(|_| gen_hex(g, cols, rows)).collect();
            c(Command::MovePath {
                unit: gen_unit(g, units),
                path,
                underground: g.flag(),
            })
        }
        6 => c(Command::Airland {
            unit: gen_unit(g, units),
            hex: gen_hex(g, cols, rows),
        }),
        7 => c(Command::Paradrop {
            unit: gen_unit(g, units),
            hex: gen_hex(g, cols, rows),
        }),
        8 => c(Command::Exit {
            unit: gen_unit(g, units),
        }),
        9 => c(Command::EndMovement),
        10 => c(Command::Declare {
            attackers: gen_list(g, units),
            defenders: gen_list(g, units),
        }),
        11 => c(Command::Undeclare {
            attack: g.next() as u8,
        }),
        12 => c(Command::Barrage {
            artillery: gen_unit(g, units),
            attack: g.next() as u8,
            gas: g.flag(),
        }),
        13 => c(Command::BarrageHex {
            artillery: gen_unit(g, units),
            hex: gen_hex(g, cols, rows),
            gas: g.flag(),
        }),
        14 => c(Command::AirPoints {
            attack: g.next() as u8,
            points: g.next() as u8,
        }),
        15 => c(Command::Interdict {
            artillery: gen_unit(g, units),
        }),
        16 => c(Command::EndAllocation),
        17 => c(Command::Fpf {
            artillery: gen_unit(g, units),
            attack: g.next() as u8,
            gas: g.flag(),
        }),
        18 => c(Command::Resolve {
            attack: g.next() as u8,
        }),
        19 => c(Command::EndCombat),
        20 | 21 => {
            let n = g.below(MAX_DICE as u64 + 1) as usize;
            let v: Vec<u8> = (0..n).map(|_| g.next() as u8).collect();
            Input::Rolled(DiceRoll::of(&v))
        }
        22 | 23 => Input::Drew(g.next() as u16),
        _ => Input::Chose(g.next() as u8),
    }
}

fn gen_choice(g: &mut Gen, units: u16, cols: u8, rows: u8) -> Choice {
    match g.below(7) {
        0 => Choice::Yes,
        1 => Choice::No,
        2 => Choice::Hex(gen_hex(g, cols, rows)),
        3 => Choice::Stop,
        4 => Choice::TheyShallNotPass,
        5 => Choice::Unit(gen_unit(g, units)),
        _ => Choice::Strength {
            attack: g.next() as u8,
            defense: g.next() as u8,
        },
    }
}

fn board_with_ids() -> &'static GameData {
    let mut b = Board::new(39, 50);
    for i in 0..40u16 {
        let u = b.unit(
            if i % 2 == 0 { NATO } else { WARSAW_PACT },
            UnitKind::Mechanized,
            1,
            1,
            12,
        );
        let id = &mut b.def_mut(u).id;
        id.clear();
        let _ = core::fmt::write(
            id,
            format_args!("{}-m-{}", if i % 2 == 0 { "us" } else { "sov" }, i),
        );
    }
    std::boxed::Box::leak(b.data)
}

#[test]
fn notation_round_trips_every_input_and_choice() {
    let data = board_with_ids();
    let with = Notation::with(data);
    let plain = Notation::plain();
    let mut g = Gen(0x9E37_79B9_7F4A_7C15);
    let mut kinds: Vec<std::string::String> = Vec::new();
    for _ in 0..20_000 {
        // With the data: roster ids and on-map hexes.
        let input = gen_input(&mut g, 40, 39, 50);
        let text = with.format_input(&input);
        assert_eq!(with.parse_input(&text), Ok(Some(input.clone())), "{text}");
        // Without: indices and any hex numbers.
        let input = gen_input(&mut g, u16::MAX, 255, 255);
        let text = plain.format_input(&input);
        assert_eq!(plain.parse_input(&text), Ok(Some(input.clone())), "{text}");
        let choice = gen_choice(&mut g, 40, 39, 50);
        let text = with.format_choice(&choice);
        assert_eq!(with.parse_choice(&text), Ok(choice), "{text}");
        let choice = gen_choice(&mut g, u16::MAX, 255, 255);
        let text = plain.format_choice(&choice);
        assert_eq!(plain.parse_choice(&text), Ok(choice), "{text}");
        let kind = std::format!("{:?}", input);
        let words = if kind.starts_with("Command") { 2 } else { 1 };
        let kind = kind
            .split(|c: char| !c.is_alphanumeric())
            .take(words)
            .collect::<Vec<_>>()
            .join(" ");
        if !kinds.contains(&kind) {
            kinds.push(kind);
        }
    }
    assert_eq!(
        kinds.len(),
        20 + 3,
        "every command and every other input kind: {kinds:?}"
    );
}

#[test]
fn notation_reads_the_documented_examples() {
    let p = Notation::plain();
    let cmd = |t: &str| match p.parse_input(t) {
        Ok(Some(Input::Command(c))) => c,
        other => panic!("{t}: {other:?}"),
    };
    assert_eq!(
        cmd("move 12 to 3510"),
        Command::Move {
            unit: UnitId(12),
            to: hex("3510"),
            underground: false
        }
    );
    assert_eq!(
        cmd("move 12 to 3510 ubahn"),
        Command::Move {
            unit: UnitId(12),
            to: hex("3510"),
            underground: true
        }
    );
    assert_eq!(
        cmd("path 12 3509 3510 3611"),
        Command::MovePath {
            unit: UnitId(12),
            path: [hex("3509"), hex("3510"), hex("3611")]
                .into_iter()
                .collect(),
            underground: false
        }
    );
    assert_eq!(
        cmd("place 4 3409"),
        Command::Place {
            unit: UnitId(4),
            hex: hex("3409")
        }
    );
    assert_eq!(
        cmd("declare 3,7 on 15"),
        Command::Declare {
            attackers: [UnitId(3), UnitId(7)].into_iter().collect(),
            defenders: [UnitId(15)].into_iter().collect()
        }
    );
    assert_eq!(
        cmd("declare 3, 7 on 15"),
        cmd("declare 3,7 on 15"),
        "spaces after commas"
    );
    assert_eq!(
        cmd("barrage 40 on 2 gas"),
        Command::Barrage {
            artillery: UnitId(40),
            attack: 2,
            gas: true
        }
    );
    assert_eq!(
        cmd("air 2 points 4"),
        Command::AirPoints {
            attack: 2,
            points: 4
        }
    );
    assert_eq!(
        cmd("fpf 33 on 2"),
        Command::Fpf {
            artillery: UnitId(33),
            attack: 2,
            gas: false
        }
    );
    assert_eq!(cmd("resolve 2"), Command::Resolve { attack: 2 });
    assert_eq!(cmd("end movement"), Command::EndMovement);
    assert_eq!(cmd("end combat"), Command::EndCombat);
    assert_eq!(cmd("end setup"), Command::EndSetup);
    assert_eq!(cmd("end allocation"), Command::EndAllocation);
    assert_eq!(cmd("withhold 5"), Command::Withhold { unit: UnitId(5) });
    assert_eq!(
        cmd("airland 70 3217"),
        Command::Airland {
            unit: UnitId(70),
            hex: hex("3217")
        }
    );
    assert_eq!(
        cmd("paradrop 71 2519"),
        Command::Paradrop {
            unit: UnitId(71),
            hex: hex("2519")
        }
    );
    assert_eq!(cmd("exit 9"), Command::Exit { unit: UnitId(9) });
    assert_eq!(
        cmd("interdict 33"),
        Command::Interdict {
            artillery: UnitId(33)
        }
    );
    assert_eq!(cmd("unplace 4"), Command::Unplace { unit: UnitId(4) });
    assert_eq!(cmd("undeclare 1"), Command::Undeclare { attack: 1 });
    assert_eq!(
        cmd("barrage-hex 40 at 2519"),
        Command::BarrageHex {
            artillery: UnitId(40),
            hex: hex("2519"),
            gas: false
        }
    );
    assert_eq!(
        p.parse_input("roll 3 4"),
        Ok(Some(Input::Rolled(DiceRoll::of(&[3, 4]))))
    );
    assert_eq!(p.parse_input("draw 2"), Ok(Some(Input::Drew(2))));
    assert_eq!(p.parse_input("choose 1"), Ok(Some(Input::Chose(1))));
    assert_eq!(
        p.parse_input("  MOVE 12 TO 3510  # a comment"),
        p.parse_input("move 12 to 3510")
    );
    assert_eq!(p.parse_input("   # only a comment"), Ok(None));
    assert_eq!(p.parse_input(""), Ok(None));
}

#[test]
fn notation_roster_ids_in_and_out() {
    let data = board_with_ids();
    let input = parse_input(data, "declare us-m-0, us-m-2 on sov-m-1")
        .unwrap()
        .unwrap();
    assert_eq!(
        input,
        Input::Command(Command::Declare {
            attackers: [UnitId(0), UnitId(2)].into_iter().collect(),
            defenders: [UnitId(1)].into_iter().collect()
        })
    );
    assert_eq!(
        format_input(data, &input).as_str(),
        "declare us-m-0,us-m-2 on sov-m-1"
    );
    assert_eq!(
        parse_input(data, "move 3 to 0108").unwrap(),
        parse_input(data, "move sov-m-3 to 0108").unwrap()
    );
    assert_eq!(
        Notation::plain().format_input(&input).as_str(),
        "declare 0,2 on 1"
    );
}

#[test]
fn notation_errors_name_the_column_and_what_was_expected() {
    let p = Notation::plain();
    let e = p.parse_input("move 12 to 35x0").unwrap_err();
    assert_eq!(
        (e.column, e.expected, e.found.as_str()),
        (12, "a hex number like 3510", "35x0")
    );
    assert_eq!(
        e.to_string(),
        "column 12: expected a hex number like 3510, found '35x0'"
    );
    let e = p.parse_input("move 12 3510").unwrap_err();
    assert_eq!((e.column, e.expected), (9, "'to'"));
    let e = p.parse_input("move 12 to").unwrap_err();
    assert_eq!(e.column, 11);
    assert!(e.to_string().ends_with("found the end of the line"), "{e}");
    let e = p.parse_input("jump 12").unwrap_err();
    assert_eq!(e.column, 1);
    let e = p.parse_input("resolve 2 now").unwrap_err();
    assert_eq!((e.column, e.expected), (11, "the end of the line"));
    let e = p.parse_input("declare 3,x on 15").unwrap_err();
    assert_eq!(e.column, 11, "points into the list");
    let e = p.parse_input("roll 1 2 3 4 5").unwrap_err();
    assert_eq!((e.column, e.expected), (14, "at most 4 dice"));
    let e = p.parse_input("move us-m-1 to 3510").unwrap_err();
    assert_eq!(e.expected, "a unit number (ids need the game data)");
    let data = board_with_ids();
    let e = parse_input(data, "move nobody to 3510").unwrap_err();
    assert_eq!(
        (e.column, e.expected),
        (6, "a unit id of this game (like us-m-1)")
    );
    let e = parse_input(data, "move 400 to 3510").unwrap_err();
    assert_eq!(e.expected, "a unit number of this game");
    let e = parse_input(data, "move 1 to 4051").unwrap_err();
    assert_eq!(e.expected, "a hex on the map");
    let e = p.parse_choice("strength 5").unwrap_err();
    assert_eq!(e.expected, "a strength like 5-4");
}

#[test]
fn notation_scripts_number_their_lines() {
    let text =
        "# Operation Unity, opening\nplace 4 3409\n\n  end setup # done\nmove 12 to 35x0\nroll 6\n";
    let got: Vec<_> = parse_script(text).collect();
    assert_eq!(got.len(), 4);
    assert_eq!(
        got[0],
        (
            2,
            Ok(Input::Command(Command::Place {
                unit: UnitId(4),
                hex: hex("3409")
            }))
        )
    );
    assert_eq!(got[1], (4, Ok(Input::Command(Command::EndSetup))));
    assert_eq!(got[2].0, 5);
    assert_eq!(got[2].1.as_ref().unwrap_err().column, 12);
    assert_eq!(got[3], (6, Ok(Input::Rolled(DiceRoll::of(&[6])))));
    let data = board_with_ids();
    let got: Vec<_> = parse_script_with(data, "move us-m-0 to 0101").collect();
    assert_eq!(got[0].0, 1);
    assert!(got[0].1.is_ok());
}

#[test]
fn notation_choices_and_their_index() {
    let p = Notation::plain();
    let opts = [Choice::Yes, Choice::No, Choice::Hex(hex("3510"))];
    assert_eq!(
        choice_index(&opts, &p.parse_choice("hex 3510").unwrap()),
        Some(2)
    );
    assert_eq!(choice_index(&opts, &p.parse_choice("no").unwrap()), Some(1));
    assert_eq!(
        p.parse_choice("they-shall-not-pass"),
        Ok(Choice::TheyShallNotPass)
    );
    assert_eq!(
        p.parse_choice("strength 5-4"),
        Ok(Choice::Strength {
            attack: 5,
            defense: 4
        })
    );
    assert_eq!(p.format_choice(&Choice::Unit(UnitId(7))).as_str(), "unit 7");
}
