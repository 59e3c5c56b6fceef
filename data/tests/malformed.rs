//! Malformed input: each mistake is reported at the exact `file:line:column` of the bad value,
//! with a message that names the field. The fixture is `tests/fixtures/tiny`; each test edits
//! one line of one file.
mod common;

use common::*;

/// Every error of the fixture with `from` replaced by `to` in `key`.
fn errors(key: &str, from: &str, to: &str) -> Vec<String> {
    errors_of(&tiny_with(key, from, to))
}

#[test]
fn unknown_key_is_an_error() {
    assert_eq!(
        errors("game.toml", "stand_in = true\n", "stand_in = true\nscale = 1\n"),
        ["tiny/game.toml:12:1: unknown field `scale`, expected one of `id`, `title`, `dice`, `hex_format`, `columns`, `rows`, `first_column_at`, `first_row_at`, `shifted_columns`, `stand_in`, `terrain`, `regions`"]
    );
    assert_eq!(
        errors("tables.toml", "[crt]\n", "[crt]\nnotes = \"x\"\n"),
        ["tiny/tables.toml:72:1: [crt]: unknown key 'notes' (expected columns, stand_in or a die face 1-6)"]
    );
}

#[test]
fn bad_terrain_char_names_its_column() {
    assert_eq!(
        errors("map.txt", "04 | .UU.F.", "04 | .Uq.F."),
        ["tiny/map.txt:3:8: unknown terrain 'q'"]
    );
    assert_eq!(
        errors("regions.txt", "03 | gwwegg", "03 | gwwXgg"),
        ["tiny/regions.txt:4:9: unknown region 'X'"]
    );
}

#[test]
fn short_row() {
    assert_eq!(
        errors("map.txt", "03 | .AU...", "03 | .AU.."),
        ["tiny/map.txt:4:11: row 3 has 5 hexes, expected 6"]
    );
}

#[test]
fn long_row_points_at_the_first_extra_hex() {
    assert_eq!(
        errors("map.txt", "03 | .AU...", "03 | .AU...."),
        ["tiny/map.txt:4:12: row 3 has 7 hexes, expected 6"]
    );
}

#[test]
fn missing_row_is_reported_where_it_belongs() {
    assert_eq!(
        errors("map.txt", "02 | ..U...\n", ""),
        ["tiny/map.txt:5:1: row 2 is missing"]
    );
}

#[test]
fn duplicate_row() {
    assert_eq!(
        errors("map.txt", "02 | ..U...\n", "03 | ..U...\n"),
        [
            "tiny/map.txt:5:1: row 3 appears twice (first on line 4)",
            "tiny/map.txt:6:1: row 2 is missing"
        ]
    );
}

#[test]
fn duplicate_unit_id() {
    assert_eq!(
        errors("units.toml", "id = \"su-m-1\"", "id = \"us-m-1\""),
        [
            "tiny/units.toml:37:6: unit: id 'us-m-1' is already used on line 16",
            "tiny/scenarios/test.toml:15:15: formations: formation 'gsfg' has no units",
        ]
    );
}

#[test]
fn bad_unit_kind_does_not_hide_the_unit() {
    assert_eq!(
        errors("units.toml", "kind = \"mech\"", "kind = \"mechanized\""),
        ["tiny/units.toml:18:8: kind: unknown value 'mechanized' (expected one of: infantry, mech, tank, recon, paratroop, police, military_police, special_forces, engineer, hq, artillery, sp_artillery, rocket_artillery, antitank)"]
    );
}

#[test]
fn duplicate_formation_id() {
    let e = errors("units.toml", "id = \"gsfg\"", "id = \"us_brigade\"");
    assert_eq!(
        e[0],
        "tiny/units.toml:10:6: formation: id 'us_brigade' is already used on line 4"
    );
}

#[test]
fn non_adjacent_hexside() {
    assert_eq!(
        errors("hexsides.toml", "\"0302/0303\"", "\"0302/0304\""),
        ["tiny/hexsides.toml:2:10: water: hexes 0302 and 0304 are not adjacent"]
    );
}

