//! The intro loading screen's timing and texts (SPEC §2 "Layout", §9): the
//! progress rises to 100 over at least 2000 ms through five stage texts;
//! it reaches 100 only once the page has loaded and its images are
//! complete; then the screen hides after 300 ms.
//!
//! Replaces the constants, `INTRO_STAGES`, `introStage` and
//! `introProgress` of `webapp/src/features/home/intro.ts` (whether the page
//! has loaded stays there: it reads the document).

use serde::Serialize;

/// The shortest time the intro shows (SPEC §9).
pub const INTRO_MIN_MS: u32 = 2000;
/// From 100 % to gone: the fade-out (SPEC §2).
pub const INTRO_HIDE_MS: u32 = 300;
/// After this long the page counts as loaded even if an image is still
/// pending, so a stalled request never keeps the visitor out.
pub const INTRO_MAX_MS: u32 = 6000;
/// Where the progress waits while the page is still loading.
pub const INTRO_WAIT_AT: u32 = 95;

/// A stage text and the progress from which it shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct IntroStage {
    pub from: u32,
    pub text: &'static str,
}

pub const INTRO_STAGES: [IntroStage; 5] = [
    IntroStage {
        from: 0,
        text: "Initializing",
    },
    IntroStage {
        from: 20,
        text: "Loading resources",
    },
    IntroStage {
        from: 45,
        text: "Preparing UI components",
    },
    IntroStage {
        from: 75,
        text: "Almost there",
    },
    IntroStage {
        from: 100,
        text: "Ready to launch",
    },
];

/// The stages in order (for JavaScript).
#[crate::export]
pub fn intro_stages() -> &'static [IntroStage] {
    &INTRO_STAGES
}

/// The timings in one value, for JavaScript.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct IntroTimings {
    pub min_ms: u32,
    pub hide_ms: u32,
    pub max_ms: u32,
    pub wait_at: u32,
}

/// The intro's timings (SPEC §2, §9).
#[crate::export(home, learner)]
pub fn intro_timings() -> IntroTimings {
    IntroTimings {
        min_ms: INTRO_MIN_MS,
        hide_ms: INTRO_HIDE_MS,
        max_ms: INTRO_MAX_MS,
        wait_at: INTRO_WAIT_AT,
    }
}

/// The stage text for a progress value (0..100): the last stage reached.
#[crate::export(home, learner)]
pub fn intro_stage(progress: f64) -> &'static str {
    INTRO_STAGES
        .iter()
        .rev()
        .find(|s| progress >= f64::from(s.from))
        .unwrap_or(&INTRO_STAGES[0])
        .text
}

/// The progress (whole percent) `elapsed_ms` after the intro appeared:
/// eased (`1 − (1 − t)²`) towards 100 at [`INTRO_MIN_MS`], at most 99
/// before then, and held at [`INTRO_WAIT_AT`] while the page is not ready.
#[crate::export(home, learner)]
pub fn intro_progress(elapsed_ms: f64, page_ready: bool) -> u32 {
    let t = elapsed_ms / f64::from(INTRO_MIN_MS);
    let t = if t.is_nan() { 0.0 } else { t.clamp(0.0, 1.0) };
    let eased = 1.0 - (1.0 - t).powi(2);
    let progress = if t >= 1.0 {
        100
    } else {
        // In 0..=99 after the clamp, so the cast is exact.
        ((eased * 100.0).floor() as u32).min(99)
    };
    if page_ready {
        progress
    } else {
        progress.min(INTRO_WAIT_AT)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stages_and_progress() {
        assert_eq!(intro_stage(0.0), "Initializing");
        assert_eq!(intro_stage(19.0), "Initializing");
        assert_eq!(intro_stage(20.0), "Loading resources");
        assert_eq!(intro_stage(100.0), "Ready to launch");
        assert_eq!(intro_stage(-5.0), "Initializing");
        assert_eq!(intro_progress(0.0, true), 0);
        assert_eq!(intro_progress(1000.0, true), 75);
        assert_eq!(intro_progress(1999.0, true), 99);
        assert_eq!(intro_progress(2000.0, true), 100);
        assert_eq!(intro_progress(2000.0, false), 95);
        assert_eq!(intro_progress(f64::NAN, true), 0);
    }
}
