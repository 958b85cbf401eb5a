//! Receipts (issue 13): a booking's receipts (its learner and
//! administrators; anyone else, its mentor included, gets 404) and one
//! receipt as a printable HTML file (its learner's or an administrator's).

use std::sync::Arc;

use chrono::{DateTime, Utc};
use poem_openapi::param::Path;
use poem_openapi::payload::{Json, PlainText};
use poem_openapi::{ApiResponse, Enum, Object, OpenApi};

use super::ApiTags;
use crate::auth::SignedIn;
use crate::bookings::{self, BookingError};
use crate::error::Detail;
use crate::receipts::{self, ReceiptKind};
use crate::state::AppState;
use crate::store::receipts::ReceiptRow;
use domain_wasm::booking::Party;

/// What a receipt is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "snake_case", remote = "crate::receipts::ReceiptKind")]
pub enum ReceiptKindDto {
    /// Money the learner paid.
    Payment,
    /// Money returned to the learner.
    Refund,
}

/// A payment's or a refund's receipt.
#[derive(Debug, Clone, Object)]
#[oai(rename = "Receipt")]
pub struct ReceiptDto {
    /// `MM-<year>-<sequence>`.
    pub number: String,
    pub kind: ReceiptKindDto,
    /// What was paid or refunded, in paise.
    pub amount_paise: i64,
    pub issued_at: DateTime<Utc>,
    /// Where the printable receipt is downloaded (`GET`, signed in).
    pub download_url: String,
}

impl From<ReceiptRow> for ReceiptDto {
    fn from(r: ReceiptRow) -> Self {
        ReceiptDto {
            kind: ReceiptKind::parse(&r.kind)
                .unwrap_or(ReceiptKind::Payment)
                .into(),
            download_url: receipts::download_path(&r.number),
            number: r.number,
            amount_paise: r.amount_paise.to_i64(),
            issued_at: r.issued_at,
        }
    }
}

#[derive(ApiResponse)]
pub enum ListResponse {
    /// The booking's receipts, in the order they were issued.
    #[oai(status = 200)]
    Ok(Json<Vec<ReceiptDto>>),
    /// No such booking, or not the caller's (a mentor does not see the
    /// learner's receipts).
    #[oai(status = 404)]
    NotFound(Json<Detail>),
}

#[derive(ApiResponse)]
pub enum DownloadResponse {
    /// The printable receipt, as a file `receipt-<number>.html`.
    #[oai(status = 200, content_type = "text/html; charset=utf-8")]
    Ok(
        PlainText<String>,
        #[oai(header = "Content-Disposition")] String,
        #[oai(header = "Cache-Control")] String,
    ),
    /// No such receipt, or not the caller's.
    #[oai(status = 404)]
    NotFound(Json<Detail>),
}

/// The receipts' operations.
pub struct ReceiptsApi {
    pub state: Arc<AppState>,
}

#[OpenApi(tag = "ApiTags::Bookings")]
impl ReceiptsApi {
    /// A booking's receipts
    ///
    /// Every captured payment and every processed refund of the booking,
    /// for its learner or an administrator; anyone else gets 404.
    #[oai(
        path = "/api/bookings/:id/receipts/",
        method = "get",
        operation_id = "listBookingReceipts"
    )]
    async fn list(&self, auth: SignedIn, id: Path<String>) -> poem::Result<ListResponse> {
        match bookings::get(&self.state, &auth.0, &id.0).await {
            Ok((b, Party::Learner | Party::Admin)) => {
                let list = receipts::of_booking(&self.state, &b.id).await?;
                Ok(ListResponse::Ok(Json(
                    list.into_iter().map(ReceiptDto::from).collect(),
                )))
            }
            Ok((_, Party::Mentor)) | Err(BookingError::NotFound) => {
                Ok(ListResponse::NotFound(Json(Detail::not_found())))
            }
            Err(e) => Err(e.into()),
        }
    }

    /// One receipt, printable
    ///
    /// The receipt as a self-contained HTML file (`receipt-<number>.html`),
    /// for its learner or an administrator; anyone else gets 404.
    #[oai(
        path = "/api/receipts/:number/",
        method = "get",
        operation_id = "downloadReceipt"
    )]
    async fn download(
        &self,
        auth: SignedIn,
        number: Path<String>,
    ) -> poem::Result<DownloadResponse> {
        let Some(detail) = receipts::for_caller(&self.state, &auth.0, &number.0).await? else {
            return Ok(DownloadResponse::NotFound(Json(Detail::not_found())));
        };
        let page = receipts::printable(&detail, &self.state.support_email);
        Ok(DownloadResponse::Ok(
            PlainText(page),
            format!(
                "attachment; filename=\"{}\"",
                receipts::file_name(&detail.receipt.number)
            ),
            "private, no-store".to_owned(),
        ))
    }
}
