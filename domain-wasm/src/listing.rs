//! The mentor listing (`/mentors`, `/category/technology`): its sorts, its
//! search and its free filter.
//!
//! Replaces `SORTS`, `SEARCH_DEBOUNCE_MS`, `foldText`, `searchTerms`,
//! `matchesSearch`, the haystack, the comparators and the free filter of
//! `webapp/src/features/mentors/listing.ts` (the URL query stays there).
//!
//! The listing's categories ([`listing_categories`], issue 21) are the
//! explorer's tabs (SPEC §9) followed by the fields SPEC §1 names that the
//! explorer has no tab for ([`FIELD_CATEGORIES`]: career, health, academic,
//! freelancing, creative), so every field a mentor can choose in the forms
//! ([`crate::mentoring::CATEGORIES`]) can be browsed at
//! `/mentors?category=<id>`. Membership ([`listing_category_mask`]) is the
//! explorer's for its tabs and, for a field, the same whole-term match of
//! the mentor's expertise against the field's terms (its own name, which is
//! what the application form's field choice stores, and its specialities).
//!
//! How the web app uses it: build once per fetched list the search text of
//! each mentor ([`search_haystack`]) and the columns (rating, experience,
//! shown price from [`crate::pricing::shown_price`]); per view, call
//! [`listing_filter`] (search and free filter), keep the indices in the
//! chosen category, and order them with [`listing_order`].
//!
//! Decisions: the web app's comparators let NaN compare equal to anything
//! (which is not an order); here a rating or experience that is not a
//! number counts as 0 and a price that is not a number as dearer than any,
//! as in the home explorer's ranking. Accent folding uses compatibility
//! decomposition tables for the Latin, Greek, Cyrillic and Indic blocks,
//! letter-like symbols, ligatures and full-width forms (generated from the
//! Unicode data by `listing/fold_tables.py`); other scripts keep their
//! precomposed letters, and marks are removed everywhere.

mod fold_tables;

use std::cmp::Ordering;

use serde::Serialize;

use crate::explorer::{self, Category};
use crate::pricing::is_free;

/// The fields SPEC §1 names that the explorer has no tab for, in the
/// forms' order. Each matches its own name (what a mentor who picks the
/// field in the forms gets as expertise) and the specialities that plainly
/// belong to it, compared whole, trimmed and case-insensitively, as the
/// explorer compares ([`explorer::expertise_matches`]). A term may belong
/// to an explorer tab as well (`Mental Health` is Health too).
pub const FIELD_CATEGORIES: [Category; 5] = [
    Category {
        id: "career",
        name: "Career",
        expertise: &[
            "Career",
            "Career Growth",
            "Career Coaching",
            "Career Development",
            "Career Change",
            "Career Transitions",
            "Careers in Psychology",
            "Interview Preparation",
            "Case Interviews",
            "Job Search",
            "Resume Writing",
            "Salary Negotiation",
            "Personal Branding",
        ],
    },
    Category {
        id: "health",
        name: "Health",
        expertise: &[
            "Health",
            "Health & Fitness",
            "Healthcare",
            "Healthcare Operations",
            "Fitness",
            "Nutrition",
            "Strength Training",
            "Yoga",
            "Medicine",
            "Public Health",
            "Mental Health",
            "Perinatal Mental Health",
        ],
    },
    Category {
        id: "academic",
        name: "Academic",
        expertise: &[
            "Academic",
            "Academics",
            "Academic Research",
            "Research Methods",
            "Higher Studies",
            "Higher Education",
            "Study Abroad",
            "Exam Preparation",
            "College Admissions",
            "Teaching",
            "Education",
        ],
    },
    Category {
        id: "freelancing",
        name: "Freelancing",
        expertise: &[
            "Freelancing",
            "Freelance",
            "Independent Consulting",
            "Client Management",
        ],
    },
    Category {
        id: "creative",
        name: "Creative",
        expertise: &[
            "Creative",
            "Creative Careers",
            "Creative Direction",
            "Design",
            "UX Design",
            "UI Design",
            "Product Design",
            "Graphic Design",
            "Brand Identity",
            "Illustration",
            "Copywriting",
            "Writing",
            "Content Creation",
            "Photography",
            "Music",
            "Film",
        ],
    },
];

/// How many categories the listing offers: the explorer's tabs, then the
/// fields.
pub const LISTING_CATEGORY_COUNT: usize = explorer::CATEGORIES.len() + FIELD_CATEGORIES.len();

