//! Tests, named with their S-cases.
