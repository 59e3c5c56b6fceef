//! Steady frames without a vertical sync. Under X without a compositor, or on a bare Linux
//! framebuffer, a frame reaches the screen the moment it is presented, so every wobble in how
//! long a frame takes to draw (2.2–4.4 ms for the same pan under Xvfb) shows as a wobble in
//! the on-screen interval: a drag at 60 Hz came out at 16–18 ms a frame, which a player sees
//! as judder. A display with a vertical sync hides this by showing frames at its own steady
//! beat; the [`FramePacer`] does the same against the input's beat: a frame drawn for an
//! input is presented a steady latency after that input arrived — the slowest of the recent
//! frames — so frames that drew quickly wait the difference (about a millisecond) and the
//! intervals on screen follow the finger's. A frame slower than [`MAX_PACED_LATENCY`] is
//! presented at once and does not set the pace (it is a slow frame, not a wobble), and frames
//! not asked for by input (an animation, a timer) are never held. Measured under Xvfb (a
//! 60 Hz drag at 1280x800, `scripts/xvfb-screens.sh bench`): the on-screen p95 went from
//! 17.0 ms to 16.8–16.9 ms, at the cost of at most the wobble in latency.

use std::time::{Duration, Instant};

/// Frames whose latency sets the steady latency: about half a second of a drag.
const WINDOW: usize = 32;
/// A gap in input longer than this ends a stream of frames; the next one starts afresh
/// (an old slow frame does not slow a new drag).
const STREAM_GAP: Duration = Duration::from_millis(100);
/// The longest latency the pacer holds frames to: half a 60 Hz frame. A frame slower than
/// this is presented as soon as it is drawn and is left out of the pace.
pub const MAX_PACED_LATENCY: Duration = Duration::from_millis(8);

/// Times frames drawn for input; see the module's documentation.
#[derive(Debug, Default)]
pub struct FramePacer {
    /// When the oldest input not yet on screen arrived.
    pending_input: Option<Instant>,
    /// Input to presented-frame latencies of the current stream, a ring of [`WINDOW`].
    latencies: [Duration; WINDOW],
    recorded: usize,
    /// When the last frame drawn for input was presented.
    last_present: Option<Instant>,
}

impl FramePacer {
    pub fn new() -> Self {
        Self::default()
    }

    /// Input (a pointer move, a touch, a scroll) arrived at `at`; the next frame shows it.
    pub fn input(&mut self, at: Instant) {
        self.pending_input.get_or_insert(at);
    }

    /// A frame has been drawn at `drawn` and is about to be presented. Returns when to
    /// present it: `None` at once (not drawn for input, or slower than the steady latency
    /// allows), else the instant that keeps its latency steady.
    pub fn present_at(&mut self, drawn: Instant) -> Option<Instant> {
        let input = self.pending_input.take()?;
        if drawn.saturating_duration_since(input) > STREAM_GAP {
            // Not this frame's cause (an input that drew nothing, long ago): no stream.
            return None;
        }
        let new_stream = self
            .last_present
            .is_none_or(|last| input.saturating_duration_since(last) > STREAM_GAP);
        if new_stream {
            self.recorded = 0;
        }
        let latency = drawn.saturating_duration_since(input);
        if latency > MAX_PACED_LATENCY {
            // A slow frame, not a wobble: shown at once, and it does not slow the others.
            self.last_present = Some(drawn);
            return None;
        }
        self.latencies[self.recorded % WINDOW] = latency;
        self.recorded += 1;
        let steady = self.steady_latency();
        let present = if latency < steady {
            Some(input + steady)
        } else {
            None
        };
        self.last_present = Some(present.unwrap_or(drawn));
        present
    }

    /// The latency frames of this stream are presented at: the slowest recent one.
    fn steady_latency(&self) -> Duration {
        self.latencies[..self.recorded.min(WINDOW)]
            .iter()
            .copied()
            .max()
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FRAME: Duration = Duration::from_micros(16_667);

    fn ms(v: f64) -> Duration {
        Duration::from_secs_f64(v / 1000.0)
    }

    /// A drag at 60 Hz whose frames take `draw_ms` each: the on-screen intervals.
    fn intervals(draw_ms: &[f64]) -> Vec<f64> {
        let mut pacer = FramePacer::new();
        let start = Instant::now();
        let mut shown = Vec::new();
        for (i, d) in draw_ms.iter().enumerate() {
            let input = start + FRAME * i as u32;
            pacer.input(input);
            let drawn = input + ms(*d);
            shown.push(pacer.present_at(drawn).unwrap_or(drawn));
        }
        shown
            .windows(2)
            .map(|w| (w[1] - w[0]).as_secs_f64() * 1000.0)
            .collect()
    }

    #[test]
    fn a_drag_whose_frames_wobble_reaches_the_screen_at_the_inputs_beat() {
        // The first slow frame sets the pace; after it every interval is the input's.
        let draws = [2.3, 4.4, 2.2, 3.1, 2.4, 2.2, 3.9, 2.5, 2.3, 2.6];
        let seen = intervals(&draws);
        for v in &seen[1..] {
            assert!((v - 16.667).abs() < 0.01, "on-screen intervals {seen:?}");
        }
    }

    #[test]
    fn a_slow_frame_goes_at_once_and_does_not_hold_back_the_rest() {
        let mut pacer = FramePacer::new();
        let t = Instant::now();
        pacer.input(t);
        assert_eq!(pacer.present_at(t + ms(3.0)), None);
        pacer.input(t + FRAME);
        assert_eq!(
            pacer.present_at(t + FRAME + ms(9.0)),
            None,
            "slower than half a frame"
        );
        pacer.input(t + FRAME * 2);
        assert_eq!(
            pacer.present_at(t + FRAME * 2 + ms(2.0)),
            Some(t + FRAME * 2 + ms(3.0)),
            "held to the recent 3 ms, not to the slow frame's 9"
        );
    }

    #[test]
    fn frames_not_asked_for_by_input_are_never_held() {
        let mut pacer = FramePacer::new();
        assert_eq!(pacer.present_at(Instant::now()), None);
    }

    #[test]
    fn a_new_drag_forgets_the_slow_frames_of_the_last_one() {
        let mut pacer = FramePacer::new();
        let t = Instant::now();
        pacer.input(t);
        assert_eq!(pacer.present_at(t + ms(6.0)), None);
        pacer.input(t + FRAME);
        assert_eq!(
            pacer.present_at(t + FRAME + ms(2.0)),
            Some(t + FRAME + ms(6.0)),
            "same drag: held to the slowest recent latency"
        );
        let later = t + Duration::from_secs(2);
        pacer.input(later);
        assert_eq!(
            pacer.present_at(later + ms(2.0)),
            None,
            "a new drag starts afresh"
        );
    }

    #[test]
    fn several_inputs_before_one_frame_count_from_the_first() {
        let mut pacer = FramePacer::new();
        let t = Instant::now();
        pacer.input(t);
        pacer.input(t + ms(1.0));
        assert_eq!(pacer.present_at(t + ms(3.0)), None);
        pacer.input(t + FRAME);
        assert_eq!(
            pacer.present_at(t + FRAME + ms(2.0)),
            Some(t + FRAME + ms(3.0))
        );
    }
}
