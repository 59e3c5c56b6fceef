//! The search's open lists: a binary heap for any allowance, one bucket per cost (Dial's
//! algorithm) for small ones. Both pop `(cost, key)` in the order of (cost, node, stop), so the
//! search (and the path it keeps for each node when two ways cost the same) does not depend on
//! which list it uses. Fixed-size, no allocation.

use super::{SearchError, BUCKETS};
use heapless::binary_heap::{BinaryHeap, Min};

/// The open list of the search: entries `(cost, key)`, `key = node << 1 | stop`, popped in
/// the order of (cost, key).
pub(super) trait Open {
    fn push(&mut self, cost: u16, key: u32) -> Result<(), SearchError>;
    fn pop(&mut self) -> Option<(u16, u32)>;
}

/// A binary heap of `cost << shift | key` integers (for any allowance).
pub(super) struct Heap<const H: usize> {
    heap: BinaryHeap<u32, Min, H>,
    shift: u32,
}

impl<const H: usize> Heap<H> {
    pub(super) fn new(shift: u32) -> Self {
        Heap {
            heap: BinaryHeap::new(),
            shift,
        }
    }
}

impl<const H: usize> Open for Heap<H> {
    #[inline]
    fn push(&mut self, cost: u16, key: u32) -> Result<(), SearchError> {
        self.heap
            .push((cost as u32) << self.shift | key)
            .map_err(|_| SearchError::QueueFull)
    }
    #[inline]
    fn pop(&mut self) -> Option<(u16, u32)> {
        let e = self.heap.pop()?;
        Some(((e >> self.shift) as u16, e & ((1 << self.shift) - 1)))
    }
}

const NIL: u16 = u16::MAX;

/// Keys are `u16` (`Reachable::FITS`): 65,536 bits, 1,024 words, 16 summary words.
const KEY_WORDS: usize = 1 << 10;
const SUMMARY_WORDS: usize = KEY_WORDS / 64;

/// The keys of the bucket being popped, as a set: a bit per key and a bit per non-empty word.
/// Popping the least key is two bit scans, where each bucket used to be sorted when loaded
/// (the sort cost about as much as the rest of the list; the order popped is the same). A key
/// is in a bucket at most once: the search pushes a node again only at a strictly lower cost.
struct KeySet {
    /// As many words as the search's keys need (set up when a search begins: a small map
    /// clears less).
    words: heapless::Vec<u64, KEY_WORDS>,
    summary: [u64; SUMMARY_WORDS],
    /// No summary word below this one is non-empty.
    low: usize,
    len: usize,
}

impl KeySet {
    /// A set for keys below `keys` (at most 65,536).
    fn new(keys: usize) -> Self {
        let mut words = heapless::Vec::new();
        let _ = words.resize(keys.div_ceil(64).min(KEY_WORDS), 0);
        KeySet {
            words,
            summary: [0; SUMMARY_WORDS],
            low: SUMMARY_WORDS,
            len: 0,
        }
    }

    /// Keys this set can hold are below this.
    fn keys(&self) -> usize {
        self.words.len() * 64
    }

    #[inline]
    fn insert(&mut self, key: u16) {
        let (w, b) = (key as usize >> 6, key & 63);
        debug_assert!(self.words[w] & 1 << b == 0, "a key twice in one bucket");
        self.words[w] |= 1 << b;
        self.summary[w >> 6] |= 1 << (w & 63);
        self.low = self.low.min(w >> 6);
        self.len += 1;
    }

    /// Takes the least key out.
    #[inline]
    fn pop_min(&mut self) -> Option<u16> {
        if self.len == 0 {
            return None;
        }
        while self.summary[self.low] == 0 {
            self.low += 1;
        }
        let w = self.low << 6 | self.summary[self.low].trailing_zeros() as usize;
        let bits = self.words[w];
        let key = (w << 6) as u16 | bits.trailing_zeros() as u16;
        let rest = bits & (bits - 1);
        self.words[w] = rest;
        if rest == 0 {
            self.summary[self.low] &= !(1 << (w & 63));
        }
        self.len -= 1;
        Some(key)
    }
}

/// One bucket per cost up to the allowance (Dial's algorithm): a push links the entry into its
/// cost's list; a pop takes the cheapest bucket's entries in key order (through a [`KeySet`]).
/// Every step costs at least as much as nothing, so a bucket is complete when its turn comes,
/// except for free steps pushed into the bucket being popped, which go into its set. At most
/// `H` entries wait at once, as in the heap.
pub(super) struct Buckets<const H: usize> {
    /// Per cost, the first slot of its list (`NIL`: empty).
    head: heapless::Vec<u16, BUCKETS>,
    /// Per slot, the entry's key (`node << 1 | stop` fits 16 bits: `Reachable::FITS`) and the
    /// next slot of its list (or of the free list).
    key: heapless::Vec<u16, H>,
    next: heapless::Vec<u16, H>,
    free: u16,
    /// The bucket being popped.
    run: KeySet,
    /// The cost of `run` (`None` before the first pop).
    loaded: Option<usize>,
    /// Entries waiting, in the lists and in `run`.
    waiting: usize,
}