/// The listing's categories in the order its picker shows them: the
/// explorer's tabs (All Mentors first), then [`FIELD_CATEGORIES`]. A
/// category's position is its bit in a [`listing_category_mask`].
pub fn listing_category_list() -> &'static [Category; LISTING_CATEGORY_COUNT] {
    &LISTING_CATEGORIES
}

/// The explorer's categories, then [`FIELD_CATEGORIES`]: put together at
/// compile time, so the module carries one table and no code to build it.
static LISTING_CATEGORIES: [Category; LISTING_CATEGORY_COUNT] = {
    let mut all = [explorer::CATEGORIES[0]; LISTING_CATEGORY_COUNT];
    let mut i = 0;
    while i < LISTING_CATEGORY_COUNT {
        all[i] = if i < explorer::CATEGORIES.len() {
            explorer::CATEGORIES[i]
        } else {
            FIELD_CATEGORIES[i - explorer::CATEGORIES.len()]
        };
        i += 1;
    }
    all
};

/// [`listing_category_list`] for JavaScript: every category `/mentors`
/// can filter by (`?category=<id>`), with the terms each matches.
#[crate::export(on_demand)]
pub fn listing_categories() -> Vec<Category> {
    listing_category_list().to_vec()
}

/// Whether `id` names a listing category.
#[crate::export(on_demand)]
pub fn is_listing_category(id: &str) -> bool {
    listing_category_list().iter().any(|c| c.id == id)
}

/// The listing categories a mentor belongs to, one bit per entry of
/// [`listing_category_list`] (All, bit 0, always set): a category's bit is
/// set when one of the expertise strings equals one of its terms, trimmed
/// and lower-cased, as the explorer compares
/// ([`explorer::expertise_matches`]); for the explorer's tabs this is
/// [`explorer::category_mask`].
pub fn listing_category_mask(expertise: &[&str]) -> u32 {
    let folded: Vec<String> = expertise
        .iter()
        .map(|e| crate::bindings::lowercase(e.trim()))
        .collect();
    // Every term is ASCII (a unit test checks), so comparing the folded
    // expertise with it ignoring ASCII case is comparing both lower-cased.
    let has = |term: &str| folded.iter().any(|e| e.eq_ignore_ascii_case(term));
    listing_category_list()
        .iter()
        .enumerate()
        .skip(1)
        .filter(|(_, c)| c.expertise.iter().any(|t| has(t)))
        .fold(1, |mask, (bit, _)| mask | (1 << bit))
}

/// The masks of a whole list in one call, packed as for
/// [`explorer::category_masks`] (expertise joined by U+001F, mentors by
/// U+001E; `count` mentors). Throws when the count differs.
#[crate::export(on_demand)]
pub fn listing_category_masks(
    packed: &str,
    count: u32,
) -> Result<Vec<u32>, crate::bindings::BadInput> {
    if count == 0 {
        return if packed.is_empty() {
            Ok(Vec::new())
        } else {
            Err(crate::bindings::bad(
                "packed expertise was given for 0 mentors",
            ))
        };
    }
    let masks: Vec<u32> = packed
        .split(explorer::MENTOR_SEPARATOR)
        .map(|record| {
            let expertise: Vec<&str> = record
                .split(explorer::EXPERTISE_SEPARATOR)
                .filter(|e| !e.is_empty())
                .collect();
            listing_category_mask(&expertise)
        })
        .collect();
    if masks.len() != count as usize {
        return Err(crate::bindings::bad(format!(
            "packed expertise holds {} mentors, not {count}",
            masks.len()
        )));
    }
    Ok(masks)
}

/// The fields SPEC §1 says visitors browse mentors across, in its order
/// (career, business, technology, health, academic, freelancing,
/// creative), as the pages name them.
pub const SPEC_FIELDS: [&str; 7] = [
    FIELD_CATEGORIES[0].name,
    explorer::CATEGORIES[2].name,
    explorer::CATEGORIES[1].name,
    FIELD_CATEGORIES[1].name,
    FIELD_CATEGORIES[2].name,
    FIELD_CATEGORIES[3].name,
    FIELD_CATEGORIES[4].name,
];

/// [`SPEC_FIELDS`] for JavaScript (the pages that list them).
#[crate::export]
pub fn mentor_fields() -> &'static [&'static str] {
    &SPEC_FIELDS
}

/// [`SPEC_FIELDS`] in a sentence (a unit test holds it equal to them).
pub const SPEC_FIELDS_TEXT: &str =
    "career, business, technology, health, academic, freelancing and creative";

