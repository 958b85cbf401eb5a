//! The webhook endpoint bodies (issue 25): registering an endpoint and
//! changing one. Whether a URL may be sent to depends on the site (a public
//! site sends only to public https addresses): the api checks that and
//! adds its word under `url`.

use super::{Body, Field, FieldErrors, Reader, Rule};
use crate::enquiry::clean_message;
use crate::webhooks::{EVENTS, event};

/// The longest endpoint URL.
pub const MAX_URL: usize = 2000;
/// The longest description.
pub const MAX_DESCRIPTION: usize = 200;
/// The shortest secret an administrator may choose (one is generated when
/// none is given).
pub const MIN_SECRET: usize = 16;
/// The longest secret.
pub const MAX_SECRET: usize = 200;

pub const NO_EVENTS: &str = "Choose at least one event.";
pub const UNKNOWN_EVENT: &str = "There is no such event.";
pub const SHORT_SECRET: &str =
    "Use a secret of at least 16 characters, or leave it out for one to be made.";

const URL: Field = Field::required("url", Rule::max_length(MAX_URL));
const EVENTS_FIELD: Field = Field::required("events", Rule::items(Some(1), EVENTS.len()));
const DESCRIPTION: Field = Field::optional("description", Rule::max_length(MAX_DESCRIPTION));
const SECRET: Field = Field::optional("secret", Rule::max_length(MAX_SECRET));
const ACTIVE: Field = Field::optional("active", Rule::NONE);

pub const WEBHOOK_ENDPOINT: Body = Body {
    schema: "WebhookEndpointBody",
    fields: &[URL, EVENTS_FIELD, DESCRIPTION, SECRET, ACTIVE],
};

pub const WEBHOOK_CHANGE: Body = Body {
    schema: "WebhookChangeBody",
    fields: &[
        Field::optional("url", Rule::max_length(MAX_URL)),
        Field::optional("events", Rule::items(Some(1), EVENTS.len())),
        DESCRIPTION,
        ACTIVE,
        Field::optional("rotate_secret", Rule::NONE),
    ],
};

/// An endpoint as sent, cleaned (the URL as given, trimmed: the api judges it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EndpointDraft {
    pub url: String,
    pub events: Vec<&'static str>,
    pub description: String,
    pub secret: Option<String>,
}

/// A change as sent: each `None` stays as it is.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct EndpointChangeDraft {
    pub url: Option<String>,
    pub events: Option<Vec<&'static str>>,
    pub description: Option<String>,
}

fn events_of(r: &mut Reader, field: &Field, sent: &[String]) -> Option<Vec<&'static str>> {
    if sent.is_empty() {
        r.add(field, NO_EVENTS);
        return None;
    }
    let mut events: Vec<&'static str> = Vec::new();
    let mut ok = true;
    for name in sent {
        match event(name.trim()) {
            Some(e) if !events.contains(&e) => events.push(e),
            Some(_) => {}
            None => {
                r.add(field, format!("{UNKNOWN_EVENT} ({})", name.trim()));
                ok = false;
            }
        }
    }
    // In the order of [`EVENTS`], whatever order they came in.
    events.sort_by_key(|e| EVENTS.iter().position(|k| k == e));
    ok.then_some(events)
}

fn url_of(r: &mut Reader, field: &Field, sent: &str) -> Option<String> {
    let url = sent.trim().to_owned();
    if url.is_empty() {
        r.add(field, crate::accounts::REQUIRED);
        return None;
    }
    r.within(field, url)
}

