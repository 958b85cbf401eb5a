//! The home page's mentor category explorer (SPEC §2 item 4, §4, §9).
//!
//! The page fetches the mentor list once, computes one [`category_mask`] per
//! mentor, and from then on only calls [`arrange`] with plain number columns
//! whenever the category, the seed or the rotation changes. Everything here is
//! pure: the page keeps the seed, its creation time and the visited categories
//! (in session / local storage) and passes the clock in as milliseconds.
//!
//! The same `(columns, category, seed, rotation)` gives the same arrangement
//! natively and in WebAssembly: the shuffles use ChaCha8 seeded from
//! `(seed, rotation)` and a Fisher–Yates shuffle drawing unbiased 32-bit
//! indices on every platform, and every comparison is a `total_cmp`.

use std::cmp::Ordering;

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use thiserror::Error;

use crate::labels::TOP_MENTOR_RATING;

/// One browse category of the explorer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct Category {
    /// The stable identifier the page stores and passes back (`"mental-health"`).
    pub id: &'static str,
    /// The tab label (`"Mental Health"`).
    pub name: &'static str,
    /// The expertise strings that put a mentor in this category, compared
    /// case-insensitively after trimming (see [`expertise_matches`]). Empty
    /// for All, which matches every mentor.
    pub expertise: &'static [&'static str],
}

/// The categories in tab order. A category's position is its bit number in
/// a [`category_mask`].
///
/// The terms are the category's own name plus the specialities that plainly
/// belong to it, including those the demo catalogue uses (every demo mentor
/// lists its category name first, so each is found). Each term belongs to one
/// category only (`Strategy` to Business, `Change Management` to Leadership),
/// but a mentor whose expertise spans categories is in all of them. Terms are
/// matched whole, never as substrings: `Tech` or `Technology and more` is not
/// Technology.
pub const CATEGORIES: [Category; 8] = [
    Category {
        id: "all",
        name: "All Mentors",
        expertise: &[],
    },
    Category {
        id: "technology",
        name: "Technology",
        expertise: &[
            "Technology",
            "Software Engineering",
            "Machine Learning",
            "Data Science",
            "Data Engineering",
            "Artificial Intelligence",
            "Cloud Architecture",
            "Cybersecurity",
            "DevOps",
            "System Design",
        ],
    },
    Category {
        id: "business",
        name: "Business",
        expertise: &[
            "Business",
            "Entrepreneurship",
            "Startups",
            "Finance",
            "Strategy",
            "Business Strategy",
            "Consulting",
            "Operations",
            "E-commerce",
            "Fundraising",
        ],
    },
    Category {
        id: "leadership",
        name: "Leadership",
        expertise: &[
            "Leadership",
            "Executive Coaching",
            "Engineering Leadership",
            "Women in Leadership",
            "Executive Presence",
            "Decision Making",
            "Change Management",
            "Board Governance",
            "Scaling Teams",
        ],
    },
    Category {
        id: "management",
        name: "Management",
        expertise: &[
            "Management",
            "Product Management",
            "Project Management",
            "Engineering Management",
            "People Management",
            "Operations Management",
            "First-time Managers",
            "Agile",
            "Scrum",
        ],
    },
    Category {
        id: "marketing",
        name: "Marketing",
        expertise: &[
            "Marketing",
            "Digital Marketing",
            "Growth Marketing",
            "Performance Marketing",
            "Product Marketing",
            "Marketing Analytics",
            "Brand Strategy",
            "Content Strategy",
            "SEO",
            "Social Media",
        ],
    },
    Category {
        id: "mental-health",
        name: "Mental Health",
        expertise: &[
            "Mental Health",
            "Wellbeing",
            "Workplace Wellbeing",
            "Student Wellbeing",
            "Stress Management",
            "Anxiety",
            "Burnout",
            "Mindfulness",
            "Meditation",
            "Counselling",
        ],
    },
    Category {
        id: "psychology",
        name: "Psychology",
        expertise: &[
            "Psychology",
            "Clinical Psychology",
            "Organisational Psychology",
            "Organizational Psychology",
            "Child Psychology",
            "Sports Psychology",
            "Behavioural Science",
            "Cognitive Science",
            "Psychometrics",
            "CBT",
        ],
    },
];

/// The id of the category that matches every mentor (bit 0).
pub const ALL_CATEGORY_ID: &str = "all";
/// How many mentors the All view shows.
pub const ALL_LIMIT: usize = 16;
/// How many mentors any other category shows.
pub const CATEGORY_LIMIT: usize = 12;
/// At most this many top-rated mentors (rating above
/// [`TOP_MENTOR_RATING`]) open the list, in rank order.
pub const TOP_BLOCK: usize = 4;
/// In the All view, up to this many veterans are always mixed in.
pub const VETERAN_SLOTS: usize = 2;
/// A veteran has strictly more years of experience than this.
pub const VETERAN_YEARS: f64 = 15.0;

/// Weight of the rating in the [`score`].
pub const RATING_WEIGHT: f64 = 0.6;
/// Weight of experience in the [`score`].
pub const EXPERIENCE_WEIGHT: f64 = 0.4;
/// The highest rating.
pub const MAX_RATING: f64 = 5.0;
/// Experience stops adding to the [`score`] at this many years.
pub const EXPERIENCE_CAP_YEARS: f64 = 20.0;

/// The rotation interval when local storage holds no valid override.
pub const DEFAULT_ROTATION_MS: u32 = 120_000;
/// The shortest rotation interval an override may set (5 s).
pub const MIN_ROTATION_MS: u32 = 5_000;
/// The longest rotation interval an override may set (one day).
pub const MAX_ROTATION_MS: u32 = 86_400_000;
/// A shuffle seed is replaced after this long (4 hours).
pub const SEED_LIFETIME_MS: f64 = 14_400_000.0;

/// The category ids as the error message lists them; a unit test keeps this
/// in step with [`CATEGORIES`].
const CATEGORY_IDS_TEXT: &str =
    "all, technology, business, leadership, management, marketing, mental-health, psychology";

/// Why an arrangement could not be made. Both are mistakes of the caller.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ExplorerError {
    /// The four columns describe the same mentors, so they must be equally long.
    #[error(
        "the columns must have the same length (ratings {ratings}, experienceYears {experience_years}, prices {prices}, masks {masks})"
    )]
    LengthMismatch {
        ratings: usize,
        experience_years: usize,
        prices: usize,
        masks: usize,
    },
    /// The id is not one of [`CATEGORIES`]. Ids are matched exactly (they are
    /// identifiers, not labels).
    // The id quoted as JSON (`"All"`), without Rust's Debug formatting in the module.
    #[error("unknown category {id}: use one of {ids}", id = crate::json::Json::String(.0.clone()), ids = CATEGORY_IDS_TEXT)]
    UnknownCategory(String),
}

