//! In-app notifications (issue 24): which events tell a person in the app,
//! and which of their e-mails a person may turn off.
//!
//! Every e-mail an event sends has a kind (`booking_confirmed`, …); the
//! same kind names the notification that goes with it. An e-mail that
//! carries money, a meeting link or a deadline is always sent; the others
//! each person may turn off, kind by kind, and still sees them in the app.
//! Messages about the account itself (activation, password reset, sign-in
//! changes) are e-mails only: they are not events of the marketplace.

use serde::Serialize;

/// Who a kind of notification can reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Audience {
    /// Anyone who books sessions (every account).
    Everyone,
    /// Mentors, about the sessions booked with them.
    Mentors,
    /// Administrators, about the queues they answer.
    Admins,
}

/// One kind of notification and its e-mail rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Kind {
    /// The kind's name, as the API carries it.
    pub kind: &'static str,
    /// What it is about, in the preferences' words.
    pub label: &'static str,
    /// Its e-mail is always sent: it carries money, a meeting link or a deadline.
    pub email_always: bool,
    pub audience: Audience,
}

const fn always(kind: &'static str, label: &'static str) -> Kind {
    Kind {
        kind,
        label,
        email_always: true,
        audience: Audience::Everyone,
    }
}

const fn optional(kind: &'static str, label: &'static str) -> Kind {
    Kind {
        kind,
        label,
        email_always: false,
        audience: Audience::Everyone,
    }
}

const fn for_mentors(k: Kind) -> Kind {
    Kind {
        audience: Audience::Mentors,
        ..k
    }
}

const fn for_admins(k: Kind) -> Kind {
    Kind {
        audience: Audience::Admins,
        ..k
    }
}

/// Every kind, in the order the preferences list them.
pub const KINDS: &[Kind] = &[
    // Booking: a request, its answer, the session itself.
    always("booking_request", "A learner asks for a session"),
    optional("booking_request_sent", "Your session request was sent"),
    always("booking_payment_due", "A session awaits your payment"),
    always("booking_confirmed", "A session is confirmed"),
    optional("booking_declined", "A mentor declines your request"),
    always("booking_rescheduled", "A session moves to another time"),
    always("booking_cancelled", "A session is cancelled"),
    optional("booking_expired", "Your request or payment ran out of time"),
    for_mentors(optional(
        "booking_expired_mentor",
        "A request to you ran out of time",
    )),
    always("booking_reminder", "A session is about to start"),
    optional("booking_feedback", "We ask how your session went"),
    for_mentors(optional(
        "review_received",
        "A learner leaves feedback on your session",
    )),
    // No-shows.
    always("booking_no_show", "Someone reports a session missed"),
    always("no_show_report_received", "Your no-show report is received"),
    always("no_show_contested", "A no-show report is contested"),
    always("no_show_decided", "A no-show report is decided"),
    always("no_show_review", "A contested no-show awaits a decision"),
    // Money.
    always("receipt_payment", "A payment is received"),
    always("receipt_refund", "A refund is issued"),
    always("refund_requested", "Your refund request is received"),
    always("refund_approved", "A refund is approved"),
    always("refund_rejected", "A refund request is declined"),
    always("refund_processed", "A refund is paid"),
    always("refund_failed", "A refund could not be paid"),
    always("refund_mentor", "A refund changes your earnings"),
    always("refund_review", "A refund request awaits review"),
    for_admins(always(
        "payment_dispute",
        "A payment is disputed with the gateway",
    )),
    always("payout_paid", "A payout is sent"),
    always("payout_failed", "A payout could not be sent"),
    always("payout_details_set", "Your payout details are set"),
    always("payout_details_updated", "Your payout details change"),
    always(
        "payout_details_change_requested",
        "A change of your payout details is asked for",
    ),
    always(
        "payout_details_change_cancelled",
        "A change of your payout details is cancelled",
    ),
    // Becoming a mentor.
    optional(
        "application_received",
        "Your mentor application is received",
    ),
    optional(
        "application_approved",
        "Your mentor application is approved",
    ),
    optional(
        "application_rejected",
        "Your mentor application is declined",
    ),
    for_admins(optional(
        "application_admin",
        "A new mentor application arrives",
    )),
];

/// The rule of a kind; `None` for a message that is not a notification
/// (an account's own e-mails).
pub fn kind(name: &str) -> Option<&'static Kind> {
    KINDS.iter().find(|k| k.kind == name)
}

/// Whether a person may turn off the e-mail of this kind.
pub fn email_optional(name: &str) -> bool {
    kind(name).is_some_and(|k| !k.email_always)
}