#[test]
fn path_with_a_gap_names_the_hex() {
    assert_eq!(
        errors("hexsides.toml", "path = \"0602 0502 0402", "path = \"0602 0502 0202"),
        ["tiny/hexsides.toml:10:19: road 'B1': hex 0202 is not adjacent to the hex before it (0502)"]
    );
}

#[test]
fn multi_line_path_error_points_at_the_hex() {
    assert_eq!(
        errors(
            "hexsides.toml",
            "path = \"0602 0502 0402 0302 0202\"",
            "path = \"\"\"\\\n  0602 0502 \\\n  0402 0202\"\"\""
        ),
        ["tiny/hexsides.toml:12:8: road 'B1': hex 0202 is not adjacent to the hex before it (0402)"]
    );
}

#[test]
fn unknown_hex() {
    assert_eq!(
        errors("places.toml", "supply = [\"0403\"]", "supply = [\"0903\"]"),
        ["tiny/places.toml:2:12: supply: hex 0903 is off the map (columns 01-06, rows 01-05)"]
    );
    assert_eq!(
        errors("places.toml", "objective = [\"0304\"]", "objective = [\"34\"]"),
        ["tiny/places.toml:3:15: objective: '34' is not a hex number (write it as four digits, column then row: \"0108\")"]
    );
}

#[test]
fn crt_row_of_wrong_length() {
    let row3 = "3 = [\"A2\", \"A2\", \"A1\", \"A1\", \"Br\", \"Br\", \"-\", \"Ax\", \"D1\", \"D1\", \"D1\", \"D2\", \"D3\", \"D3\", \"D4\"]";
    let short = row3.replace(", \"D4\"]", "]");
    assert_eq!(
        errors("tables.toml", row3, &short),
        ["tiny/tables.toml:75:5: [crt]: row 3 has 14 results, expected 15 (one per column)"]
    );
}

#[test]
fn unknown_crt_result() {
    assert_eq!(
        errors("tables.toml", "1 = [\"Ae\", \"A3\"", "1 = [\"Ae\", \"Q3\""),
        ["tiny/tables.toml:73:12: crt row 1: unknown result 'Q3' (expected one of: -, A1, A2, A3, Ae, Br, D1, D2, D3, D4, De, Ex, Ax)"]
    );
}

#[test]
fn unknown_unit_in_a_scenario() {
    assert_eq!(
        errors(
            "scenarios/test.toml",
            "units = [\"us-m-1\", \"us-a-1\"]",
            "units = [\"us-m-1\", \"us-x-9\"]"
        ),
        ["tiny/scenarios/test.toml:9:20: units: unknown unit id 'us-x-9' (not in units.toml)"]
    );
}

#[test]
fn unit_in_two_groups() {
    assert_eq!(
        errors("scenarios/test.toml", "formations = [\"gsfg\"]", "units = [\"us-m-1\"]"),
        ["tiny/scenarios/test.toml:15:10: unit 'us-m-1' is already in a group of this scenario (line 9)"]
    );
}

#[test]
fn turn_track_missing_a_turn() {
    assert_eq!(
        errors("tables.toml", "turn = 2\n", "turn = 4\n"),
        ["tiny/tables.toml:150:8: turn: the Turn Record Track is missing turn 2 (turns run 1, 2, 3 … without gaps)"]
    );
}

#[test]
fn table_incomplete_for_its_dice_range() {
    assert_eq!(
        errors("tables.toml", "7 = \"lands\"\n", ""),
        ["tiny/tables.toml:103:1: [survival]: incomplete for its dice range 1-12: no row for 7"]
    );
    assert_eq!(
        errors("tables.toml", "12 = \"air_support_and_jagerbrigade\"\n", ""),
        ["tiny/tables.toml:90:1: [reinforcement]: incomplete for its dice range 2-12: no row for 12"]
    );
}

#[test]
fn die_row_outside_the_range() {
    assert_eq!(
        errors("tables.toml", "6 = \"nw\"\n", "6 = \"nw\"\n7 = \"n\"\n"),
        ["tiny/tables.toml:124:1: [scatter]: row 7 is outside the dice range 1-6"]
    );
}

