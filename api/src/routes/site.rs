//! The public site's API: the home page's figures (`GET /api/stats/`) and
//! the forms that reach someone: contact (`POST /api/contact/`) and custom
//! quote (`POST /api/b2b/quote/`). Field errors are `{"field": ["message"]}`
//! as everywhere else.
//!
//! Both forms carry a honeypot field, `website`, that people never see or
//! fill: when it is filled the answer is the usual 201, but nothing is
//! stored or sent. Accepted submissions are limited per client, all
//! attempts more loosely, and acknowledgments per recipient address (anyone
//! can type anyone's address into a form).

use std::sync::Arc;

use domain_wasm::forms;
use poem::Request;
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};

use super::ApiTags;
use crate::accounts::Client;
use crate::auth::limits::Limited;
use crate::error::Detail;
use crate::fields::FieldErrors;
use crate::site::dto::{Received, SiteStats};
use crate::site::enquiries::{self, Enquiry, EnquiryError};
use crate::site::stats::{stats_of, with_sessions};
use crate::state::AppState;
use crate::store::enquiries::EnquiryKind;

#[derive(Debug, Object)]
pub struct ContactBody {
    pub name: Option<String>,
    pub email: Option<String>,
    /// Optional; at most 150 characters.
    pub subject: Option<String>,
    /// 10 to 5000 characters.
    pub message: Option<String>,
    /// Leave empty: a field hidden from people, which only spam robots fill.
    pub website: Option<String>,
}

#[derive(Debug, Object)]
pub struct QuoteBody {
    pub name: Option<String>,
    pub email: Option<String>,
    /// The organisation asking; required, at most 150 characters.
    pub company: Option<String>,
    /// Optional; with its country code, or a ten-digit Indian mobile number.
    pub phone: Option<String>,
    /// Optional, free text of at most 50 characters (e.g. `11-50`).
    pub team_size: Option<String>,
    /// `corporate-mentoring`, `ceo-talks`, `strategy-consulting`,
    /// `industry-mentoring`, `startup-entrepreneurship` or `other`.
    pub programme: Option<String>,
    /// 10 to 5000 characters.
    pub message: Option<String>,
    /// Leave empty: a field hidden from people, which only spam robots fill.
    pub website: Option<String>,
}

#[derive(ApiResponse)]
pub enum StatsResponse {
    #[oai(status = 200)]
    Ok(Json<SiteStats>, #[oai(header = "Cache-Control")] String),
}

#[derive(ApiResponse)]
pub enum EnquiryResponse {
    /// Stored; the operator and the sender are e-mailed.
    #[oai(status = 201)]
    Created(Json<Received>),
    /// Field errors: `{"field": ["message"]}`.
    #[oai(status = 400)]
    Invalid(Json<FieldErrors>),
    /// Too many enquiries; `Retry-After` says when to try again.
    #[oai(status = 429)]
    TooMany(Json<Detail>, #[oai(header = "Retry-After")] String),
}

impl From<Limited> for EnquiryResponse {
    fn from(l: Limited) -> Self {
        EnquiryResponse::TooMany(
            Json(Detail::new(l.message())),
            l.retry_after_secs.to_string(),
        )
    }
}

fn honeypot_filled(website: &Option<String>) -> bool {
    website.as_deref().is_some_and(|v| !v.trim().is_empty())
}

pub struct SiteApi {
    pub state: Arc<AppState>,
}

impl SiteApi {
    fn client<'r>(&self, req: &'r Request) -> Client<'r> {
        crate::auth::client_of(req, self.state.trusted_proxies)
    }

    /// Admits, parses and submits an enquiry of either form.
    async fn enquiry(
        &self,
        req: &Request,
        kind: EnquiryKind,
        parsed: impl FnOnce() -> Result<Enquiry, FieldErrors>,
        honeypot: bool,
    ) -> poem::Result<EnquiryResponse> {
        let now = self.state.clock.now();
        let client = self.client(req);
        let outcome = match enquiries::admit(&self.state, kind, &client, now).await {
            Ok(()) => match parsed() {
                Ok(enquiry) => {
                    enquiries::submit(&self.state, enquiry, honeypot, &client, now).await
                }
                Err(errors) => return Ok(EnquiryResponse::Invalid(Json(errors))),
            },
            Err(e) => Err(e),
        };
        match outcome {
            Ok(received) => Ok(EnquiryResponse::Created(Json(received))),
            Err(EnquiryError::Limited(l)) => Ok(l.into()),
            Err(EnquiryError::Store(e)) => Err(e.into()),
        }
    }
}

#[OpenApi(tag = "ApiTags::Site")]
impl SiteApi {
    /// Marketplace figures for the home page
    ///
    /// Only what the database can say: listed mentors, how many are rated
    /// and their mean rating, sessions completed, and the share of session
    /// feedback rating 4 or 5 (`null` until there are 20 reviews);
    /// `countries` is `null` while profiles carry no country. Show only the
    /// figures that are not `null`.
    #[oai(path = "/api/stats/", method = "get", operation_id = "siteStats")]
    async fn stats(&self) -> poem::Result<StatsResponse> {
        // The mentors' figures from the cached catalogue; the sessions' from one query.
        let cached = self.state.mentor_list.get(&self.state.store).await?;
        let ratings: Vec<f64> = cached.mentors.iter().map(|m| m.rating).collect();
        let figures = self
            .state
            .store
            .session_figures(self.state.clock.now(), self.state.counts_sandbox_money())
            .await?;
        Ok(StatsResponse::Ok(
            Json(with_sessions(stats_of(&ratings), figures)),
            "public, max-age=60".to_owned(),
        ))
    }

    /// Send a message to the team
    ///
    /// Stores the message, e-mails it to the operator and acknowledges it
    /// to the sender (we reply within 24 hours). Five accepted messages per
    /// client per hour.
    #[oai(path = "/api/contact/", method = "post", operation_id = "contact")]
    async fn contact(
        &self,
        req: &Request,
        body: Json<ContactBody>,
    ) -> poem::Result<EnquiryResponse> {
        self.enquiry(
            req,
            EnquiryKind::Contact,
            || {
                forms::site::parse_contact(
                    body.name.as_deref(),
                    body.email.as_deref(),
                    body.subject.as_deref(),
                    body.message.as_deref(),
                )
                .map(Enquiry::from)
            },
            honeypot_filled(&body.website),
        )
        .await
    }

    /// Ask for a custom quote
    ///
    /// For the business programmes (`/b2b/...`). Stores the request, e-mails
    /// it to the operator and acknowledges it to the sender (we reply within
    /// 24 hours). Five accepted requests per client per hour.
    #[oai(
        path = "/api/b2b/quote/",
        method = "post",
        operation_id = "requestQuote"
    )]
    async fn quote(&self, req: &Request, body: Json<QuoteBody>) -> poem::Result<EnquiryResponse> {
        self.enquiry(
            req,
            EnquiryKind::Quote,
            || {
                forms::site::parse_quote(
                    body.name.as_deref(),
                    body.email.as_deref(),
                    body.company.as_deref(),
                    body.phone.as_deref(),
                    body.team_size.as_deref(),
                    body.programme.as_deref(),
                    body.message.as_deref(),
                )
                .map(Enquiry::from)
            },
            honeypot_filled(&body.website),
        )
        .await
    }
}