/// The kinds whose e-mail a person may turn off, in the preferences' order.
pub fn optional_kinds() -> impl Iterator<Item = &'static Kind> {
    KINDS.iter().filter(|k| !k.email_always)
}

/// Whether a kind can reach an account that is a mentor and/or an
/// administrator (the preferences list only those).
pub fn reaches(kind: &Kind, mentor: bool, admin: bool) -> bool {
    match kind.audience {
        Audience::Everyone => true,
        Audience::Mentors => mentor,
        Audience::Admins => admin,
    }
}

/// Under a kind that is not one.
pub const UNKNOWN_KIND: &str = "There is no such kind of notification.";
/// Under a kind whose e-mail is always sent.
pub const ALWAYS_SENT: &str =
    "This e-mail is always sent: it carries money, a meeting link or a deadline.";

/// A person's e-mail choices as sent (kind → whether to e-mail), parsed:
/// each a kind whose e-mail may be turned off, or field errors under the
/// kinds that are not.
pub fn parse_preferences(
    choices: &std::collections::BTreeMap<String, bool>,
) -> Result<Vec<(&'static str, bool)>, crate::forms::FieldErrors> {
    let mut errors = crate::forms::FieldErrors::new();
    let mut parsed = Vec::new();
    for (name, email) in choices {
        match kind(name) {
            Some(k) if !k.email_always => parsed.push((k.kind, *email)),
            Some(_) => errors
                .entry(name.clone())
                .or_default()
                .push(ALWAYS_SENT.to_owned()),
            None => errors
                .entry(name.clone())
                .or_default()
                .push(UNKNOWN_KIND.to_owned()),
        }
    }
    if errors.is_empty() {
        Ok(parsed)
    } else {
        Err(errors)
    }
}

/// The most notifications one page of the list holds.
pub const MAX_PAGE: i64 = 100;
/// A page's size when none is asked for.
pub const DEFAULT_PAGE: i64 = 20;

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    #[test]
    fn each_kind_is_named_once() {
        let names: HashSet<_> = KINDS.iter().map(|k| k.kind).collect();
        assert_eq!(names.len(), KINDS.len());
    }

    #[test]
    fn money_links_and_deadlines_always_mail() {
        for name in [
            "booking_request",
            "booking_payment_due",
            "booking_confirmed",
            "booking_rescheduled",
            "booking_reminder",
            "refund_processed",
            "payout_paid",
        ] {
            assert!(!email_optional(name), "{name}");
        }
        assert!(email_optional("booking_declined"));
        assert!(email_optional("application_admin"));
        // Not a notification at all: never optional.
        assert!(kind("password_reset").is_none());
        assert!(!email_optional("password_reset"));
    }

    #[test]
    fn choices_name_only_kinds_that_can_be_turned_off() {
        let mut sent = std::collections::BTreeMap::new();
        sent.insert("booking_declined".to_owned(), false);
        assert_eq!(
            parse_preferences(&sent),
            Ok(vec![("booking_declined", false)])
        );
        sent.insert("booking_confirmed".to_owned(), false);
        sent.insert("no_such_kind".to_owned(), true);
        let errors = parse_preferences(&sent).expect_err("two bad kinds");
        assert_eq!(errors["booking_confirmed"], vec![ALWAYS_SENT.to_owned()]);
        assert_eq!(errors["no_such_kind"], vec![UNKNOWN_KIND.to_owned()]);
        assert_eq!(errors.len(), 2);
    }

    #[test]
    fn a_learner_is_not_offered_what_only_mentors_or_admins_receive() {
        let learner: Vec<_> = optional_kinds()
            .filter(|k| reaches(k, false, false))
            .map(|k| k.kind)
            .collect();
        assert!(learner.contains(&"booking_declined"));
        assert!(!learner.contains(&"application_admin"));
        assert!(!learner.contains(&"review_received"));
        let mentor: Vec<_> = optional_kinds()
            .filter(|k| reaches(k, true, false))
            .map(|k| k.kind)
            .collect();
        assert!(mentor.contains(&"review_received") && !mentor.contains(&"application_admin"));
        let admin: Vec<_> = optional_kinds()
            .filter(|k| reaches(k, false, true))
            .map(|k| k.kind)
            .collect();
        assert!(admin.contains(&"application_admin"));
    }

    #[test]
    fn the_preferences_list_only_what_can_be_turned_off() {
        let listed: Vec<_> = optional_kinds().collect();
        assert!(!listed.is_empty());
        assert!(listed.iter().all(|k| !k.email_always));
        assert_eq!(
            listed.len(),
            KINDS.iter().filter(|k| email_optional(k.kind)).count()
        );
    }
}