/// The position (bit number) of the category with this id.
pub fn category_index(id: &str) -> Option<usize> {
    CATEGORIES.iter().position(|c| c.id == id)
}

/// The category with this id.
pub fn category(id: &str) -> Result<&'static Category, ExplorerError> {
    category_index(id)
        .map(|i| &CATEGORIES[i])
        .ok_or_else(|| ExplorerError::UnknownCategory(id.to_owned()))
}

/// How many mentors a category shows: [`ALL_LIMIT`] for All,
/// [`CATEGORY_LIMIT`] for the others.
#[crate::export(js_name = "explorerLimit")]
pub fn limit(category_id: &str) -> Result<usize, ExplorerError> {
    category(category_id).map(|c| limit_of(c.id))
}

fn limit_of(id: &str) -> usize {
    if id == ALL_CATEGORY_ID {
        ALL_LIMIT
    } else {
        CATEGORY_LIMIT
    }
}

/// How expertise strings and category terms are compared: trimmed and
/// Unicode lower-cased, then whole (not as substrings).
fn fold(s: &str) -> String {
    crate::bindings::lowercase(s.trim())
}

/// Whether one expertise string equals one category term.
pub fn expertise_matches(expertise: &str, term: &str) -> bool {
    fold(expertise) == fold(term)
}

/// Whether a mentor with this expertise belongs to the category (one of
/// [`CATEGORIES`]): its bit in [`category_mask`]. All matches every mentor.
pub fn matches(category: &Category, expertise: &[&str]) -> bool {
    category_index(category.id).is_some_and(|bit| category_mask(expertise) & (1 << bit) != 0)
}

/// The categories a mentor belongs to, one bit per entry of [`CATEGORIES`]
/// (bit i for category i). Bit 0 (All) is always set. The page computes this
/// once per fetched list, so arranging never compares strings.
#[crate::export]
pub fn category_mask(expertise: &[&str]) -> u32 {
    category_mask_with(&mut String::new(), expertise.iter().copied())
}

/// [`category_mask`] reusing `buffer` for the lower-cased strings, for
/// computing many masks at once. Each expertise string is trimmed and
/// lower-cased once and looked up in a table of lower-cased terms built
/// once, so 10 000 mentors take a few milliseconds.
pub fn category_mask_with<'a>(
    buffer: &mut String,
    expertise: impl IntoIterator<Item = &'a str>,
) -> u32 {
    let table = term_table();
    let mut stack = [0u8; 64];
    expertise.into_iter().fold(1, |mask, e| {
        let e = e.trim();
        // ASCII (nearly every expertise string) is lower-cased in place on
        // the stack; anything else takes the full Unicode mapping.
        let key: &[u8] = if e.is_ascii() && e.len() <= stack.len() {
            let key = &mut stack[..e.len()];
            key.copy_from_slice(e.as_bytes());
            key.make_ascii_lowercase();
            key
        } else {
            *buffer = fold(e);
            buffer.as_bytes()
        };
        match table.binary_search_by(|(term, _)| term.as_bytes().cmp(key)) {
            Ok(i) => mask | table[i].1,
            Err(_) => mask,
        }
    })
}

/// Every category term, trimmed and lower-cased, with the category bits it
/// sets, sorted for binary search.
fn term_table() -> &'static [(String, u32)] {
    static TABLE: std::sync::OnceLock<Vec<(String, u32)>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table: Vec<(String, u32)> = Vec::new();
        for (bit, category) in CATEGORIES.iter().enumerate().skip(1) {
            for term in category.expertise {
                let lowered = fold(term);
                // Kept sorted as it is built (no generic sort in the module).
                match table.binary_search_by(|(t, _)| t.cmp(&lowered)) {
                    Ok(at) => table[at].1 |= 1 << bit,
                    Err(at) => table.insert(at, (lowered, 1 << bit)),
                }
            }
        }
        table
    })
}

/// NaN means "not given" and counts as 0; `-0.0` becomes `0.0` so that the
/// ranking's `total_cmp` does not tell them apart.
fn or_zero(x: f64) -> f64 {
    if x.is_nan() { 0.0 } else { x + 0.0 }
}

/// The sort score, in `[0, 1]`:
/// `0.6 × clamp(rating, 0, 5) / 5 + 0.4 × min(max(years, 0) / 20, 1)`.
/// NaN inputs count as 0; an infinite rating or experience is capped like any
/// other large value.
#[crate::export(js_name = "mentorScore")]
pub fn score(rating: f64, experience_years: f64) -> f64 {
    let rating = or_zero(rating).clamp(0.0, MAX_RATING);
    let experience = (or_zero(experience_years).max(0.0) / EXPERIENCE_CAP_YEARS).min(1.0);
    RATING_WEIGHT * rating / MAX_RATING + EXPERIENCE_WEIGHT * experience
}

/// Whether a rating earns a place in the top block (and the Top Mentor badge).
pub fn is_top_rated(rating: f64) -> bool {
    rating > TOP_MENTOR_RATING
}

/// Whether a mentor counts as a veteran for the All view.
pub fn is_veteran(experience_years: f64) -> bool {
    experience_years > VETERAN_YEARS
}

/// What the ranking compares, computed once per mentor.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RankKey {
    /// Position in the columns; the last tie-break.
    pub index: u32,
    pub score: f64,
    pub top_rated: bool,
    /// NaN counted as 0.
    pub rating: f64,
    /// NaN counted as 0.
    pub experience_years: f64,
    /// In rupees; 0 (free) is the cheapest. A negative price counts as free;
    /// NaN (price unknown) counts as dearer than any known price, so a
    /// mentor with no price is never promoted as cheap.
    pub price: f64,
}

impl RankKey {
    pub fn new(index: u32, rating: f64, experience_years: f64, price: f64) -> Self {
        let rating = or_zero(rating);
        let experience_years = or_zero(experience_years);
        let price = if price.is_nan() {
            f64::INFINITY
        } else {
            price.max(0.0) + 0.0
        };
        RankKey {
            index,
            score: score(rating, experience_years),
            top_rated: is_top_rated(rating),
            rating,
            experience_years,
            price,
        }
    }
}

/// The ranking, a total order even for NaN or infinite fields (every number
/// compares with `total_cmp`): higher [`score`] first; on a tie top-rated
/// first, then the higher rating, then more experience, then the cheaper
/// price (free first), then the lower index. Two keys are equal only when
/// every field is, so with distinct indices the order is strict and sorting
/// is deterministic whatever the sort algorithm.
pub fn compare_rank(a: &RankKey, b: &RankKey) -> Ordering {
    b.score
        .total_cmp(&a.score)
        .then_with(|| b.top_rated.cmp(&a.top_rated))
        .then_with(|| b.rating.total_cmp(&a.rating))
        .then_with(|| b.experience_years.total_cmp(&a.experience_years))
        .then_with(|| a.price.total_cmp(&b.price))
        .then_with(|| a.index.cmp(&b.index))
}