impl<const H: usize> Buckets<H> {
    /// Costs up to `allowance`, keys below `keys`.
    pub(super) fn new(allowance: u16, keys: usize) -> Self {
        let mut head = heapless::Vec::new();
        let _ = head.resize(allowance as usize + 1, NIL);
        Buckets {
            head,
            key: heapless::Vec::new(),
            next: heapless::Vec::new(),
            free: NIL,
            run: KeySet::new(keys),
            loaded: None,
            waiting: 0,
        }
    }
}

impl<const H: usize> Open for Buckets<H> {
    #[inline]
    fn push(&mut self, cost: u16, key: u32) -> Result<(), SearchError> {
        let c = cost as usize;
        let key = key as u16;
        if self.waiting >= H || c >= self.head.len() || key as usize >= self.run.keys() {
            return Err(SearchError::QueueFull);
        }
        if self.loaded == Some(c) {
            // A free step into the bucket being popped.
            self.run.insert(key);
        } else {
            let slot = if self.free != NIL {
                let s = self.free;
                self.free = self.next[s as usize];
                self.key[s as usize] = key;
                self.next[s as usize] = self.head[c];
                s
            } else {
                let s = self.key.len() as u16;
                self.key.push(key).map_err(|_| SearchError::QueueFull)?;
                self.next
                    .push(self.head[c])
                    .map_err(|_| SearchError::QueueFull)?;
                s
            };
            self.head[c] = slot;
        }
        self.waiting += 1;
        Ok(())
    }

    #[inline]
    fn pop(&mut self) -> Option<(u16, u32)> {
        loop {
            if let Some(c) = self.loaded {
                if let Some(k) = self.run.pop_min() {
                    self.waiting -= 1;
                    return Some((c as u16, k as u32));
                }
            }
            let from = self.loaded.map_or(0, |c| c + 1);
            let c = from + self.head.get(from..)?.iter().position(|&h| h != NIL)?;
            let mut slot = core::mem::replace(&mut self.head[c], NIL);
            while slot != NIL {
                let s = slot as usize;
                self.run.insert(self.key[s]);
                slot = core::mem::replace(&mut self.next[s], self.free);
                self.free = s as u16;
            }
            self.loaded = Some(c);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    extern crate std;
    use std::vec::Vec;

    /// A small deterministic generator (no dependency).
    fn lcg(x: &mut u64) -> u64 {
        *x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        *x >> 33
    }

    #[test]
    fn key_set_pops_least_first_and_takes_lower_keys_late() {
        let mut s = KeySet::new(1 << 16);
        for k in [700u16, 3, 65_535, 64, 0, 4_097] {
            s.insert(k);
        }
        assert_eq!(s.pop_min(), Some(0));
        assert_eq!(s.pop_min(), Some(3));
        // Inserted below the keys still in the set (a free step): popped next.
        s.insert(1);
        assert_eq!(s.pop_min(), Some(1));
        let rest: Vec<u16> = core::iter::from_fn(|| s.pop_min()).collect();
        assert_eq!(rest, [64, 700, 4_097, 65_535]);
        assert_eq!(s.pop_min(), None);
    }

    /// Pushes as the search makes them (never below the cost last popped, a key at most once
    /// per cost, free steps into the bucket being popped) pop in the heap's order.
    #[test]
    fn buckets_pop_in_the_heaps_order_ties_by_key() {
        let mut seed = 11;
        for round in 0..50 {
            let allowance = 1 + (lcg(&mut seed) % 60) as u16;
            let mut b = Buckets::<512>::new(allowance, 1 << 16);
            let mut h = Heap::<512>::new(16);
            let mut seen = std::collections::BTreeSet::new();
            let mut push = |b: &mut Buckets<512>, h: &mut Heap<512>, c: u16, k: u32| {
                if seen.insert((c, k)) {
                    b.push(c, k).unwrap();
                    h.push(c, k).unwrap();
                }
            };
            for _ in 0..20 {
                let k = (lcg(&mut seed) % 65_536) as u32;
                let c = (lcg(&mut seed) % 4) as u16;
                push(&mut b, &mut h, c.min(allowance), k);
            }
            let mut popped = 0;
            loop {
                let (x, y) = (b.pop(), h.pop());
                assert_eq!(x, y, "round {round}");
                let Some((c, _)) = x else { break };
                popped += 1;
                for _ in 0..lcg(&mut seed) % 4 {
                    let step = [0, 0, 1, 2, 3, 5][(lcg(&mut seed) % 6) as usize];
                    let nc = c + step;
                    if nc <= allowance && popped < 300 {
                        push(&mut b, &mut h, nc, (lcg(&mut seed) % 65_536) as u32);
                    }
                }
            }
            assert!(popped >= 20);
        }
    }

    #[test]
    fn buckets_refuse_more_than_h_waiting() {
        let mut b = Buckets::<2>::new(9, 20);
        b.push(1, 4).unwrap();
        b.push(2, 6).unwrap();
        assert_eq!(b.push(3, 8), Err(SearchError::QueueFull));
        assert_eq!(b.pop(), Some((1, 4)));
        b.push(3, 8).unwrap();
        assert_eq!(b.pop(), Some((2, 6)));
        assert_eq!(
            b.push(10, 2),
            Err(SearchError::QueueFull),
            "above the allowance"
        );
        assert_eq!(
            b.push(4, 64),
            Err(SearchError::QueueFull),
            "a key out of range"
        );
        assert_eq!(b.push(4, 63), Ok(()), "the set rounds up to whole words");
    }
}