/// A new endpoint (`WebhookEndpointBody`).
pub fn parse_endpoint(
    url: Option<&str>,
    events: Option<&[String]>,
    description: Option<&str>,
    secret: Option<&str>,
) -> Result<EndpointDraft, FieldErrors> {
    let mut r = Reader::default();
    let url = r.given(&URL, url).and_then(|u| url_of(&mut r, &URL, u));
    let events = r
        .present(&EVENTS_FIELD, events)
        .and_then(|e| events_of(&mut r, &EVENTS_FIELD, e));
    let description = r.within(&DESCRIPTION, clean_message(description.unwrap_or_default()));
    let secret = match secret.map(str::trim) {
        None | Some("") => Some(None),
        Some(s) if s.chars().count() < MIN_SECRET => {
            r.add(&SECRET, SHORT_SECRET);
            None
        }
        Some(s) => r.within(&SECRET, s.to_owned()).map(Some),
    };
    let draft = match (url, events, description, secret) {
        (Some(url), Some(events), Some(description), Some(secret)) => Some(EndpointDraft {
            url,
            events,
            description,
            secret,
        }),
        _ => None,
    };
    r.finish(draft)
}

/// A change to an endpoint (`WebhookChangeBody`).
pub fn parse_endpoint_change(
    url: Option<&str>,
    events: Option<&[String]>,
    description: Option<&str>,
) -> Result<EndpointChangeDraft, FieldErrors> {
    let mut r = Reader::default();
    let url_field = WEBHOOK_CHANGE.fields[0];
    let events_field = WEBHOOK_CHANGE.fields[1];
    let url = match url {
        None => Some(None),
        Some(u) => url_of(&mut r, &url_field, u).map(Some),
    };
    let events = match events {
        None => Some(None),
        Some(e) => events_of(&mut r, &events_field, e).map(Some),
    };
    let description = match description {
        None => Some(None),
        Some(d) => r.within(&DESCRIPTION, clean_message(d)).map(Some),
    };
    let draft = match (url, events, description) {
        (Some(url), Some(events), Some(description)) => Some(EndpointChangeDraft {
            url,
            events,
            description,
        }),
        _ => None,
    };
    r.finish(draft)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn an_endpoint_names_known_events_once_in_their_order() {
        let events = names(&["refund.processed", "booking.requested", "booking.requested"]);
        let draft = parse_endpoint(
            Some(" https://hooks.example.com/in "),
            Some(&events),
            None,
            None,
        )
        .expect("valid");
        assert_eq!(draft.url, "https://hooks.example.com/in");
        assert_eq!(draft.events, ["booking.requested", "refund.processed"]);
        assert_eq!(draft.secret, None);
        assert_eq!(draft.description, "");
    }

    #[test]
    fn bad_endpoints_say_what_is_wrong_under_each_field() {
        let errors = parse_endpoint(None, Some(&[]), Some(&"x".repeat(201)), Some("short"))
            .expect_err("four problems");
        assert_eq!(errors["url"], [crate::accounts::REQUIRED]);
        assert_eq!(errors["events"], [NO_EVENTS]);
        assert!(errors["description"][0].contains("200"), "{errors:?}");
        assert_eq!(errors["secret"], [SHORT_SECRET]);
        let errors = parse_endpoint(
            Some("https://a.example"),
            Some(&names(&["booking.deleted"])),
            None,
            None,
        )
        .expect_err("unknown event");
        assert_eq!(
            errors["events"],
            [format!("{UNKNOWN_EVENT} (booking.deleted)")]
        );
        let errors = parse_endpoint(
            Some("https://a.example"),
            None,
            None,
            Some(&"s".repeat(201)),
        )
        .expect_err("missing events, long secret");
        assert_eq!(errors["events"], [crate::accounts::REQUIRED]);
        assert!(errors.contains_key("secret"));
    }

    #[test]
    fn a_change_checks_only_what_it_sends() {
        assert_eq!(
            parse_endpoint_change(None, None, None),
            Ok(EndpointChangeDraft::default())
        );
        let change =
            parse_endpoint_change(None, Some(&names(&["mentor.approved"])), Some(" Zapier "))
                .expect("valid");
        assert_eq!(change.events, Some(vec!["mentor.approved"]));
        assert_eq!(change.description.as_deref(), Some("Zapier"));
        let errors = parse_endpoint_change(Some("  "), Some(&[]), None).expect_err("two problems");
        assert_eq!(errors["url"], [crate::accounts::REQUIRED]);
        assert_eq!(errors["events"], [NO_EVENTS]);
    }
}