/// The fetched mentors as columns, one entry per mentor, all equally long.
#[derive(Debug, Clone, Copy)]
pub struct Columns<'a> {
    pub ratings: &'a [f64],
    pub experience_years: &'a [f64],
    /// Price of the first service in rupees; 0 is free.
    pub prices: &'a [f64],
    /// [`category_mask`] of each mentor.
    pub masks: &'a [u32],
}

impl Columns<'_> {
    fn check(&self) -> Result<(), ExplorerError> {
        let n = self.ratings.len();
        if self.experience_years.len() == n && self.prices.len() == n && self.masks.len() == n {
            Ok(())
        } else {
            Err(ExplorerError::LengthMismatch {
                ratings: n,
                experience_years: self.experience_years.len(),
                prices: self.prices.len(),
                masks: self.masks.len(),
            })
        }
    }

    /// The rank keys of the mentors whose mask has `bit`, best first. The
    /// pool is decided by the mask alone, for All too: a mask without bit 0
    /// (never produced by [`category_mask`]) hides the mentor everywhere.
    /// Indices above `u32::MAX` cannot be named and are left out.
    fn ranked(&self, bit: usize) -> Vec<RankKey> {
        let mut ranked: Vec<RankKey> = (0..=u32::MAX)
            .zip(self.masks)
            .filter(|(_, mask)| *mask & (1 << bit) != 0)
            .map(|(index, _)| {
                let i = index as usize;
                RankKey::new(
                    index,
                    self.ratings[i],
                    self.experience_years[i],
                    self.prices[i],
                )
            })
            .collect();
        ranked.sort_unstable_by(compare_rank);
        ranked
    }
}

/// The mentors of a category in ranking order ([`compare_rank`]), as indices
/// into the columns. Not shuffled; [`arrange`] starts from this.
pub fn rank(columns: Columns, category_id: &str) -> Result<Vec<u32>, ExplorerError> {
    columns.check()?;
    let bit = category_index(category_id)
        .ok_or_else(|| ExplorerError::UnknownCategory(category_id.to_owned()))?;
    Ok(columns.ranked(bit).iter().map(|k| k.index).collect())
}

/// The random source of one arrangement: ChaCha8 seeded with the session's
/// seed in the high 32 bits and the rotation number in the low 32 bits.
pub fn arrangement_rng(seed: u32, rotation: u32) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64((u64::from(seed) << 32) | u64::from(rotation))
}

/// A uniform draw from `0..n` (`n` ≥ 1) without modulo bias: Lemire's
/// multiply-and-reject on 32-bit outputs.
fn below(rng: &mut ChaCha8Rng, n: u32) -> u32 {
    let threshold = n.wrapping_neg() % n;
    loop {
        let product = u64::from(rng.next_u32()) * u64::from(n);
        if (product as u32) >= threshold {
            return (product >> 32) as u32;
        }
    }
}

/// Fisher–Yates, from the last element down, one [`below`] draw per step.
fn shuffle<T>(items: &mut [T], rng: &mut ChaCha8Rng) {
    for i in (1..items.len()).rev() {
        let j = below(rng, i as u32 + 1) as usize;
        items.swap(i, j);
    }
}

/// The mentors the explorer shows for a category, as indices into the
/// columns, at most [`limit`] of them (exactly `min(pool, limit)`):
///
/// 1. The pool is every mentor whose mask has the category's bit, ranked by
///    [`compare_rank`].
/// 2. The top block: the first (up to) [`TOP_BLOCK`] top-rated mentors of the
///    ranking, in rank order, open the list. Top-rated mentors are not always
///    the best-scored (score also counts experience), so this picks them
///    wherever they rank.
/// 3. All view only: of the rest of the ranking, the veterans (more than
///    [`VETERAN_YEARS`] of experience) are shuffled and up to
///    [`VETERAN_SLOTS`] are kept; these are guaranteed a place. Veterans not
///    kept stay in the general pool below and may still appear.
/// 4. Everything else is shuffled and cut to fill the limit.
/// 5. That cut and the kept veterans are shuffled together, so the veterans
///    land at random positions after the top block.
///
/// The shuffles draw from one [`arrangement_rng`] in that order (step 3 only
/// for All), so the result depends only on the columns, category, seed and
/// rotation. An empty pool gives an empty list.
pub fn arrange(
    columns: Columns,
    category_id: &str,
    seed: u32,
    rotation: u32,
) -> Result<Vec<u32>, ExplorerError> {
    columns.check()?;
    let bit = category_index(category_id)
        .ok_or_else(|| ExplorerError::UnknownCategory(category_id.to_owned()))?;
    let limit = limit_of(CATEGORIES[bit].id);
    let ranked = columns.ranked(bit);

    let mut top = Vec::with_capacity(TOP_BLOCK);
    let mut others = Vec::with_capacity(ranked.len());
    for key in &ranked {
        if key.top_rated && top.len() < TOP_BLOCK {
            top.push(key.index);
        } else {
            others.push(*key);
        }
    }

    let mut rng = arrangement_rng(seed, rotation);
    let mut veterans: Vec<u32> = Vec::new();
    if bit == 0 {
        veterans = others
            .iter()
            .filter(|k| is_veteran(k.experience_years))
            .map(|k| k.index)
            .collect();
        shuffle(&mut veterans, &mut rng);
        veterans.truncate(VETERAN_SLOTS);
    }
    // Kept veterans leave the general pool; `others` is in rank order, so the
    // shuffle below starts from the same order on every platform.
    let mut rest: Vec<u32> = others
        .iter()
        .map(|k| k.index)
        .filter(|i| !veterans.contains(i))
        .collect();
    shuffle(&mut rest, &mut rng);
    rest.truncate(limit.saturating_sub(top.len() + veterans.len()));

    let mut tail = rest;
    tail.extend_from_slice(&veterans);
    shuffle(&mut tail, &mut rng);

    let mut result = top;
    result.extend_from_slice(&tail);
    Ok(result)
}

/// The rotation interval: the override the page keeps in local storage when
/// it is a whole number of milliseconds (ASCII digits only, surrounding
/// whitespace ignored) within [`MIN_ROTATION_MS`]..=[`MAX_ROTATION_MS`];
/// otherwise (missing, empty, signs, decimals, exponents, out of range)
/// [`DEFAULT_ROTATION_MS`].
#[crate::export]
pub fn rotation_interval_ms(stored: Option<&str>) -> u32 {
    stored
        .map(str::trim)
        .filter(|s| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|s| s.parse::<u32>().ok())
        .filter(|ms| (MIN_ROTATION_MS..=MAX_ROTATION_MS).contains(ms))
        .unwrap_or(DEFAULT_ROTATION_MS)
}

