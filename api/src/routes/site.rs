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

use domain_wasm::accounts;
use domain_wasm::enquiry::{self, Checked};
use poem::Request;
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};

use super::ApiTags;
use crate::accounts::Client;
use crate::auth::limits::Limited;
use crate::error::Detail;
use crate::fields::{FieldErrors, Fields};
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

/// The enquiry forms' own field parsers: the domain's checks
/// (`domain_wasm::enquiry`), their API wording under the field.
impl Fields {
    /// A checked field's value; its error goes under `field`.
    fn checked(&mut self, field: &str, checked: Checked) -> Option<String> {
        if let Some(message) = checked.api_message() {
            self.add(field, message);
        }
        checked.value().map(str::to_owned)
    }

    fn phone(&mut self, raw: &Option<String>) -> Option<String> {
        match raw.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(raw) => accounts::parse_contact_number(raw)
                .map_err(|p| self.add("phone", p.message()))
                .ok(),
        }
    }
}

fn text(raw: &Option<String>) -> &str {
    raw.as_deref().unwrap_or_default()
}

fn honeypot_filled(website: &Option<String>) -> bool {
    website.as_deref().is_some_and(|v| !v.trim().is_empty())
}

/// The fields both forms share, parsed.
fn common(
    fields: &mut Fields,
    name: &Option<String>,
    email: &Option<String>,
    message: &Option<String>,
) -> (Option<String>, Option<String>, Option<String>) {
    (
        fields.name("name", name),
        fields
            .email("email", email)
            .map(accounts::Email::into_string),
        fields.checked("message", enquiry::check_message(text(message))),
    )
}

fn parse_contact(body: &ContactBody) -> Result<Enquiry, Fields> {
    let mut fields = Fields::default();
    let (name, email, message) = common(&mut fields, &body.name, &body.email, &body.message);
    let subject = fields.checked("subject", enquiry::check_subject(text(&body.subject)));
    match (name, email, message, fields.is_empty()) {
        (Some(name), Some(email), Some(message), true) => Ok(Enquiry {
            kind: EnquiryKind::Contact,
            name,
            email,
            phone: None,
            company: None,
            team_size: None,
            programme: None,
            subject,
            message,
        }),
        _ => Err(fields),
    }
}

fn parse_quote(body: &QuoteBody) -> Result<Enquiry, Fields> {
    let mut fields = Fields::default();
    let (name, email, message) = common(&mut fields, &body.name, &body.email, &body.message);
    let company = fields.checked("company", enquiry::check_company(text(&body.company)));
    let phone = fields.phone(&body.phone);
    let team_size = fields.checked(
        "team_size",
        enquiry::check_team_size(text(&body.team_size), false),
    );
    let programme = fields.checked("programme", enquiry::check_programme(text(&body.programme)));
    match (name, email, message, company, programme, fields.is_empty()) {
        (Some(name), Some(email), Some(message), Some(company), Some(programme), true) => {
            Ok(Enquiry {
                kind: EnquiryKind::Quote,
                name,
                email,
                phone,
                company: Some(company),
                team_size,
                programme: Some(programme),
                subject: None,
                message,
            })
        }
        _ => Err(fields),
    }
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
        parsed: impl FnOnce() -> Result<Enquiry, Fields>,
        honeypot: bool,
    ) -> poem::Result<EnquiryResponse> {
        let now = self.state.clock.now();
        let client = self.client(req);
        let outcome = match enquiries::admit(&self.state, kind, &client, now).await {
            Ok(()) => match parsed() {
                Ok(enquiry) => {
                    enquiries::submit(&self.state, enquiry, honeypot, &client, now).await
                }
                Err(fields) => return Ok(EnquiryResponse::Invalid(Json(fields.0))),
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
            || parse_contact(&body),
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
            || parse_quote(&body),
            honeypot_filled(&body.website),
        )
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quote(programme: &str) -> QuoteBody {
        QuoteBody {
            name: Some("Asha".into()),
            email: Some("asha@example.com".into()),
            company: Some("  Acme   Ltd ".into()),
            phone: None,
            team_size: None,
            programme: Some(programme.into()),
            message: Some("  Hello\r\nthere\u{0}, a long enough message!  ".into()),
            website: None,
        }
    }

    #[test]
    fn fields_are_cleaned_by_the_domain_rules() {
        let enquiry = parse_quote(&quote(" CEO-Talks ")).expect("valid");
        assert_eq!(enquiry.programme.as_deref(), Some("ceo-talks"));
        assert_eq!(enquiry.company.as_deref(), Some("Acme Ltd"));
        assert_eq!(enquiry.message, "Hello\nthere, a long enough message!");
    }

    #[test]
    fn programmes_are_a_closed_list() {
        let fields = parse_quote(&quote("yoga")).expect_err("refused");
        assert!(fields.0["programme"][0].contains("\"yoga\" is not a valid choice"));
    }
}
