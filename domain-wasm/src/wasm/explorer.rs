//! The home page's mentor category explorer.

use wasm_bindgen::prelude::*;

use super::to_js;
use crate::facade::explorer as facade;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
export interface ExplorerCategory {
  id: string;
  name: string;
  /** Expertise strings that put a mentor in this category; empty for All. */
  expertise: string[];
}
export interface CategoryChoice {
  /** Drop the stored seed: the page draws a new one and reshuffles. */
  clearSeed: boolean;
  /** Visited category ids, first visit first, no duplicates. */
  visited: string[];
}
"#;

/// The category tabs in order (All first); a category's position is its bit in a mask.
#[wasm_bindgen(js_name = explorerCategories, unchecked_return_type = "ExplorerCategory[]")]
pub fn explorer_categories() -> Result<JsValue, JsError> {
    to_js(&facade::explorer_categories())
}

/// The categories a mentor belongs to, one bit per tab (bit 0, All, always set).
/// Compute once per fetched list and pass the masks to `arrangeExplorer`.
#[wasm_bindgen(js_name = categoryMask)]
pub fn category_mask(expertise: Vec<String>) -> u32 {
    let expertise: Vec<&str> = expertise.iter().map(String::as_str).collect();
    facade::category_mask(&expertise)
}

/// The masks of a whole list in one call: expertise entries joined by
/// U+001F, mentors by U+001E (`count` mentors). Throws when the count differs.
#[wasm_bindgen(js_name = categoryMasks)]
pub fn category_masks(packed: &str, count: u32) -> Result<Vec<u32>, JsError> {
    Ok(facade::category_masks(packed, count)?)
}

/// The sort score in [0, 1]: 60% rating / 5 plus 40% experience / 20 (capped).
#[wasm_bindgen(js_name = mentorScore)]
pub fn mentor_score(
    rating: f64,
    #[wasm_bindgen(js_name = "experienceYears")] experience_years: f64,
) -> f64 {
    facade::mentor_score(rating, experience_years)
}

/// How many mentors a category shows: 16 for All, 12 otherwise. Throws for an unknown id.
#[wasm_bindgen(js_name = explorerLimit)]
pub fn explorer_limit(
    #[wasm_bindgen(js_name = "categoryId")] category_id: &str,
) -> Result<u32, JsError> {
    Ok(facade::explorer_limit(category_id)?)
}

/// The mentors to show, as indices into the columns (one entry per fetched
/// mentor; pass typed arrays to skip a copy). Throws when the columns differ
/// in length or the category is unknown.
///
/// Returns a plain array (at most 16 numbers) rather than a `Uint32Array`, so
/// that `.map(i => <Card …/>)` builds an array of elements, not numbers.
#[wasm_bindgen(js_name = arrangeExplorer, unchecked_return_type = "number[]")]
pub fn arrange_explorer(
    #[wasm_bindgen(unchecked_param_type = "Float64Array | number[]")] ratings: &[f64],
    #[wasm_bindgen(unchecked_param_type = "Float64Array | number[]")]
    #[wasm_bindgen(js_name = "experienceYears")]
    experience_years: &[f64],
    #[wasm_bindgen(unchecked_param_type = "Float64Array | number[]")] prices: &[f64],
    #[wasm_bindgen(unchecked_param_type = "Uint32Array | number[]")] masks: &[u32],
    #[wasm_bindgen(js_name = "categoryId")] category_id: &str,
    seed: u32,
    rotation: u32,
) -> Result<Vec<JsValue>, JsError> {
    let order = facade::arrange_explorer(
        ratings,
        experience_years,
        prices,
        masks,
        category_id,
        seed,
        rotation,
    )?;
    Ok(order.into_iter().map(JsValue::from).collect())
}

/// The rotation interval in ms: the local-storage override when it is a whole
/// number within 5000..=86400000, else 120000.
#[wasm_bindgen(js_name = rotationIntervalMs)]
pub fn rotation_interval_ms(stored: Option<String>) -> u32 {
    facade::rotation_interval_ms(stored.as_deref())
}

/// floor((now − created) / interval); 0 when the clock is before the seed's creation.
#[wasm_bindgen(js_name = rotationIndex)]
pub fn rotation_index(
    #[wasm_bindgen(js_name = "seedCreatedMs")] seed_created_ms: f64,
    #[wasm_bindgen(js_name = "nowMs")] now_ms: f64,
    #[wasm_bindgen(js_name = "intervalMs")] interval_ms: f64,
) -> u32 {
    facade::rotation_index(seed_created_ms, now_ms, interval_ms)
}

/// Whether the session's seed must be replaced: 4 hours old, or the clock moved back.
#[wasm_bindgen(js_name = seedIsStale)]
pub fn seed_is_stale(
    #[wasm_bindgen(js_name = "createdMs")] created_ms: f64,
    #[wasm_bindgen(js_name = "nowMs")] now_ms: f64,
) -> bool {
    facade::seed_is_stale(created_ms, now_ms)
}

/// Choosing a category tab: whether to clear the seed, and the new visited list.
#[wasm_bindgen(js_name = chooseCategory, unchecked_return_type = "CategoryChoice")]
pub fn choose_category(
    visited: Vec<String>,
    current: &str,
    chosen: &str,
) -> Result<JsValue, JsError> {
    let visited: Vec<&str> = visited.iter().map(String::as_str).collect();
    to_js(&facade::choose_category(&visited, current, chosen))
}