/// How many rotations have passed since the seed was created:
/// `floor((now − created) / interval)`. 0 when the clock reads before the
/// seed's creation, when a time is not finite, or when the interval is not a
/// positive finite number (the page then never rotates); saturates at
/// `u32::MAX`.
#[crate::export]
pub fn rotation_index(seed_created_ms: f64, now_ms: f64, interval_ms: f64) -> u32 {
    let elapsed = now_ms - seed_created_ms;
    if !(elapsed.is_finite() && elapsed >= 0.0 && interval_ms.is_finite() && interval_ms > 0.0) {
        return 0;
    }
    let rotations = (elapsed / interval_ms).floor();
    if rotations >= f64::from(u32::MAX) {
        u32::MAX
    } else {
        rotations as u32
    }
}

/// Whether the session's seed must be replaced: it is at least
/// [`SEED_LIFETIME_MS`] old, the clock moved back before its creation, or a
/// time is not finite (a corrupt stored value).
#[crate::export]
pub fn seed_is_stale(created_ms: f64, now_ms: f64) -> bool {
    if !(created_ms.is_finite() && now_ms.is_finite()) {
        return true;
    }
    now_ms < created_ms || now_ms - created_ms >= SEED_LIFETIME_MS
}

/// What choosing a category tab does to the page's state.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct CategoryChoice {
    /// Drop the stored seed so that the page draws a new one and reshuffles.
    pub clear_seed: bool,
    /// The categories visited so far, without duplicates, in order of first visit.
    pub visited: Vec<String>,
}

/// Choosing the `chosen` tab while `current` is shown (SPEC §4).
///
/// - Choosing the current tab changes nothing visible: the seed stays.
/// - Choosing another tab that was visited before clears the seed, so coming
///   back to a category shows a fresh shuffle.
/// - The returned list is `visited`, then `current`, then `chosen`, keeping
///   the first occurrence of each. The current tab counts as visited because
///   it is on screen: a page that starts on All with an empty list still
///   reshuffles when the user returns to All.
///
/// Ids are compared exactly and not checked against [`CATEGORIES`].
#[crate::export]
pub fn choose_category(visited: &[&str], current: &str, chosen: &str) -> CategoryChoice {
    let clear_seed = chosen != current && visited.contains(&chosen);
    let mut out: Vec<String> = Vec::with_capacity(visited.len() + 2);
    for id in visited.iter().copied().chain([current, chosen]) {
        if !out.iter().any(|v| v == id) {
            out.push(id.to_owned());
        }
    }
    CategoryChoice {
        clear_seed,
        visited: out,
    }
}

/// The category tabs in order (All first); a category's position is its bit in a mask.
#[crate::export]
pub fn explorer_categories() -> &'static [Category] {
    &CATEGORIES
}

/// The mentors to show, as indices into the columns (one entry per fetched
/// mentor; pass typed arrays to skip a copy). Throws when the columns differ
/// in length or the category is unknown.
#[crate::export]
pub fn arrange_explorer(
    ratings: &[f64],
    experience_years: &[f64],
    prices: &[f64],
    masks: &[u32],
    category_id: &str,
    seed: u32,
    rotation: u32,
) -> Result<Vec<u32>, ExplorerError> {
    let columns = Columns {
        ratings,
        experience_years,
        prices,
        masks,
    };
    arrange(columns, category_id, seed, rotation)
}

/// Separates mentors in [`category_masks`]'s packed input (ASCII record separator).
pub const MENTOR_SEPARATOR: char = '\u{1e}';
/// Separates one mentor's expertise entries (ASCII unit separator).
pub const EXPERTISE_SEPARATOR: char = '\u{1f}';

