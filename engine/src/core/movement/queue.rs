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

/// Keys of one bucket as a set: a bit per key and a bit per non-empty word. It sorts a bucket
/// when its turn comes (all its keys marked, then read out in one pass: cheaper than a
/// comparison sort) and holds the free steps pushed into it while it is popped (the least is
/// two bit scans). A key is in a bucket at most once: the search pushes a node again only at a
/// strictly lower cost.
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

    /// The least key, left in.
    #[inline]
    fn min(&mut self) -> Option<u16> {
        if self.len == 0 {
            return None;
        }
        while self.summary[self.low] == 0 {
            self.low += 1;
        }
        let w = self.low << 6 | self.summary[self.low].trailing_zeros() as usize;
        Some((w << 6) as u16 | self.words[w].trailing_zeros() as u16)
    }

    /// Takes the least key out.
    #[inline]
    fn pop_min(&mut self) -> Option<u16> {
        let key = self.min()?;
        let w = key as usize >> 6;
        let rest = self.words[w] & (self.words[w] - 1);
        self.words[w] = rest;
        if rest == 0 {
            self.summary[w >> 6] &= !(1 << (w & 63));
        }
        self.len -= 1;
        Some(key)
    }

    /// Marks `key` for [`KeySet::drain`] only: an empty set filled at once (a bucket being
    /// sorted) needs no count and no least word.
    #[inline]
    fn mark(&mut self, key: u16) {
        let w = key as usize >> 6;
        debug_assert!(self.len == 0 && self.words[w] & 1 << (key & 63) == 0);
        self.words[w] |= 1 << (key & 63);
        self.summary[w >> 6] |= 1 << (w & 63);
    }

    /// Takes every key marked out, least first, into `put`: one pass over the words, not a
    /// search from the least word per key.
    fn drain(&mut self, mut put: impl FnMut(u16)) {
        // Marks keep no least word: from the first.
        for s in 0..SUMMARY_WORDS {
            let mut sum = core::mem::take(&mut self.summary[s]);
            while sum != 0 {
                let w = s << 6 | sum.trailing_zeros() as usize;
                sum &= sum - 1;
                let mut bits = core::mem::take(&mut self.words[w]);
                while bits != 0 {
                    put((w << 6) as u16 | bits.trailing_zeros() as u16);
                    bits &= bits - 1;
                }
            }
        }
        self.low = SUMMARY_WORDS;
        self.len = 0;
    }
}

/// One bucket per cost up to the allowance (Dial's algorithm): a push links the entry into its
/// cost's list; the cheapest bucket, when its turn comes, is sorted by key (through a
/// [`KeySet`], into a run of keys), and its entries are popped off the front. Every step
/// costs at least as much as nothing, so a bucket is complete when its turn comes, except for
/// free steps pushed into the bucket being popped, which wait in a set and are popped when they
/// are the least. Most pops are then a read off the run, not a search of the set from its
/// least word. At most `H` entries wait at once, as in the heap.
pub(super) struct Buckets<const H: usize> {
    /// Per cost, the first slot of its list (`NIL`: empty).
    head: heapless::Vec<u16, BUCKETS>,
    /// Per slot, the entry's key (`node << 1 | stop` fits 16 bits: `Reachable::FITS`) and the
    /// next slot of its list (or of the free list).
    key: heapless::Vec<u16, H>,
    next: heapless::Vec<u16, H>,
    free: u16,
    /// The bucket being popped, least key first (`run[..run_len]`), and the next to pop.
    run: [u16; H],
    run_len: usize,
    at: usize,
    /// Free steps pushed into the bucket being popped; empty between buckets (the set sorts
    /// each bucket on loading).
    late: KeySet,
    /// The cost of the bucket being popped (`None` before the first pop).
    loaded: Option<usize>,
    /// Entries waiting, in the lists, in `run` (from `at`) and in `late`.
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
            run: [0; H],
            run_len: 0,
            at: 0,
            late: KeySet::new(keys),
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
        if self.waiting >= H || c >= self.head.len() || key as usize >= self.late.keys() {
            return Err(SearchError::QueueFull);
        }
        if self.loaded == Some(c) {
            // A free step into the bucket being popped.
            self.late.insert(key);
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
                let first = self.run[..self.run_len].get(self.at).copied();
                let late = self.late.min();
                // A key is in a bucket once (`KeySet`): the two never tie.
                let key = match (first, late) {
                    (Some(k), Some(l)) if l < k => self.late.pop_min(),
                    (Some(k), _) => {
                        self.at += 1;
                        Some(k)
                    }
                    (None, Some(_)) => self.late.pop_min(),
                    (None, None) => None,
                };
                if let Some(k) = key {
                    self.waiting -= 1;
                    return Some((c as u16, k as u32));
                }
            }
            let from = self.loaded.map_or(0, |c| c + 1);
            let c = from + self.head.get(from..)?.iter().position(|&h| h != NIL)?;
            // Sort the bucket: its keys marked in the set, which is empty between buckets (its
            // slots freed), then read out into the run least first.
            let mut slot = core::mem::replace(&mut self.head[c], NIL);
            while slot != NIL {
                let s = slot as usize;
                self.late.mark(self.key[s]);
                slot = core::mem::replace(&mut self.next[s], self.free);
                self.free = s as u16;
            }
            // At most `H` keys wait (`push`): the run has room for them all.
            let (run, mut n) = (&mut self.run, 0);
            self.late.drain(|k| {
                if let Some(r) = run.get_mut(n) {
                    *r = k;
                    n += 1;
                }
            });
            (self.run_len, self.at) = (n, 0);
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
