//! berlin-table rules engine.
//!
//! `#![no_std]` and no heap: every collection is a `heapless` one with a named capacity, and
//! overflowing one is an error value. The engine never rolls dice; see [`core::protocol`].
#![no_std]
#![forbid(unsafe_code)]

pub mod berlin85;
pub mod core;
pub mod css;
pub mod fortress;
pub mod gates;