/// The masks of a whole list in one call: expertise entries joined by
/// U+001F, mentors by U+001E (`count` mentors). Throws when the count differs.
#[crate::export]
pub fn category_masks(packed: &str, count: u32) -> Result<Vec<u32>, crate::bindings::BadInput> {
    if count == 0 {
        return if packed.is_empty() {
            Ok(Vec::new())
        } else {
            Err(crate::bindings::bad(
                "packed expertise was given for 0 mentors",
            ))
        };
    }
    // Both separators are ASCII, so splitting the bytes keeps every piece
    // valid UTF-8; byte splits are much cheaper than char searches in wasm.
    let mut buffer = String::new();
    let masks: Vec<u32> = packed
        .as_bytes()
        .split(|&b| b == MENTOR_SEPARATOR as u8)
        .map(|record| {
            let expertise = record
                .split(|&b| b == EXPERTISE_SEPARATOR as u8)
                .filter(|e| !e.is_empty())
                .filter_map(|e| std::str::from_utf8(e).ok());
            category_mask_with(&mut buffer, expertise)
        })
        .collect();
    if masks.len() != count as usize {
        return Err(crate::bindings::bad(format!(
            "packed expertise holds {} mentors, expected {count}",
            masks.len()
        )));
    }
    Ok(masks)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::HashSet;

    /// A hand-made catalogue: (rating, years, price, expertise). The vector
    /// file `vectors/explorer.json` uses the same 20 mentors.
    pub(super) const CATALOGUE: [(f64, f64, f64, &[&str]); 20] = [
        (4.9, 12.0, 1500.0, &["Technology", "Machine Learning"]),
        (4.8, 18.0, 2500.0, &["Leadership", "Executive Coaching"]),
        (4.7, 6.0, 0.0, &["Marketing", "SEO"]),
        (4.6, 3.0, 999.0, &["Technology", "DevOps"]),
        (4.95, 22.0, 5000.0, &["Business", "Strategy", "Leadership"]),
        (4.6, 9.0, 1200.0, &["Psychology", "CBT"]),
        (4.5, 25.0, 3000.0, &["Management", "Product Management"]),
        (4.2, 16.0, 800.0, &["Business", "Finance"]),
        (3.9, 20.0, 0.0, &["Mental Health", "Mindfulness"]),
        (4.0, 2.0, 500.0, &["Technology", "Data Science"]),
        (0.0, 1.0, 0.0, &["technology "]),
        (4.4, 8.0, 700.0, &["Marketing", "Growth Marketing"]),
        (4.1, 17.0, 1800.0, &["Technology", "System Design"]),
        (3.5, 4.0, 300.0, &["Business", "Startups"]),
        (4.3, 11.0, 1100.0, &["Leadership", "Management"]),
        (4.6, 15.0, 2000.0, &["Technology", "Cloud Architecture"]),
        (4.4, 8.0, 0.0, &["Marketing", "Social Media"]),
        (4.4, 8.0, 700.0, &["Marketing", "Content Strategy"]),
        (3.0, 30.0, 4000.0, &["Mental Health", "Psychology"]),
        (5.0, 0.0, 100.0, &["Career Growth"]),
    ];

    #[derive(Debug)]
    struct Owned {
        ratings: Vec<f64>,
        years: Vec<f64>,
        prices: Vec<f64>,
        masks: Vec<u32>,
    }

    impl Owned {
        fn columns(&self) -> Columns<'_> {
            Columns {
                ratings: &self.ratings,
                experience_years: &self.years,
                prices: &self.prices,
                masks: &self.masks,
            }
        }
    }

    fn catalogue() -> Owned {
        Owned {
            ratings: CATALOGUE.iter().map(|m| m.0).collect(),
            years: CATALOGUE.iter().map(|m| m.1).collect(),
            prices: CATALOGUE.iter().map(|m| m.2).collect(),
            masks: CATALOGUE.iter().map(|m| category_mask(m.3)).collect(),
        }
    }

    fn bit(id: &str) -> u32 {
        1 << category_index(id).expect("known category")
    }

    /// Checks everything [`arrange`] promises about one result, using only
    /// the ranking and the rules (not the shuffles).
    fn check_arrangement(c: &Columns, category_id: &str, got: &[u32]) -> Result<(), String> {
        let ranked = rank(*c, category_id).map_err(|e| e.to_string())?;
        let limit = limit(category_id).map_err(|e| e.to_string())?;
        let distinct: HashSet<u32> = got.iter().copied().collect();
        if distinct.len() != got.len() {
            return Err(format!("repeated index in {got:?}"));
        }
        if !got.iter().all(|i| ranked.contains(i)) {
            return Err(format!("{got:?} has an index outside the pool {ranked:?}"));
        }
        if got.len() != ranked.len().min(limit) {
            return Err(format!(
                "length {} for pool {} and limit {limit}",
                got.len(),
                ranked.len()
            ));
        }
        let top: Vec<u32> = ranked
            .iter()
            .copied()
            .filter(|&i| is_top_rated(or_zero(c.ratings[i as usize])))
            .take(TOP_BLOCK)
            .collect();
        if got[..top.len()] != top[..] {
            return Err(format!(
                "top block {:?}, expected {top:?}",
                &got[..top.len()]
            ));
        }
        if category_id == ALL_CATEGORY_ID {
            let candidates = ranked
                .iter()
                .filter(|i| {
                    !top.contains(i) && is_veteran(or_zero(c.experience_years[**i as usize]))
                })
                .count();
            let shown = got[top.len()..]
                .iter()
                .filter(|i| is_veteran(or_zero(c.experience_years[**i as usize])))
                .count();
            if shown < candidates.min(VETERAN_SLOTS) {
                return Err(format!("only {shown} veterans shown of {candidates}"));
            }
        }
        Ok(())
    }

    #[test]
    fn categories_are_well_formed() {
        assert_eq!(CATEGORIES.len(), 8);
        assert_eq!(CATEGORIES[0].id, ALL_CATEGORY_ID);
        assert!(CATEGORIES[0].expertise.is_empty());
        let names: Vec<&str> = CATEGORIES.iter().map(|c| c.name).collect();
        assert_eq!(
            names,
            [
                "All Mentors",
                "Technology",
                "Business",
                "Leadership",
                "Management",
                "Marketing",
                "Mental Health",
                "Psychology"
            ]
        );
        let ids: Vec<&str> = CATEGORIES.iter().map(|c| c.id).collect();
        assert_eq!(ids.join(", "), CATEGORY_IDS_TEXT);
        let all_terms: Vec<String> = CATEGORIES
            .iter()
            .flat_map(|c| c.expertise)
            .map(|t| t.to_lowercase())
            .collect();
        let distinct: HashSet<&String> = all_terms.iter().collect();
        assert_eq!(
            distinct.len(),
            all_terms.len(),
            "a term belongs to one category only"
        );
        for c in &CATEGORIES[1..] {
            assert!(
                (4..=10).contains(&c.expertise.len()),
                "{} has {} terms",
                c.id,
                c.expertise.len()
            );
            assert_eq!(c.expertise[0], c.name, "{} lists its own name first", c.id);
            let unique: HashSet<String> = c.expertise.iter().map(|t| t.to_lowercase()).collect();
            assert_eq!(unique.len(), c.expertise.len(), "{} repeats a term", c.id);
            assert!(
                c.expertise
                    .iter()
                    .all(|t| t.trim() == *t && !t.contains('Σ'))
            );
        }
    }

    #[test]
    fn masks_match_whole_terms_ignoring_case_and_spaces() {
        assert_eq!(category_mask(&[]), 1);
        assert_eq!(category_mask(&["Career Growth"]), 1);
        assert_eq!(category_mask(&["Technology"]), 1 | bit("technology"));
        assert_eq!(
            category_mask(&["  machine LEARNING\t"]),
            1 | bit("technology")
        );
        assert_eq!(category_mask(&["Tech"]), 1, "no substring matches");
        assert_eq!(category_mask(&["Technology and more"]), 1);
        assert_eq!(
            category_mask(&["Business", "Strategy", "Leadership"]),
            1 | bit("business") | bit("leadership")
        );
        assert_eq!(
            category_mask(&["mental health", "PSYCHOLOGY"]),
            1 | bit("mental-health") | bit("psychology")
        );
        // Unicode lower-casing: the Kelvin sign lower-cases to an ASCII k.
        assert_eq!(category_mask(&["Mar\u{212A}eting"]), 1 | bit("marketing"));
        assert_eq!(category_mask(&["ÉCONOMIE"]), 1);
        assert!(expertise_matches(" SEO ", "SEO"));
        assert!(matches(&CATEGORIES[0], &[]));
        assert!(matches(&CATEGORIES[1], &["DEVOPS"]));
        assert!(!matches(&CATEGORIES[1], &["Business"]));
        // Every category finds a mentor listing just its name.
        for (i, c) in CATEGORIES.iter().enumerate().skip(1) {
            assert_eq!(category_mask(&[c.name]), 1 | (1 << i), "{}", c.id);
        }
    }

    #[test]
    fn score_edges() {
        assert_eq!(score(0.0, 0.0), 0.0);
        assert_eq!(score(5.0, 20.0), 1.0);
        assert_eq!(score(5.0, 0.0), 0.6);
        assert_eq!(score(0.0, 20.0), 0.4);
        assert_eq!(score(0.0, 10.0), 0.2);
        assert_eq!(score(7.0, 40.0), 1.0, "both capped");
        assert_eq!(score(-1.0, -5.0), 0.0, "negatives count as 0");
        assert_eq!(score(f64::NAN, f64::NAN), 0.0);
        assert_eq!(score(f64::INFINITY, f64::INFINITY), 1.0);
        assert_eq!(score(f64::NEG_INFINITY, 5.0), 0.1);
    }

    #[test]
    fn ranking_tie_breaks_in_order() {
        let k = RankKey::new;
        // Higher score first.
        assert_eq!(
            compare_rank(&k(1, 4.0, 10.0, 0.0), &k(0, 3.0, 10.0, 0.0)),
            Ordering::Less
        );
        // Score beats top-rated: 4.6 & 2 y scores 0.592, 4.4 & 5 y scores 0.628.
        let a = k(0, 4.6, 2.0, 0.0);
        let b = k(1, 4.4, 5.0, 0.0);
        assert!(a.top_rated && !b.top_rated && b.score > a.score);
        assert_eq!(compare_rank(&b, &a), Ordering::Less);
        // Equal scores: top-rated first.
        let top = RankKey {
            index: 5,
            score: 0.5,
            top_rated: true,
            rating: 4.6,
            experience_years: 0.0,
            price: 0.0,
        };
        let plain = RankKey {
            index: 0,
            score: 0.5,
            top_rated: false,
            rating: 4.7,
            experience_years: 9.0,
            price: 0.0,
        };
        assert_eq!(compare_rank(&top, &plain), Ordering::Less);
        // Then the higher rating, then more experience, then cheaper, then index.
        let base = RankKey {
            index: 3,
            score: 0.5,
            top_rated: false,
            rating: 4.0,
            experience_years: 5.0,
            price: 100.0,
        };
        assert_eq!(
            compare_rank(
                &RankKey {
                    rating: 4.1,
                    ..base
                },
                &base
            ),
            Ordering::Less
        );
        assert_eq!(
            compare_rank(
                &RankKey {
                    experience_years: 6.0,
                    ..base
                },
                &base
            ),
            Ordering::Less
        );
        assert_eq!(
            compare_rank(&RankKey { price: 0.0, ..base }, &base),
            Ordering::Less
        );
        assert_eq!(
            compare_rank(&RankKey { index: 2, ..base }, &base),
            Ordering::Less
        );
        assert_eq!(compare_rank(&base, &base), Ordering::Equal);
        // Free comes before any price; an unknown price after every known one.
        assert!(compare_rank(&k(0, 4.0, 5.0, 0.0), &k(1, 4.0, 5.0, 0.01)).is_lt());
        assert!(compare_rank(&k(0, 4.0, 5.0, f64::NAN), &k(1, 4.0, 5.0, 1e9)).is_gt());
        assert!(
            compare_rank(&k(1, 4.0, 5.0, -3.0), &k(0, 4.0, 5.0, 0.0)).is_gt(),
            "negative = free, index decides"
        );
        // NaN rating counts as 0, and -0.0 equals 0.0.
        assert_eq!(k(0, f64::NAN, -0.0, 0.0), k(0, 0.0, 0.0, -0.0));
    }

    #[test]
    fn catalogue_ranks_as_worked_out_by_hand() {
        let owned = catalogue();
        let c = owned.columns();
        // Scores: #4 4.95/22 y → 0.994; #6 4.5/25 y → 0.94; #1 4.8/18 y → 0.936;
        // #8 3.9/20 y → 0.868; #15 4.6/15 y → 0.852; #12 4.1/17 y → 0.832;
        // #0 4.9/12 y → 0.828; #7 4.2/16 y → 0.824; …; #10 0/1 y → 0.02 last.
        let ranked = rank(c, "all").expect("ranks");
        assert_eq!(&ranked[..8], &[4, 6, 1, 8, 15, 12, 0, 7]);
        assert_eq!(ranked.last(), Some(&10));
        assert_eq!(ranked.len(), 20);
        // Technology: #0, #3, #9, #10 ("technology " trimmed), #12, #15.
        let mut tech = rank(c, "technology").expect("ranks");
        assert_eq!(tech, vec![15, 12, 0, 3, 9, 10]);
        tech.sort_unstable();
        assert_eq!(tech, vec![0, 3, 9, 10, 12, 15]);
        // Marketing: #11, #16 and #17 tie (4.4, 8 y → 0.688) ahead of #2
        // (4.7, 6 y → 0.684); the free #16 goes first, then by index.
        assert_eq!(rank(c, "marketing").expect("ranks"), vec![16, 11, 17, 2]);
    }

    #[test]
    fn catalogue_arrangements_keep_every_rule() {
        let owned = catalogue();
        let c = owned.columns();
        for id in CATEGORIES.iter().map(|c| c.id) {
            for seed in [0, 1, 42, u32::MAX] {
                for rotation in [0, 1, 2, 1000] {
                    let got = arrange(c, id, seed, rotation).expect("arranges");
                    check_arrangement(&c, id, &got)
                        .unwrap_or_else(|e| panic!("{id} {seed} {rotation}: {e}"));
                }
            }
        }
        // All: the top block is the four best-ranked top-rated mentors
        // (#4, #1, #15, #0; #6 has exactly 4.5 and is not top-rated).
        let all = arrange(c, "all", 1, 0).expect("arranges");
        assert_eq!(&all[..4], &[4, 1, 15, 0]);
        assert_eq!(all.len(), 16);
        // Technology: #15, #0, #3 are top-rated; the pool of 6 is all shown.
        let tech = arrange(c, "technology", 42, 1).expect("arranges");
        assert_eq!(&tech[..3], &[15, 0, 3]);
        assert_eq!(tech.len(), 6);
        // Psychology: #5 is top-rated, #18 not.
        assert_eq!(
            arrange(c, "psychology", 1, 0).expect("arranges"),
            vec![5, 18]
        );
    }

    #[test]
    fn all_view_guarantees_two_veterans() {
        // 4 top-rated mentors, 3 low-rated veterans and 20 newcomers: the
        // limit leaves 12 places for 23 candidates, yet two veterans are
        // always among them.
        let mut ratings = vec![4.9; 4];
        let mut years = vec![1.0; 4];
        ratings.extend([1.0; 3]);
        years.extend([16.0, 30.0, 15.5]);
        ratings.extend([4.0; 20]);
        years.extend([2.0; 20]);
        let prices = vec![0.0; ratings.len()];
        let masks = vec![1; ratings.len()];
        let c = Columns {
            ratings: &ratings,
            experience_years: &years,
            prices: &prices,
            masks: &masks,
        };
        for rotation in 0..200 {
            let got = arrange(c, "all", 7, rotation).expect("arranges");
            check_arrangement(&c, "all", &got).expect("rules hold");
            assert_eq!(&got[..4], &[0, 1, 2, 3]);
        }
        // Exactly 15 years is not a veteran.
        assert!(!is_veteran(15.0) && is_veteran(15.5));
    }

    #[test]
    fn top_block_holds_at_most_four() {
        let ratings = [4.6, 4.7, 4.8, 4.9, 5.0, 4.55];
        let years = [0.0; 6];
        let prices = [0.0; 6];
        let masks = [1 | bit("technology"); 6];
        let c = Columns {
            ratings: &ratings,
            experience_years: &years,
            prices: &prices,
            masks: &masks,
        };
        let got = arrange(c, "technology", 3, 3).expect("arranges");
        assert_eq!(&got[..4], &[4, 3, 2, 1]);
        assert_eq!(got.len(), 6);
        // A rating of exactly 4.5 is not top-rated.
        assert!(!is_top_rated(4.5) && is_top_rated(4.51));
    }

    #[test]
    fn limits_and_small_pools() {
        assert_eq!(limit("all"), Ok(16));
        assert_eq!(limit("psychology"), Ok(12));
        assert_eq!(
            limit("All"),
            Err(ExplorerError::UnknownCategory("All".into()))
        );
        let n = 40;
        let ratings = vec![3.0; n];
        let years = vec![3.0; n];
        let prices = vec![100.0; n];
        let masks = vec![1 | bit("business"); n];
        let c = Columns {
            ratings: &ratings,
            experience_years: &years,
            prices: &prices,
            masks: &masks,
        };
        assert_eq!(arrange(c, "all", 0, 0).expect("arranges").len(), 16);
        assert_eq!(arrange(c, "business", 0, 0).expect("arranges").len(), 12);
        assert_eq!(
            arrange(c, "marketing", 0, 0).expect("arranges"),
            Vec::<u32>::new()
        );
        let empty = Columns {
            ratings: &[],
            experience_years: &[],
            prices: &[],
            masks: &[],
        };
        assert_eq!(
            arrange(empty, "all", 9, 9).expect("arranges"),
            Vec::<u32>::new()
        );
        // A mask without bit 0 hides the mentor from All as well.
        let masks = [0, 1];
        let c = Columns {
            ratings: &[5.0, 5.0],
            experience_years: &[1.0, 1.0],
            prices: &[0.0, 0.0],
            masks: &masks,
        };
        assert_eq!(arrange(c, "all", 0, 0).expect("arranges"), vec![1]);
    }

    #[test]
    fn bad_columns_and_categories_are_errors() {
        let c = Columns {
            ratings: &[1.0, 2.0, 3.0],
            experience_years: &[1.0, 2.0],
            prices: &[0.0; 3],
            masks: &[1; 3],
        };
        let err = arrange(c, "all", 0, 0).expect_err("mismatch");
        assert_eq!(
            err.to_string(),
            "the columns must have the same length (ratings 3, experienceYears 2, prices 3, masks 3)"
        );
        let c = Columns {
            ratings: &[],
            experience_years: &[],
            prices: &[],
            masks: &[],
        };
        let err = arrange(c, "x", 0, 0).expect_err("unknown");
        assert_eq!(
            err.to_string(),
            "unknown category \"x\": use one of all, technology, business, leadership, management, marketing, mental-health, psychology"
        );
    }

    #[test]
    fn rotations_reshuffle_and_seeds_are_stable() {
        let owned = catalogue();
        let c = owned.columns();
        let first = arrange(c, "all", 42, 0).expect("arranges");
        assert_eq!(arrange(c, "all", 42, 0).expect("arranges"), first);
        let distinct: HashSet<Vec<u32>> = (0..50)
            .map(|r| arrange(c, "all", 42, r).expect("arranges"))
            .collect();
        assert!(
            distinct.len() > 40,
            "only {} distinct arrangements of 50",
            distinct.len()
        );
        assert_ne!(arrange(c, "all", 43, 0).expect("arranges"), first);
        // The seed fills the high half of the RNG seed, the rotation the low half.
        assert_eq!(
            arrangement_rng(1, 2).next_u64(),
            ChaCha8Rng::seed_from_u64((1 << 32) | 2).next_u64()
        );
    }

    #[test]
    fn rotation_interval_overrides() {
        let cases: [(Option<&str>, u32); 16] = [
            (None, 120_000),
            (Some(""), 120_000),
            (Some("   "), 120_000),
            (Some("60000"), 60_000),
            (Some(" 30000 "), 30_000),
            (Some("5000"), 5_000),
            (Some("4999"), 120_000),
            (Some("86400000"), 86_400_000),
            (Some("86400001"), 120_000),
            (Some("abc"), 120_000),
            (Some("-5"), 120_000),
            (Some("+60000"), 120_000),
            (Some("1e5"), 120_000),
            (Some("120000.5"), 120_000),
            (Some("99999999999999999999"), 120_000),
            (Some("0060000"), 60_000),
        ];
        for (stored, want) in cases {
            assert_eq!(rotation_interval_ms(stored), want, "{stored:?}");
        }
    }

    #[test]
    fn rotation_index_edges() {
        assert_eq!(rotation_index(1000.0, 1000.0, 120_000.0), 0);
        assert_eq!(rotation_index(0.0, 119_999.0, 120_000.0), 0);
        assert_eq!(rotation_index(0.0, 120_000.0, 120_000.0), 1);
        assert_eq!(rotation_index(0.0, 359_999.0, 120_000.0), 2);
        assert_eq!(
            rotation_index(500.0, 0.0, 120_000.0),
            0,
            "clock before creation"
        );
        assert_eq!(rotation_index(f64::NAN, 0.0, 120_000.0), 0);
        assert_eq!(rotation_index(0.0, f64::INFINITY, 120_000.0), 0);
        assert_eq!(rotation_index(0.0, 1e6, 0.0), 0);
        assert_eq!(rotation_index(0.0, 1e6, -5.0), 0);
        assert_eq!(rotation_index(0.0, 1e6, f64::NAN), 0);
        assert_eq!(rotation_index(0.0, 1e300, 1.0), u32::MAX);
        assert_eq!(rotation_index(0.0, 4_294_967_295.0, 1.0), u32::MAX);
        assert_eq!(rotation_index(0.0, 4_294_967_294.5, 1.0), u32::MAX - 1);
        assert_eq!(
            rotation_index(1.7e12, 1.7e12 + 14_400_000.0, 120_000.0),
            120
        );
    }

    #[test]
    fn seed_staleness_edges() {
        let t = 1_700_000_000_000.0;
        assert!(!seed_is_stale(t, t));
        assert!(!seed_is_stale(t, t + 14_399_999.0));
        assert!(seed_is_stale(t, t + 14_400_000.0), "exactly 4 h");
        assert!(seed_is_stale(t, t + 14_400_001.0));
        assert!(seed_is_stale(t, t - 1.0), "clock moved back");
        assert!(seed_is_stale(f64::NAN, t));
        assert!(seed_is_stale(t, f64::INFINITY));
    }

    #[test]
    fn choosing_categories() {
        let c = choose_category(&[], "all", "all");
        assert_eq!(
            c,
            CategoryChoice {
                clear_seed: false,
                visited: vec!["all".into()]
            }
        );
        let c = choose_category(&["all"], "all", "technology");
        assert_eq!(
            c,
            CategoryChoice {
                clear_seed: false,
                visited: vec!["all".into(), "technology".into()]
            }
        );
        let c = choose_category(&["all", "technology"], "technology", "all");
        assert_eq!(
            c,
            CategoryChoice {
                clear_seed: true,
                visited: vec!["all".into(), "technology".into()]
            }
        );
        let c = choose_category(&["all", "technology"], "technology", "technology");
        assert!(!c.clear_seed, "re-choosing the current tab keeps the seed");
        // The current tab counts as visited even if the page never recorded it.
        let c = choose_category(&[], "all", "business");
        assert_eq!(c.visited, vec!["all".to_owned(), "business".to_owned()]);
        assert!(!c.clear_seed);
        let c = choose_category(
            &c.visited.iter().map(String::as_str).collect::<Vec<_>>(),
            "business",
            "all",
        );
        assert!(c.clear_seed);
        // Duplicates in the stored list collapse to the first visit.
        let c = choose_category(&["b", "a", "b"], "a", "c");
        assert_eq!(
            c.visited,
            vec!["b".to_owned(), "a".to_owned(), "c".to_owned()]
        );
    }

    fn rating() -> impl Strategy<Value = f64> {
        prop_oneof![
            6 => (0u32..=50).prop_map(|t| f64::from(t) / 10.0),
            1 => Just(4.5),
            1 => Just(f64::NAN),
            1 => -10.0..10.0f64,
        ]
    }

    fn years() -> impl Strategy<Value = f64> {
        prop_oneof![
            6 => (0u32..=30).prop_map(f64::from),
            1 => Just(15.0),
            1 => Just(f64::NAN),
            1 => -5.0..40.0f64,
        ]
    }

    fn price() -> impl Strategy<Value = f64> {
        prop_oneof![
            2 => Just(0.0),
            4 => prop::sample::select(vec![300.0, 500.0, 999.0, 1500.0, 2500.0]),
            1 => Just(f64::NAN),
            1 => -100.0..10_000.0f64,
        ]
    }

    fn mentors() -> impl Strategy<Value = Owned> {
        prop::collection::vec((rating(), years(), price(), 0u32..256), 0..45).prop_map(|ms| Owned {
            ratings: ms.iter().map(|m| m.0).collect(),
            years: ms.iter().map(|m| m.1).collect(),
            prices: ms.iter().map(|m| m.2).collect(),
            // Mostly real masks (bit 0 set); some without it.
            masks: ms
                .iter()
                .map(|m| if m.3 % 16 == 0 { m.3 & !1 } else { m.3 | 1 })
                .collect(),
        })
    }

    fn category_id() -> impl Strategy<Value = &'static str> {
        prop::sample::select(CATEGORIES.iter().map(|c| c.id).collect::<Vec<_>>())
    }

    fn any_key() -> impl Strategy<Value = RankKey> {
        (0u32..6, rating(), years(), price()).prop_map(|(i, r, y, p)| RankKey::new(i, r, y, p))
    }

    fn raw_key() -> impl Strategy<Value = RankKey> {
        (
            0u32..4,
            any::<f64>(),
            any::<bool>(),
            any::<f64>(),
            any::<f64>(),
            any::<f64>(),
        )
            .prop_map(
                |(index, score, top_rated, rating, experience_years, price)| RankKey {
                    index,
                    score,
                    top_rated,
                    rating,
                    experience_years,
                    price,
                },
            )
    }

    proptest! {
        #[test]
        fn arrangements_keep_every_rule(m in mentors(), id in category_id(), seed in any::<u32>(), rotation in any::<u32>()) {
            let c = m.columns();
            let got = arrange(c, id, seed, rotation).expect("arranges");
            prop_assert!(got.len() <= limit(id).expect("known"));
            if let Err(e) = check_arrangement(&c, id, &got) {
                prop_assert!(false, "{}", e);
            }
            prop_assert_eq!(arrange(c, id, seed, rotation).expect("arranges"), got);
        }

        #[test]
        fn scores_stay_in_unit_range(r in any::<f64>(), y in any::<f64>(), r2 in rating(), y2 in years()) {
            for s in [score(r, y), score(r2, y2)] {
                prop_assert!((0.0..=1.0).contains(&s), "{}", s);
            }
        }

        #[test]
        fn ranking_is_a_total_order(a in any_key(), b in any_key(), c in any_key(), x in raw_key(), y in raw_key(), z in raw_key()) {
            for (a, b, c) in [(a, b, c), (x, y, z)] {
                prop_assert_eq!(compare_rank(&a, &a), Ordering::Equal);
                prop_assert_eq!(compare_rank(&a, &b), compare_rank(&b, &a).reverse());
                if compare_rank(&a, &b).is_le() && compare_rank(&b, &c).is_le() {
                    prop_assert!(compare_rank(&a, &c).is_le());
                }
                if compare_rank(&a, &b).is_eq() {
                    prop_assert_eq!(compare_rank(&a, &c), compare_rank(&b, &c));
                }
                if a.index != b.index {
                    prop_assert_ne!(compare_rank(&a, &b), Ordering::Equal);
                }
            }
        }

        #[test]
        fn masks_ignore_case_and_surrounding_space(i in 1usize..8, pick in any::<prop::sample::Index>(), upper in any::<bool>(), pad in "[ \t]{0,3}") {
            let c = &CATEGORIES[i];
            let term = pick.get(c.expertise);
            let term = if upper { term.to_uppercase() } else { term.to_lowercase() };
            let padded = format!("{pad}{term}{pad}");
            let mask = category_mask(&[padded.as_str()]);
            prop_assert_eq!(mask & 1, 1);
            prop_assert!(mask & (1 << i) != 0);
        }

        #[test]
        fn rotation_index_never_decreases(created in 0.0..2e12f64, a in 0.0..1e9f64, b in 0.0..1e9f64, interval in 5_000u32..=86_400_000) {
            let (early, late) = if a <= b { (a, b) } else { (b, a) };
            let interval = f64::from(interval);
            prop_assert!(rotation_index(created, created + early, interval) <= rotation_index(created, created + late, interval));
        }
    }
}
