//! The rules reference panel: a short paraphrase of each Berlin '85 case that has an effect in
//! play, by case number. These are summaries for the table, not the rulebook's words; the
//! rulebook (SPI, 1980) is the authority and its case numbers are cited everywhere.

/// One entry of the reference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleRef {
    pub case: &'static str,
    pub title: &'static str,
    pub text: &'static str,
}

const fn r(case: &'static str, title: &'static str, text: &'static str) -> RuleRef {
    RuleRef { case, title, text }
}

/// Every entry, in rulebook order.
pub static BERLIN85: &[RuleRef] = &[
    r("2.1", "The map", "The map covers West Berlin and the country around it; each hex is 1 km across and has a four-digit number, column then row."),
    r("2.3", "Counters", "Units show attack, defense and movement; artillery shows barrage, FPF, range, defense and movement. Non-artillery units start untried, with only 'U' and movement showing."),
    r("2.4", "Scale", "A hex is 1 km, a Game-Turn 8 hours; every third Game-Turn is a night turn."),
    r("3.0", "Set-up", "Each side places its units as its scenario says, NATO first, one unit per hex. Units not on the map at the start wait as reinforcements."),
    r("4.0", "Sequence of play", "Each Game-Turn: the Warsaw Pact Player-Turn, then NATO's. A Player-Turn is a Movement Phase, then a Combat Phase: declare attacks, attacker adds barrage and air points, defender adds FPF, each attack is rolled and applied, then collateral damage is checked. The game ends after Game-Turn 16 or when the Warsaw Pact holds the city."),
    r("5.0", "Movement", "In his Movement Phase the phasing player moves units one at a time, hex to hex, paying movement points for each hex entered."),
    r("5.11", "Only in your own phase", "Units move only in their own Movement Phase. Retreats and advances after combat are not movement and cost nothing."),
    r("5.12", "Enemy hexes", "A unit never enters a hex holding an enemy unit."),
    r("5.13", "Movement allowance", "A unit may spend up to its allowance each Movement Phase; unused points are lost, never saved or lent."),
    r("5.14", "Leaving enemy ZOC", "On a day turn a unit may not move out of an enemy-controlled hex; only retreat, advance or night disengagement get it out."),
    r("5.15", "One move per unit", "Once a unit has finished moving it may not move again that Player-Turn."),
    r("5.16", "Supply and movement", "An unsupplied unit moves at half its allowance, rounded down."),
    r("5.17", "West Berlin police", "West Berlin police never move or retreat out of West Berlin; forced out, they are eliminated."),
    r("5.18", "Police and enemy ZOC", "Police of either side never enter an enemy zone of control voluntarily; forced in, they are eliminated."),
    r("5.21", "Terrain costs", "Clear terrain costs 1 MP; other terrain costs what the Terrain Effects Chart says."),
    r("5.22", "Roads", "Moving from road hex to road hex along the road costs 1 MP whatever the terrain."),
    r("5.23", "Autobahn", "Moving from Autobahn hex to Autobahn hex along the Autobahn costs 1/2 MP."),
    r("5.24", "U-Bahn movement", "Underground along the U-Bahn each hex costs 2 MP whatever the terrain; the player says so when entering. The U-Bahn cannot be used to leave an enemy-controlled hex the unit started in."),
    r("5.25", "Hexside costs", "Water, ferry, bridge and border hexsides cost extra on top of the hex. Ferries and bridges replace the water cost. Roads and the U-Bahn stop at the border; the Autobahn does not."),
    r("5.26", "Enough MP; lakes", "A unit needs the MP for the hex and hexside to enter. Lakes cost 9 MP in all and a unit may not end its move in one."),
    r("5.31", "No stacking", "Friendly units may pass through each other but never end a phase two to a hex."),
    r("5.32", "Passing through", "Any number of units may pass through the same hex."),
    r("6.0", "Zones of control", "Every unit controls the six hexes around it. Entering an enemy-controlled hex ends movement, and units in each other's zones must fight."),
    r("6.11", "Always on", "All units always exert a zone of control; other units do not change that (except for supply)."),
    r("6.12", "No extra cost", "Entering an enemy zone costs no extra MP. Disengaging at night costs 2 MP more."),
    r("6.13", "Ways out", "A unit leaves an enemy zone only by retreat or advance, by the enemy being removed, or by night disengagement."),
    r("6.14", "Where zones reach", "Zones of control do not reach into urban or ruin hexes, nor across water hexsides even with a bridge or ferry. They do reach out of urban and ruin hexes."),
    r("6.21", "Mutual zones", "A hex may be controlled by both sides at once."),
    r("7.0", "Combat", "Adjacent enemies in each other's zones must fight. Attack strength plus barrage and air points, minus defense plus FPF, gives the differential; terrain and other effects shift columns; one die is read on the CRT."),
    r("7.11", "Who must attack", "Every phasing unit in an enemy zone must attack, and every enemy unit with a phasing unit in its zone must be attacked. Other units may join in."),
    r("7.12", "Up to six attackers", "A defender can be attacked from up to six adjacent hexes, plus artillery and air support."),
    r("7.13", "Once per phase", "No unit attacks or is attacked more than once per Combat Phase."),
    r("7.14", "Adjacent only", "Non-artillery units attack only adjacent units."),
    r("7.21", "All adjacent enemies", "A phasing unit in several enemy zones must attack all those adjacent enemies not attacked by others."),
    r("7.22", "Combining", "Units in several hexes may combine against one hex if all are adjacent (or artillery in range)."),
    r("7.23", "One combat", "For several defenders to be one combat, every attacker except barraging artillery must be adjacent to every defender."),
    r("7.3", "Strength is whole", "A unit's strength cannot be split between combats or lent."),
    r("7.41", "Defender's terrain", "Only the defender benefits from terrain: the hex it is in and the hexsides it is attacked across."),
    r("7.42", "Terrain shifts", "Terrain shifts the differential column to the left by the number on the Terrain Effects Chart."),
    r("7.43", "Hexside shifts", "Hex and hexside effects add up, but a hexside counts only if every attacker attacks across that kind of hexside."),
    r("7.44", "Several defenders", "Defenders on different terrain use the single terrain best for the defence."),
    r("7.51", "Table ends", "Differentials below -7 use the -7 column, above +12 the +12 column."),
    r("7.52", "No voluntary shift left", "The attacker may not choose to attack at a worse column than he is entitled to."),
    r("7.53", "Diversionary attacks", "Poor-odds attacks to free other units for better attacks are allowed."),
    r("7.6", "Combat results", "D1-D4: defender retreats that many hexes. A1-A3: attacker retreats. Br: both retreat one, defender first. Ae/De: attackers/defenders eliminated. Ex: defenders eliminated, attacker loses at least as many printed strength points. Ax: defenders retreat one, attacker loses as in an exchange."),
    r("7.7", "Retreats", "The owner moves each retreating unit the full number of hexes away from the combat; a unit that cannot is eliminated."),
    r("7.71", "Retreat and enemy ZOC", "A retreating unit may not enter an enemy-controlled hex; friendly units do not cancel enemy zones for this."),
    r("7.72", "Retreat and water", "A retreat never crosses a water hexside, bridged or not."),
    r("7.73", "Vacant hexes first", "Retreat into empty hexes when possible; only if there is no other way may it pass through friendly units, displacing them."),
    r("7.74", "Full distance", "A unit must end its retreat the full distance away; if it can only go part way it is eliminated where it stops."),
    r("7.75", "Stopping in urban hexes", "After retreating at least one hex, a unit may stop in an urban hex it enters."),
    r("7.76", "They Shall Not Pass", "Instead of retreating, a supplied unit may roll one die: at or below the retreat distance it is destroyed; above, it stays put unharmed. Each unit decides in turn."),
    r("7.81", "Displacement", "A friendly unit in the only retreat path is pushed one hex as if retreating, then the retreating unit moves through."),
    r("7.82", "Displacement limits", "If displacing would destroy the displaced unit, the retreating unit dies instead. Displaced artillery that has not fired may not fire this phase."),
    r("7.83", "Units in pending attacks", "Units in an announced, unresolved attack cannot be displaced until it is resolved."),
    r("7.91", "Advance after combat", "Victorious non-police units that fought adjacent to a retreating defender may follow its retreat path."),
    r("7.92", "Stopping the advance", "Advancing units may stop anywhere along the path."),
    r("7.93", "Advance ignores ZOC", "An advance ignores enemy zones of control."),
    r("7.94", "Who may advance", "Only adjacent, participating, non-police units advance; not non-adjacent artillery, not units that held with They Shall Not Pass."),
    r("7.95", "Stay on the path", "An advance stays on the retreat path."),
    r("7.96", "Advance now or never", "Advance at once, before other combats; advancing units may not attack or be attacked again this phase."),
    r("7.98", "Two-hex advance", "When a defender dies trying They Shall Not Pass, attackers may advance two hexes: first into its hex, then any adjacent passable hex."),
    r("7.99", "Into an emptied hex", "Attackers may always advance into the hex of a defender eliminated in combat, and stop there."),
    r("8.0", "Artillery", "Artillery attacks with its barrage strength from range and adds its FPF to friendly defenders in range; it may do both in one turn. Attacked, it uses its defense strength."),
    r("8.1", "Barrage", "Artillery not adjacent to any enemy may barrage a non-adjacent enemy within range."),
    r("8.12", "Counting range", "Range counts the target hex but not the artillery's own hex."),
    r("8.13", "One target hex", "A barrage hits one hex, unless it joins a combined attack."),
    r("8.14", "Barrage is safe", "Barraging artillery never suffers combat results."),
    r("8.15", "Artillery alone", "Attacks by artillery alone only count D2, D3, D4 or De; anything else is no effect."),
    r("8.16", "Empty hexes", "Artillery may barrage an empty hex (never a friendly one) just to check for collateral damage, fire or gas."),
    r("8.21", "Combined attacks", "Barrage and air points may join adjacent attacks, adding their strength."),
    r("8.22", "Range in multi-hex attacks", "In a multi-hex combat the artillery needs range to only one defender."),
    r("8.31", "Adjacent artillery", "Artillery in an enemy zone must join a normal attack on that enemy, using its barrage strength."),
    r("8.32", "No barrage when adjacent", "Artillery attacking from an adjacent hex may not also barrage that phase."),
    r("8.33", "Adjacent artillery suffers", "Artillery attacking from an adjacent hex takes the combat result like any attacker."),
    r("8.41", "Final protective fire", "Non-phasing artillery not yet attacked this phase, unharmed in its last Combat Phase and not in an enemy zone may add its FPF to a defender."),
    r("8.42", "FPF range", "FPF range is counted to the friendly defender's hex."),
    r("8.43", "FPF adds to defense", "FPF points add to the defender's defense strength."),
    r("8.44", "FPF is safe", "Artillery giving FPF is not affected by the combat result."),
    r("8.45", "No FPF against artillery only", "FPF cannot help a unit attacked only by artillery."),
    r("8.5", "Artillery defending", "Attacked artillery defends with its defense strength only."),
    r("8.61", "Fire over anything", "Barrage and FPF reach anywhere in range regardless of terrain or units in between."),
    r("8.62", "Terrain against artillery", "The defender's hex terrain counts against artillery; hexsides count only if adjacent non-artillery attackers all attack across them."),
    r("8.71", "Rocket artillery integrity", "Warsaw Pact rocket artillery joins a combined attack only if an adjacent attacker of its own division takes part."),
    r("8.72", "NATO artillery integrity", "NATO artillery gives FPF only to its own nationality, and joins combined attacks only with an adjacent attacker of its nationality."),
    r("8.73", "Police and artillery", "No FPF for police. A combined attack with artillery needs at least one adjacent non-police attacker."),
    r("8.74", "Air support", "Air ground support points may help any friendly non-police units, free of the integrity rules."),
    r("8.8", "Poison gas (optional)", "With this option the Warsaw Pact artillery may fire gas."),
    r("8.81", "Firing gas", "Only Warsaw Pact artillery fires gas, at NATO units or empty hexes, never at a hex already gassed. Its effect applies at once."),
    r("8.82", "Gas marker", "A gas marker stays until the end of the Game-Turn after the one it was fired in."),
    r("8.83", "Moving through gas", "Entering a gassed hex costs double MP (triple at night)."),
    r("8.84", "Gas: same turn", "In the turn gas is fired, attacks on units in that hex are two columns better for the attacker."),
    r("8.85", "Gas: next turn", "In the following turn, attacks on units in the gassed hex are one column better."),
    r("8.86", "Gas blocks supply", "Supply cannot be traced through a gassed hex."),
    r("8.87", "Gas as FPF", "Warsaw Pact gas fired as FPF on its own defenders: roll a die; 1-4 gives the defender two columns and cancels the gas penalty this Player-Turn; 5-6, the gas penalty applies."),
    r("8.88", "Gas and fire strength", "Gas-firing artillery still adds its barrage or FPF normally."),
    r("8.89", "Who has gas", "Only Warsaw Pact artillery; no side's air points use gas."),
    r("9.0", "Airpower", "Ground support points, given on the Turn Record Track, act like artillery points for barrage or FPF, placed on the hex they support."),
    r("9.11", "One for one", "One ground support point equals one artillery strength point."),
    r("9.12", "Splitting air points", "Air points may all go to one target or be split."),
    r("9.13", "Unlimited range", "Air points reach anywhere on the map and ignore the integrity rules."),
    r("9.14", "Use them or lose them", "Unused air points are lost at the end of the turn."),
    r("9.15", "No air at night", "No one gets air points on a night turn; air superiority still counts."),
    r("9.21", "NATO air superiority", "When NATO has air superiority the Warsaw Pact gets no air points and no airlanding, air supply or paradrops; NATO never paradrops."),
    r("9.22", "Who has air superiority", "The Warsaw Pact has it except in a turn NATO rolled 11-12 on the Reinforcement Table."),
    r("10.0", "Collateral damage", "When the artillery and air points of both sides fired into a hex reach the table's threshold for its terrain, the phasing player rolls; a 'd' places a ruin."),
    r("10.11", "When to check", "Checked for each combat after retreats and advances, before the next combat."),
    r("10.12", "Several hexes", "One die for all hexes of a combat, read separately for each hex's terrain."),
    r("10.2", "Which hexes", "Only urban, industrial, suburban, forest, rough and park hexes can be damaged."),
    r("10.4", "Only once", "A hex is ruined at most once; a ruined hex is never checked again."),
    r("10.51", "Ruins and roads", "Roads do not work in ruin hexes."),
    r("10.52", "Ruins and the Autobahn", "The Autobahn still works in ruin hexes."),
    r("10.54", "Ruins and the U-Bahn", "The U-Bahn still works in ruin hexes."),
    r("10.55", "Ruin effects", "A ruin adds its MP cost and combat shift to the hex's own; symbols in the hex still count."),
    r("10.71", "Firestorm", "Fire at a POL hex counts triple for collateral damage; damage there sets a fire that kills any unit in the hex and becomes a ruin at the end of the next turn."),
    r("10.72", "Fire blocks", "No unit may enter a burning hex, and supply cannot pass through it."),
    r("10.73", "Burns once", "A hex burns only once; its POL symbol is then gone."),
    r("10.74", "Fire spreads", "At the start of each Player-Turn, each POL hex next to a fire (not across water) catches fire on a die roll of 1-3."),
    r("11.0", "Untried units", "Untried units show only 'U'. When committed to an attack or defence, after all support is allocated, their real strength is revealed and the attack may not be called off."),
    r("12.0", "Bridge demolition", "When a Warsaw Pact unit first moves or retreats into a West Berlin hex beside a bridge, NATO may try to blow it: 1-3 on a die destroys it, making it a plain water hexside. One try per bridge."),
    r("13.0", "Reinforcements", "Reinforcements enter in the owner's Movement Phase as the schedule says: Warsaw Pact by airlanding or paradrop, NATO only by airlanding."),
    r("13.11", "Withholding", "The Warsaw Pact may hold reinforcements back; NATO emergency reinforcements must come when they arrive or not at all."),
    r("13.12", "Off-map units", "Reinforcements have no effect until they are on the map."),
    r("13.21", "NATO airlands", "All NATO reinforcements must airland; Soviet paratroops may airland instead of dropping."),
    r("13.22", "Airfield capacity", "A friendly Flughafen takes nine units per turn, a Flugplatz three. Airlanded units move at most half their allowance that turn."),
    r("13.23", "Friendly airfields", "An airfield is friendly if held at the start or if friendly units last passed through all its hexes and its control tower."),
    r("13.24", "Airlanding needs air superiority", "Only the side with air superiority airlands, night or day."),
    r("13.25", "Arriving in a ZOC", "Reinforcements placed in an enemy zone may not move that turn."),
    r("14.0", "Supply", "Supply is checked at the start of the Movement Phase and at each combat."),
    r("14.11", "West Berlin police supply", "West Berlin police trace to any supply hex in West Berlin."),
    r("14.12", "NATO supply", "Other NATO units trace to a barracks hex in West Berlin."),
    r("14.13", "Warsaw Pact supply", "Soviet and East German units trace to a friendly road or Autobahn hex on a map edge."),
    r("14.14", "Air supply", "With air superiority, non-police units may trace to an airfield they could airland on."),
    r("14.21", "Tracing supply", "Any length, through friendly passable hexes free of enemy zones (a friendly unit cancels the zone), across water but not lakes."),
    r("14.22", "Supply by U-Bahn", "Supply may pass an enemy-controlled U-Bahn hex if friendly units were the last through it."),
    r("14.23", "One border hexside", "NATO supply crosses at most one border hexside."),
    r("14.24", "Fire and gas", "No supply through fire or gas."),
    r("14.31", "Unsupplied movement", "Out of supply at the start of the Movement Phase: half movement allowance for the phase."),
    r("14.32", "Unsupplied combat", "Out of supply at the moment of combat: two columns in the enemy's favour, and no They Shall Not Pass."),
    r("14.33", "Unsupplied artillery", "Unsupplied artillery gives no FPF, does not barrage non-adjacent units and fires no gas."),
    r("15.0", "The U-Bahn", "Units may move underground along the U-Bahn at 2 MP a hex, ignoring zones of control and hexside costs; at the end of the phase they are above ground again."),
    r("16.0", "Night turns", "Every third Game-Turn is night."),
    r("16.11", "No air at night", "No air ground support is received or used at night."),
    r("16.12", "Night air operations", "Airlanding and air supply work at night for the side with air superiority; paradrops do not."),
    r("16.21", "Night movement", "All terrain and hexside MP costs double at night."),
    r("16.22", "Disengagement", "At night a unit starting in an enemy zone may leave it for 2 extra MP, but only into a hex no enemy controls."),
    r("17.0", "NATO emergency reinforcements", "From Game-Turn 2, NATO may roll two dice secretly on the Reinforcement Table each turn, until land reinforcements arrive or a 2-5 ends it. A result must be announced if anything is received."),
    r("17.1", "Reinforcement results", "No reinforcements ends the rolls; no effect allows another try; air support gives 6 air points and air superiority for the turn; a 12 also sends the Jägerbrigade: 1-2 airlands, 3 aborts, 4-6 destroyed in the air."),
    r("17.21", "No room to land", "Jägerbrigade units that cannot airland for lack of capacity are lost."),
    r("17.22", "Air still counts", "Air points and air superiority stand even if land reinforcements fail."),
    r("17.23", "After a 12", "Once a 12 is rolled, NATO never rolls for emergency reinforcements again."),
    r("18.0", "Paratroops", "On one turn with air superiority the Warsaw Pact may drop paratroops at the end of its Movement Phase; each rolls two dice on the Survival Table: 1 or less destroyed, 2-4 scatter, 5+ lands."),
    r("18.1", "Scatter", "A scattered unit moves one hex in the direction a die shows on the scatter diagram."),
    r("18.2", "Paratroop losses", "A dropped unit starting the Combat Phase stacked, in a lake, fire or gas is destroyed."),
    r("18.3", "One drop each", "Each paratroop unit drops at most once."),
    r("18.41", "No move after dropping", "Paratroops do not move in the turn they drop, except by combat."),
    r("18.42", "Drop targets", "Not on a lake, an occupied hex, fire or gas; one unit per target hex."),
    r("18.43", "Dropped units are supplied", "Paradropped units are in supply throughout their turn of arrival."),
    r("18.61", "Open or airfield", "+1 to the survival roll in an open or airfield hex."),
    r("18.62", "Industrial or suburban", "-1 to the survival roll."),
    r("18.63", "Rough", "-2 to the survival roll."),
    r("18.64", "Forest or urban", "-3 to the survival roll."),
    r("18.65", "Survival limits", "Modified survival rolls are read between 1 and 12."),
    r("18.67", "Dropping into a ZOC", "-2 to the survival roll when the target is in an enemy zone."),
    r("19.0", "Honors of War", "At the start of a Game-Turn the Warsaw Pact may offer honourable surrender: two dice on the column of the current Surrender Points."),
    r("19.11", "Bonus shift", "B: for the turn, one side (NATO on 1-3, Warsaw Pact on 4-6) gets one column shift in adjacent combats, attacking or defending."),
    r("19.12", "Cease fire or surrender", "C: a die; 1-3 the whole turn is skipped, 4-6 NATO surrenders and the game ends."),
    r("19.13", "Surrender", "S: a die; 4-6 NATO surrenders, otherwise no effect."),
    r("19.14", "Modifiers", "A number modifies the second die."),
    r("19.21", "When to offer", "After Game-Turn 1, once per turn; each offer that does not end in surrender costs the Warsaw Pact 20 VP."),
    r("19.41", "Surrender Points", "The Warsaw Pact gains Surrender Points, NATO's count against them; the track may go negative."),
    r("19.42", "NATO kills", "NATO scores 1 per Warsaw Pact police unit destroyed, 2 per mechanized or artillery unit, 3 per paratroop unit."),
    r("19.43", "Warsaw Pact kills", "The Warsaw Pact scores 1 per West Berlin police unit and 2 per other NATO unit destroyed (the MP unit is military)."),
    r("19.44", "Holding hexes", "The Warsaw Pact scores 1 per objective or airfield hex and 2 per barracks or control tower hex it holds in West Berlin; NATO takes them back by recapture. A hex is held by the last side to move through it."),
    r("19.45", "Offer threshold", "Honors of War needs at least +6 Surrender Points."),
    r("20.0", "Victory", "The game ends after Game-Turn 16 or at the end of a turn in which the Warsaw Pact controls West Berlin."),
    r("20.11", "City control", "The Warsaw Pact controls the city when it last passed through every hex of Gatow, Tegel and Tempelhof with their towers, every objective and every barracks, or when NATO surrenders."),
    r("20.21", "Victory points", "If the city falls, the Warsaw Pact scores its non-police units on the map times the turn's VP multiple, plus 5 per unit of a withheld division."),
    r("20.22", "Rail interdiction", "NATO scores 5 VP a turn when eligible artillery in range of the 0108-2302 rail line interdicts instead of firing."),
    r("20.23", "Rail line occupied", "NATO scores 8 VP a turn, instead, when any NATO unit sits on the rail line."),
    r("20.24", "Levels of victory", "200+ WP decisive, 160-199 substantive, 120-159 marginal; 80-119 NATO marginal, 40-79 substantive, 39 or less decisive."),
    r("21.11", "Operation Unity set-up", "NATO first: police on supply or control tower hexes, US, British and French units near their zones' barracks. Then the Warsaw Pact divisions in their areas; a division may be withheld."),
    r("21.12", "Unity reinforcements", "Soviet paratroops from turn 1 by airlanding or drop; the Jägerbrigade only as NATO emergency reinforcements."),
    r("21.15", "Unity special rules", "Warsaw Pact police may not move or attack until Game-Turn 3; the Warsaw Pact gets two columns in adjacent attacks in both Combat Phases of turn 1."),
    r("21.21", "Operation Werewolf set-up", "As Unity, but West Berlin police anywhere in West Berlin, Soviet divisions anywhere outside it and not in a NATO zone, each division within 12 hexes; then the Jägerbrigade anywhere in West Berlin."),
    r("21.22", "Werewolf reinforcements", "No emergency land units for NATO: a 12 reads as 11."),
    r("21.25", "Werewolf special rules", "NATO police get one column in their favour; NATO may demolish POL hexes like bridges."),
    r("21.31", "Operation Medicine Wheel set-up", "NATO police, then the Warsaw Pact, then NATO's other units anywhere in West Berlin; no Warsaw Pact Player-Turn on the first Game-Turn; nothing withheld."),
    r("21.32", "No reinforcements", "Neither side receives any reinforcements."),
    r("21.33", "Random air points", "The Warsaw Pact rolls a die each turn for its air points; NATO gets none."),
    r("21.35", "Medicine Wheel special rules", "No Honors of War, emergency reinforcements, paradrops or surrender track; West Berlin police may leave the city; NATO may exit north, south or west for 2 MP; the Warsaw Pact starts out of supply until a 1-4 on a priority roll; the Warsaw Pact may blow bridges outside West Berlin."),
    r("21.36", "Medicine Wheel victory", "Victory points for destroyed enemy units, terrain and NATO units exited off the map."),
];

