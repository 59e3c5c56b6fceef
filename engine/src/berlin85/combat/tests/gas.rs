//! Poison gas [8.8], an optional rule.

use super::*;

// ---- [8.8] poison gas --------------------------------------------------------------------------

fn gas_game(option: bool) -> (Game<'static>, UnitId, UnitId, UnitId) {
    let mut b = board();
    let d = mech(&mut b, NATO, 1, 1);
    let a = mech(&mut b, WARSAW_PACT, 3, 3);
    let art = b.artillery(WARSAW_PACT, 6, 2, 9, 1, 6);
    let mut g = combat(
        b,
        WARSAW_PACT,
        &[(d, hex("0505")), (a, hex("0506")), (art, hex("0509"))],
    );
    g.state.options.poison_gas = option;
    (g, d, a, art)
}

#[test]
fn combat_8_8_gas_only_with_the_optional_rule() {
    let (mut g, d, a, art) = gas_game(false);
    ok(&mut g, declare(&[a], &[d]));
    refused(&mut g, barrage(art, 0, true), "8.8");
}

#[test]
fn combat_8_84_gas_marker_placed_at_once_and_shifts_two_columns_this_turn() {
    let (mut g, d, a, art) = gas_game(true);
    ok(&mut g, declare(&[a], &[d]));
    ok(&mut g, barrage(art, 0, true));
    assert!(g.markers(hex("0505")).has(Markers::GAS));
    assert_eq!(
        g.state.hexes[g.data.map.idx(hex("0505")).unwrap()].marker_turn,
        2
    );
    let card = g.combat_card(0).unwrap();
    assert!(card
        .shifts
        .iter()
        .any(|s| s.case == "8.84" && s.columns == 2));
    // [8.88] the gas battery's barrage counts as well.
    assert_eq!(card.barrage, 6);
    // [8.82] the attack may no longer be withdrawn.
    refused(&mut g, cmd(Command::Undeclare { attack: 0 }), "8.82");
    // [8.85] next Game-Turn: one column.
    g.state.turn = 3;
    let card = g.combat_card(0).unwrap();
    assert!(card
        .shifts
        .iter()
        .any(|s| s.case == "8.85" && s.columns == 1));
}

#[test]
fn combat_8_81_no_gas_into_a_gassed_hex_and_never_by_nato() {
    let (mut g, d, a, art) = gas_game(true);
    mark(&mut g, "0505", Markers::GAS);
    ok(&mut g, declare(&[a], &[d]));
    refused(&mut g, barrage(art, 0, true), "8.81");

    let mut b = board();
    let d = mech(&mut b, WARSAW_PACT, 1, 1);
    let art = b.artillery(NATO, 6, 2, 9, 1, 6);
    let mut g = combat(b, NATO, &[(d, hex("0505")), (art, hex("0509"))]);
    g.state.options.poison_gas = true;
    refused(
        &mut g,
        cmd(Command::BarrageHex {
            artillery: art,
            hex: hex("0202"),
            gas: true,
        }),
        "8.89",
    );
}

#[test]
fn combat_8_87_gas_fpf_on_own_units_helps_on_1_to_4() {
    for (die, shift) in [(3u8, -2i16), (5, 2)] {
        let mut b = board();
        let d = mech(&mut b, WARSAW_PACT, 1, 1);
        let a = mech(&mut b, NATO, 3, 3);
        let art = b.artillery(WARSAW_PACT, 6, 2, 9, 1, 6);
        let mut g = combat(
            b,
            NATO,
            &[(d, hex("0505")), (a, hex("0506")), (art, hex("0509"))],
        );
        g.state.options.poison_gas = true;
        ok(&mut g, declare(&[a], &[d]));
        ok(&mut g, end_alloc());
        ok(&mut g, fpf(art, 0, true));
        assert!(matches!(
            g.pending(),
            Pending::Roll {
                case: "8.87",
                player: WARSAW_PACT,
                ..
            }
        ));
        ok(&mut g, roll(die));
        assert_eq!(g.combat_card(0).unwrap().net_shift, shift);
    }
}