#[test]
fn scenario_longer_than_the_turn_track() {
    assert_eq!(
        errors("scenarios/test.toml", "end_turn = 3", "end_turn = 5"),
        ["tiny/scenarios/test.toml:5:12: end_turn: turn 5 is not on the Turn Record Track of tables.toml (it has 3 turns)"]
    );
}

#[test]
fn barracks_zone_must_match_the_regions_file() {
    assert_eq!(
        errors("places.toml", "zone = \"us\"", "zone = \"british\""),
        ["tiny/places.toml:8:8: barracks zone: regions.txt puts hex 0404 in zone 'us'"]
    );
}

#[test]
fn wrong_value_type_names_the_key() {
    assert_eq!(
        errors("game.toml", "columns = 6", "columns = \"six\""),
        ["tiny/game.toml:6:11: columns: invalid type: string \"six\", expected an integer"]
    );
}

#[test]
fn unknown_area_in_a_zone() {
    assert_eq!(
        errors(
            "scenarios/test.toml",
            "zone = { area = \"potsdam\" }",
            "zone = { area = \"berlin\" }"
        ),
        ["tiny/scenarios/test.toml:16:17: area: no place or area named 'berlin' in places.toml"]
    );
}

#[test]
fn zone_with_keys_of_two_shapes() {
    assert_eq!(
        errors(
            "scenarios/test.toml",
            "zone = { area = \"potsdam\" }",
            "zone = { area = \"potsdam\", distance = 2 }"
        ),
        ["tiny/scenarios/test.toml:16:39: zone: 'distance' does not go with 'area'"]
    );
}

#[test]
fn legend_key_without_a_terrain_row() {
    assert_eq!(
        errors("game.toml", "\"F\" = \"forest\"", "\"F\" = \"jungle\""),
        ["tiny/game.toml:18:7: terrain: 'jungle' has no [[terrain]] row in tables.toml"]
    );
}

#[test]
fn flughafen_needs_a_tower_and_towers_must_touch_the_field() {
    assert_eq!(
        errors("places.toml", "control_towers = [\"0403\"]", "control_towers = [\"0101\"]"),
        ["tiny/places.toml:14:19: airfield 'Tempelhof': control tower 0101 is not next to the airfield [13.23]"]
    );
}

#[test]
fn untried_unit_with_printed_strength() {
    assert_eq!(
        errors("units.toml", "movement = 12\nuntried = true\n", "movement = 12\nuntried = true\nattack = 4\n"),
        ["tiny/units.toml:23:10: unit 'us-m-1': an untried unit's 'attack' is hidden; leave it out and list the strengths in [untried_mix] [11.0]"]
    );
}

#[test]
fn missing_file() {
    let mut set = tiny();
    set.remove("units.toml");
    let e = errors_of(&set);
    assert_eq!(e[0], "tiny/units.toml: the file is missing");
}

#[test]
fn toml_syntax_error() {
    // The parse error comes first; the scenario then misses the places it names.
    let e = errors("places.toml", "pol = [\"0502\"]", "pol = [\"0502\"");
    assert_eq!(e[0], "tiny/places.toml:6:1: invalid array: expected `]`");
}

#[test]
fn zone_of_symbols_no_hex_of_the_region_has() {
    assert_eq!(
        errors(
            "scenarios/test.toml",
            "zone = { area = \"potsdam\" }",
            "zone = { places = [\"town\"], region = \"east_germany\" }"
        ),
        ["tiny/scenarios/test.toml:16:8: zone: no hex of the region has any of these symbols (places.toml)"]
    );
}

#[test]
fn untried_11_0_a_cup_larger_than_one_draw_can_list() {
    // Every chit left in a cup is listed in the draw so a uniform pick is fair [11.0].
    assert_eq!(
        errors(
            "units.toml",
            "{ attack = 6, defense = 5, count = 2 }",
            "{ attack = 6, defense = 5, count = 62 }"
        ),
        ["tiny/units.toml:47:9: untried_mix: the 'mech' cup holds 65 chits; a draw can list at most 64"]
    );
}