/// [`SPEC_FIELDS_TEXT`] for JavaScript: `career, business, technology,
/// health, academic, freelancing and creative`.
#[crate::export]
pub fn mentor_fields_text() -> &'static str {
    SPEC_FIELDS_TEXT
}

/// Milliseconds the search box waits after the last keystroke.
pub const SEARCH_DEBOUNCE_MS: u32 = 250;

/// [`SEARCH_DEBOUNCE_MS`] for JavaScript: milliseconds the search box waits
/// after the last keystroke before filtering.
#[crate::export(on_demand)]
pub fn search_debounce_ms() -> u32 {
    SEARCH_DEBOUNCE_MS
}

/// The sorts the listing offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Sort {
    /// By the ranking score ([`explorer::score`]: rating and experience).
    #[serde(rename = "best")]
    Best,
    #[serde(rename = "rating")]
    Rating,
    #[serde(rename = "experience")]
    Experience,
    #[serde(rename = "price-asc")]
    PriceAsc,
    #[serde(rename = "price-desc")]
    PriceDesc,
}

/// A sort as the select offers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify_next::Tsify))]
pub struct SortOption {
    pub id: &'static str,
    pub label: &'static str,
}

pub const SORTS: [SortOption; 5] = [
    SortOption {
        id: "best",
        label: "Best match",
    },
    SortOption {
        id: "rating",
        label: "Highest rated",
    },
    SortOption {
        id: "experience",
        label: "Most experienced",
    },
    SortOption {
        id: "price-asc",
        label: "Price: low to high",
    },
    SortOption {
        id: "price-desc",
        label: "Price: high to low",
    },
];

/// The sort a URL asks for when it names none or an unknown one.
pub const DEFAULT_SORT: &str = "best";

/// [`SORTS`] as a list (for JavaScript).
#[crate::export(on_demand)]
pub fn sorts() -> Vec<SortOption> {
    SORTS.to_vec()
}

impl Sort {
    pub fn parse(id: &str) -> Option<Sort> {
        Some(match id {
            "best" => Sort::Best,
            "rating" => Sort::Rating,
            "experience" => Sort::Experience,
            "price-asc" => Sort::PriceAsc,
            "price-desc" => Sort::PriceDesc,
            _ => return None,
        })
    }
}

/// Whether `id` names a sort.
#[crate::export(on_demand)]
pub fn is_sort(id: &str) -> bool {
    Sort::parse(id).is_some()
}

fn is_mark(c: char) -> bool {
    let c = u32::from(c);
    fold_tables::MARKS
        .binary_search_by(|&(lo, hi)| {
            if hi < c {
                Ordering::Less
            } else if lo > c {
                Ordering::Greater
            } else {
                Ordering::Equal
            }
        })
        .is_ok()
}

fn push_folded(out: &mut String, c: char) {
    if let Ok(code) = u16::try_from(u32::from(c)) {
        if let Ok(i) = fold_tables::FOLD_ONE.binary_search_by_key(&code, |&(k, _)| k) {
            if let Some(f) = char::from_u32(u32::from(fold_tables::FOLD_ONE[i].1)) {
                out.push(f);
            }
            return;
        }
        if let Ok(i) = fold_tables::FOLD_MANY.binary_search_by_key(&code, |&(k, _)| k) {
            out.push_str(fold_tables::FOLD_MANY[i].1);
            return;
        }
    }
    if !is_mark(c) {
        out.push(c);
    }
}

/// Lower-cased, accents removed: `Zoë` and `zoe` compare equal (as
/// `text.normalize("NFKD").replace(/\p{M}+/gu, "").toLowerCase()`).
#[crate::export(on_demand)]
pub fn fold_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        push_folded(&mut out, c);
    }
    out.to_lowercase()
}

/// White space as JavaScript's `\s` knows it.
fn js_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\u{b}' | '\u{c}' | '\r' | ' ' | '\u{a0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200a}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202f}'
                | '\u{205f}'
                | '\u{3000}'
                | '\u{feff}'
    )
}

/// The search words of a query: folded, split on white space.
#[crate::export(on_demand)]
pub fn search_terms(q: &str) -> Vec<String> {
    fold_text(q)
        .split(js_space)
        .filter(|t| !t.is_empty())
        .map(str::to_owned)
        .collect()
}

/// What the search looks in: the name and every field of expertise, folded.
#[crate::export(on_demand)]
pub fn search_haystack(name: &str, expertise: &[&str]) -> String {
    let mut text = name.to_owned();
    for e in expertise {
        text.push('\n');
        text.push_str(e);
    }
    fold_text(&text)
}