/// The entry for `case`, or the nearest enclosing case ("7.761" → "7.76" → "7.7" → "7.0").
pub fn lookup(case: &str) -> Option<&'static RuleRef> {
    let mut c = case
        .trim()
        .trim_start_matches('[')
        .trim_end_matches(']')
        .to_string();
    loop {
        if let Some(r) = BERLIN85.iter().find(|r| r.case == c) {
            return Some(r);
        }
        let (major, minor) = c.split_once('.')?;
        if minor.len() > 1 {
            c = format!("{major}.{}", &minor[..minor.len() - 1]);
        } else if minor != "0" {
            c = format!("{major}.0");
        } else {
            return None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cases_are_unique_and_in_order() {
        let key = |c: &str| -> Vec<u32> { c.split('.').map(|p| p.parse().unwrap_or(0)).collect() };
        for w in BERLIN85.windows(2) {
            let (a, b) = (key(w[0].case), key(w[1].case));
            let a = (
                a[0],
                w[0].case
                    .split_once('.')
                    .map_or(String::new(), |x| x.1.to_string()),
            );
            let b = (
                b[0],
                w[1].case
                    .split_once('.')
                    .map_or(String::new(), |x| x.1.to_string()),
            );
            assert!(a < b, "{} before {}", w[0].case, w[1].case);
        }
    }

    #[test]
    fn lookup_falls_back_to_the_enclosing_case() {
        assert_eq!(lookup("7.76").map(|r| r.case), Some("7.76"));
        assert_eq!(lookup("[5.27]").map(|r| r.case), Some("5.0"));
        assert_eq!(lookup("8.2").map(|r| r.case), Some("8.0"));
        assert_eq!(lookup("19.3").map(|r| r.case), Some("19.0"));
        assert!(lookup("table").is_none());
    }
}
