//! The home page's mentor category explorer: categories and masks, the sort
//! score, arrangements for a seed and rotation, and the rotation and seed
//! policy. See [`crate::explorer`] for the rules.

use serde::Serialize;
use serde_json::Value;

use super::{Args, BadInput, bad, to_json};

use crate::explorer::{self, Columns};

/// A category tab as the page lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ExplorerCategory {
    pub id: &'static str,
    pub name: &'static str,
    /// The expertise strings that put a mentor in this category; empty for All.
    pub expertise: &'static [&'static str],
}

/// Every category in tab order; a category's position is its bit in a mask.
pub fn explorer_categories() -> Vec<ExplorerCategory> {
    explorer::CATEGORIES
        .iter()
        .map(|c| ExplorerCategory {
            id: c.id,
            name: c.name,
            expertise: c.expertise,
        })
        .collect()
}

/// The categories a mentor with this expertise belongs to, as a bit mask.
pub fn category_mask(expertise: &[&str]) -> u32 {
    explorer::category_mask(expertise)
}

/// The sort score in `[0, 1]`.
pub fn mentor_score(rating: f64, experience_years: f64) -> f64 {
    explorer::score(rating, experience_years)
}

fn explorer_error(e: explorer::ExplorerError) -> BadInput {
    bad(e.to_string())
}

/// 16 for All, 12 for any other category.
pub fn explorer_limit(category_id: &str) -> Result<u32, BadInput> {
    // Limits are 16 or 12, so the conversion never fails.
    explorer::limit(category_id)
        .map(|n| u32::try_from(n).unwrap_or(u32::MAX))
        .map_err(explorer_error)
}

/// The indices of the mentors to show, in order.
pub fn arrange_explorer(
    ratings: &[f64],
    experience_years: &[f64],
    prices: &[f64],
    masks: &[u32],
    category_id: &str,
    seed: u32,
    rotation: u32,
) -> Result<Vec<u32>, BadInput> {
    let columns = Columns {
        ratings,
        experience_years,
        prices,
        masks,
    };
    explorer::arrange(columns, category_id, seed, rotation).map_err(explorer_error)
}

/// The rotation interval: a valid override from local storage, else 120000.
pub fn rotation_interval_ms(stored: Option<&str>) -> u32 {
    explorer::rotation_interval_ms(stored)
}

/// How many rotations have passed since the seed was created.
pub fn rotation_index(seed_created_ms: f64, now_ms: f64, interval_ms: f64) -> u32 {
    explorer::rotation_index(seed_created_ms, now_ms, interval_ms)
}

/// Whether the session's seed must be replaced (4 hours old, or the clock moved back).
pub fn seed_is_stale(created_ms: f64, now_ms: f64) -> bool {
    explorer::seed_is_stale(created_ms, now_ms)
}

/// What choosing a category tab does.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CategoryChoice {
    pub clear_seed: bool,
    pub visited: Vec<String>,
}

pub fn choose_category(visited: &[&str], current: &str, chosen: &str) -> CategoryChoice {
    let choice = explorer::choose_category(visited, current, chosen);
    CategoryChoice {
        clear_seed: choice.clear_seed,
        visited: choice.visited,
    }
}

/// Separates mentors in [`category_masks`]'s packed input (ASCII record separator).
pub const MENTOR_SEPARATOR: char = '\u{1e}';
/// Separates one mentor's expertise entries (ASCII unit separator).
pub const EXPERTISE_SEPARATOR: char = '\u{1f}';

/// The category masks of a whole list in one call: `count` mentors' expertise
/// lists packed as one string (entries joined by U+001F, mentors by U+001E),
/// so 10 000 mentors cross into wasm as one string instead of 10 000 arrays.
pub fn category_masks(packed: &str, count: u32) -> Result<Vec<u32>, BadInput> {
    if count == 0 {
        return if packed.is_empty() {
            Ok(Vec::new())
        } else {
            Err(bad("packed expertise was given for 0 mentors"))
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
            explorer::category_mask_with(&mut buffer, expertise)
        })
        .collect();
    if masks.len() != count as usize {
        return Err(bad(format!(
            "packed expertise holds {} mentors, expected {count}",
            masks.len()
        )));
    }
    Ok(masks)
}

pub(crate) fn dispatch(function: &str, a: &Args) -> Option<Result<Value, BadInput>> {
    let call: fn(&Args) -> Result<Value, BadInput> = match function {
        "explorerCategories" => |_| to_json(explorer_categories()),
        "categoryMask" => |a| to_json(category_mask(&a.str_array(0)?)),
        "categoryMasks" => |a| to_json(category_masks(a.str(0)?, a.u32(1)?)?),
        "mentorScore" => |a| to_json(mentor_score(a.f64(0)?, a.f64(1)?)),
        "explorerLimit" => |a| to_json(explorer_limit(a.str(0)?)?),
        "arrangeExplorer" => |a| {
            to_json(arrange_explorer(
                &a.f64_array(0)?,
                &a.f64_array(1)?,
                &a.f64_array(2)?,
                &a.u32_array(3)?,
                a.str(4)?,
                a.u32(5)?,
                a.u32(6)?,
            )?)
        },
        "rotationIntervalMs" => |a| to_json(rotation_interval_ms(a.opt_str(0)?)),
        "rotationIndex" => |a| to_json(rotation_index(a.f64(0)?, a.f64(1)?, a.f64(2)?)),
        "seedIsStale" => |a| to_json(seed_is_stale(a.f64(0)?, a.f64(1)?)),
        "chooseCategory" => |a| to_json(choose_category(&a.str_array(0)?, a.str(1)?, a.str(2)?)),
        _ => return None,
    };
    Some(call(a))
}