/// Every term must appear in the haystack ("data asha" finds Asha, Data
/// Science); no terms match everything.
#[crate::export(on_demand)]
pub fn matches_search(haystack: &str, terms: &[&str]) -> bool {
    terms.iter().all(|t| haystack.contains(t))
}

/// The indices, in list order, of the mentors that pass the search `q`
/// and, with `free_only`, whose shown price is free
/// ([`crate::pricing::is_free`]). `haystacks[i]` ([`search_haystack`]) and
/// `prices[i]` describe mentor `i`; a missing price counts as not free.
#[crate::export(on_demand)]
pub fn listing_filter(haystacks: &[&str], prices: &[f64], q: &str, free_only: bool) -> Vec<u32> {
    let terms = search_terms(q);
    haystacks
        .iter()
        .enumerate()
        .filter(|(i, h)| {
            (!free_only || prices.get(*i).is_some_and(|p| is_free(*p)))
                && terms.iter().all(|t| h.contains(t.as_str()))
        })
        .filter_map(|(i, _)| u32::try_from(i).ok())
        .collect()
}

fn num(x: f64) -> f64 {
    if x.is_nan() { 0.0 } else { x + 0.0 }
}

fn price(x: f64) -> f64 {
    if x.is_nan() { f64::INFINITY } else { x + 0.0 }
}

/// `indices` in the order of `sort` (an id of [`SORTS`]; an unknown one is
/// [`DEFAULT_SORT`]): `best` by the ranking score, highest first; `rating`
/// and `experience` highest first; `price-asc` cheapest first,
/// `price-desc` dearest first. Ties go to the higher ranking score, then
/// to the list's order (the lower index). Columns as in
/// [`listing_filter`]; missing values count as 0.
#[crate::export(on_demand)]
pub fn listing_order(
    indices: &[u32],
    ratings: &[f64],
    experience_years: &[f64],
    prices: &[f64],
    sort: &str,
) -> Vec<u32> {
    let sort = Sort::parse(sort).unwrap_or(Sort::Best);
    let at = |col: &[f64], i: u32| col.get(i as usize).copied().unwrap_or(0.0);
    let mut keyed: Vec<(u32, f64, f64)> = indices
        .iter()
        .map(|&i| {
            let r = num(at(ratings, i));
            let e = num(at(experience_years, i));
            let key = match sort {
                Sort::Best => 0.0,
                Sort::Rating => -r,
                Sort::Experience => -e,
                Sort::PriceAsc => price(at(prices, i)),
                Sort::PriceDesc => -price(at(prices, i)),
            };
            (i, key, explorer::score(r, e))
        })
        .collect();
    sort_keyed(&mut keyed);
    keyed.into_iter().map(|(i, _, _)| i).collect()
}

