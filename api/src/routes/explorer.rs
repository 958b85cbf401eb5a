//! `GET /api/explorer/`: the home page explorer's arrangement for a
//! category, seed and rotation — the same list the browser computes with
//! the same rules compiled to WebAssembly.

use std::sync::Arc;

use domain_wasm::explorer;
use poem_openapi::param::Query;
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};

use super::ApiTags;
use crate::catalogue::Mentor;
use crate::error::Detail;
use crate::state::AppState;

/// An arrangement of the explorer.
#[derive(Debug, Clone, Object)]
pub struct Arrangement {
    pub category: String,
    pub seed: u32,
    pub rotation: u32,
    /// Mentor ids in display order.
    pub mentor_ids: Vec<i64>,
    /// The same mentors, in display order.
    pub mentors: Vec<Mentor>,
}

#[derive(ApiResponse)]
pub enum ArrangementResponse {
    #[oai(status = 200)]
    Ok(Json<Arrangement>),
    /// An unknown category: `{"detail": "unknown category ..."}`.
    #[oai(status = 400)]
    BadRequest(Json<Detail>),
}

pub struct ExplorerApi {
    pub state: Arc<AppState>,
}

#[OpenApi(tag = "ApiTags::Mentors")]
impl ExplorerApi {
    /// Arrange the home explorer
    ///
    /// Up to 16 mentors for `all`, 12 for a category: the top-rated first,
    /// the rest shuffled by `seed` and `rotation` (and, for `all`, up to two
    /// mentors with over 15 years of experience mixed in). The same inputs
    /// give the same order as the web app.
    #[oai(
        path = "/api/explorer/",
        method = "get",
        operation_id = "arrangeExplorer"
    )]
    async fn arrange(
        &self,
        /// `all` (default), `technology`, `business`, `leadership`, `management`,
        /// `marketing`, `mental-health` or `psychology`.
        category: Query<Option<String>>,
        /// The browser session's shuffle seed (0 to 4294967295).
        seed: Query<u32>,
        /// Rotation intervals passed since the seed was drawn (default 0).
        rotation: Query<Option<u32>>,
    ) -> poem::Result<ArrangementResponse> {
        let category = category
            .0
            .unwrap_or_else(|| explorer::ALL_CATEGORY_ID.to_owned());
        let rotation = rotation.0.unwrap_or(0);
        let cached = self.state.mentor_list.get(&self.state.store).await?;
        let order = match explorer::arrange(cached.columns.view(), &category, seed.0, rotation) {
            Ok(order) => order,
            Err(e) => {
                return Ok(ArrangementResponse::BadRequest(Json(Detail::new(
                    e.to_string(),
                ))));
            }
        };
        let mentors: Vec<Mentor> = order
            .iter()
            .filter_map(|&i| cached.mentors.get(i as usize).cloned())
            .collect();
        Ok(ArrangementResponse::Ok(Json(Arrangement {
            category,
            seed: seed.0,
            rotation,
            mentor_ids: mentors.iter().map(|m| m.id).collect(),
            mentors,
        })))
    }
}