/// Sorts `(index, key, score)` by key, then higher score, then index. The
/// index breaks every tie, so the order is total and an unstable sort gives
/// the same result; the one sort of the on-demand module (each sort the
/// module instantiates costs it about a kilobyte, gzipped).
pub(crate) fn sort_keyed(keyed: &mut [(u32, f64, f64)]) {
    keyed.sort_unstable_by(|a, b| {
        a.1.total_cmp(&b.1)
            .then_with(|| b.2.total_cmp(&a.2))
            .then_with(|| a.0.cmp(&b.0))
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bit(id: &str) -> u32 {
        let at = listing_category_list()
            .iter()
            .position(|c| c.id == id)
            .expect("a listing category");
        1 << at
    }

    #[test]
    fn every_field_of_the_forms_is_a_listing_category() {
        let names: Vec<&str> = listing_category_list()[1..]
            .iter()
            .map(|c| c.name)
            .collect();
        assert_eq!(names, crate::mentoring::CATEGORIES);
        let ids: Vec<&str> = listing_category_list().iter().map(|c| c.id).collect();
        assert_eq!(
            ids,
            [
                "all",
                "technology",
                "business",
                "leadership",
                "management",
                "marketing",
                "mental-health",
                "psychology",
                "career",
                "health",
                "academic",
                "freelancing",
                "creative"
            ]
        );
        // Each field matches its own name, as the forms store it.
        for c in &listing_category_list()[1..] {
            assert_ne!(listing_category_mask(&[c.name]) & bit(c.id), 0, "{}", c.id);
        }
        assert!(is_listing_category("health"));
        for c in listing_category_list() {
            assert!(c.expertise.iter().all(|t| t.is_ascii()), "{}", c.id);
        }
        // The explorer's tabs are exactly the explorer's membership.
        for expertise in [
            &["  machine LEARNING\t"][..],
            &["Business", "Strategy", "Leadership"],
            &["mental health", "PSYCHOLOGY"],
            &["Marketing Analytics", "Tech"],
        ] {
            let tabs = (1 << explorer::CATEGORIES.len()) - 1;
            assert_eq!(
                listing_category_mask(expertise) & tabs,
                explorer::category_mask(expertise),
                "{expertise:?}"
            );
        }
        assert!(!is_listing_category("Health"));
    }

    #[test]
    fn a_mentor_who_chose_health_or_creative_is_found_under_it() {
        let m = listing_category_mask(&["Health", "Yoga"]);
        assert_eq!(m, 1 | bit("health"));
        let m = listing_category_mask(&[" creative ", "Illustration"]);
        assert_eq!(m, 1 | bit("creative"));
        // The explorer's tabs are as the explorer has them.
        let m = listing_category_mask(&["Mental Health", "Career Growth"]);
        assert_eq!(m, 1 | bit("mental-health") | bit("health") | bit("career"));
        assert_eq!(listing_category_mask(&["Cooking"]), 1);
        assert_eq!(
            listing_category_masks("Technology\u{1f}Freelancing\u{1e}\u{1e}Academic", 3),
            Ok(vec![
                1 | bit("technology") | bit("freelancing"),
                1,
                1 | bit("academic")
            ])
        );
        assert!(listing_category_masks("a\u{1e}b", 3).is_err());
    }

    #[test]
    fn the_spec_fields_in_a_sentence() {
        let lower: Vec<String> = SPEC_FIELDS.iter().map(|f| f.to_lowercase()).collect();
        let (last, rest) = lower.split_last().expect("fields");
        assert_eq!(
            mentor_fields_text(),
            format!("{} and {last}", rest.join(", "))
        );
        assert_eq!(
            mentor_fields(),
            [
                "Career",
                "Business",
                "Technology",
                "Health",
                "Academic",
                "Freelancing",
                "Creative"
            ]
        );
    }

    #[test]
    fn tables_are_sorted() {
        assert!(fold_tables::MARKS.windows(2).all(|w| w[0].1 < w[1].0));
        assert!(fold_tables::FOLD_ONE.windows(2).all(|w| w[0].0 < w[1].0));
        assert!(fold_tables::FOLD_MANY.windows(2).all(|w| w[0].0 < w[1].0));
    }

    #[test]
    fn folding_removes_accents_and_case() {
        assert_eq!(fold_text("Zoë"), "zoe");
        assert_eq!(fold_text("ÅNGSTRÖM Ça"), "angstrom ca");
        assert_eq!(fold_text("Zoe\u{308}"), "zoe");
        assert_eq!(fold_text("İstanbul"), "istanbul");
        assert_eq!(fold_text("ﬁnance"), "finance");
        assert_eq!(fold_text("ＡＩ"), "ai");
        assert_eq!(fold_text("Ἀθήνα"), "αθηνα");
        assert_eq!(fold_text("Łódź"), "łodz");
    }

    #[test]
    fn every_term_must_match() {
        let h = search_haystack("Asha Rao", &["Data Science", "Python"]);
        let terms = |q: &str| search_terms(q);
        fn refs(t: &[String]) -> Vec<&str> {
            t.iter().map(String::as_str).collect()
        }
        assert!(matches_search(&h, &refs(&terms("data asha"))));
        assert!(!matches_search(&h, &refs(&terms("data java"))));
        assert!(matches_search(&h, &refs(&terms("   "))));
    }

    #[test]
    fn sorts_with_ties() {
        let r = [4.0, 5.0, 4.0, 3.0];
        let e = [10.0, 1.0, 20.0, 30.0];
        let p = [500.0, 0.0, 500.0, 100.0];
        let all = [0, 1, 2, 3];
        assert_eq!(listing_order(&all, &r, &e, &p, "rating"), vec![1, 2, 0, 3]);
        assert_eq!(
            listing_order(&all, &r, &e, &p, "price-asc"),
            vec![1, 3, 2, 0]
        );
        assert_eq!(
            listing_order(&all, &r, &e, &p, "price-desc"),
            vec![2, 0, 3, 1]
        );
        assert_eq!(
            listing_order(&all, &r, &e, &p, "nonsense"),
            listing_order(&all, &r, &e, &p, "best")
        );
    }
}
