//! Signed webhooks (issue 25): the events integrators can receive, and
//! which of them a booking's change raises. The api writes one delivery
//! per endpoint in the transaction of the change; see `api/src/webhooks.rs`
//! for the payloads and the signature.

use crate::booking::Status;

crate::status::stored_status! {
    /// Where one delivery of an event to one endpoint stands.
    pub enum DeliveryStatus ("webhook delivery status") {
        /// Not sent yet, or to be tried again.
        Pending = "pending",
        /// The receiver answered 2xx.
        Delivered = "delivered",
        /// Every attempt failed; no more are made.
        Failed = "failed",
    }
}

/// Every event an endpoint can receive, in the order the console lists them.
pub const EVENTS: [&str; 8] = [
    "booking.requested",
    "booking.confirmed",
    "booking.rescheduled",
    "booking.cancelled",
    "booking.completed",
    "payment.captured",
    "refund.processed",
    "mentor.approved",
];

/// What an event tells, for the console's list.
pub fn label(event: &str) -> &'static str {
    match event {
        "booking.requested" => "A booking is requested (or made instantly)",
        "booking.confirmed" => "A booking is confirmed",
        "booking.rescheduled" => "A session moves to another time",
        "booking.cancelled" => "A booking is cancelled or declined",
        "booking.completed" => "A session is held",
        "payment.captured" => "A payment is received",
        "refund.processed" => "A refund is paid back",
        "mentor.approved" => "A mentor application is approved",
        _ => "",
    }
}

/// The event named `name`, as the `'static` name of [`EVENTS`].
pub fn event(name: &str) -> Option<&'static str> {
    EVENTS.iter().copied().find(|e| *e == name)
}

/// The events a booking's write raises: `before` is its status as read
/// (`None`: the booking is new), `after` as written, `moved` whether its
/// time changed. A new request is `booking.requested`; an instant booking
/// is requested and confirmed at once; a held or requested booking that
/// becomes confirmed is `booking.confirmed`; a confirmed one given a new
/// time is `booking.rescheduled`; any that becomes cancelled is
/// `booking.cancelled` (a mentor's decline too: it is their cancellation
/// of the request, and the payload says who cancelled); a confirmed one
/// whose end has passed is `booking.completed`. Expiries and no-show
/// reports raise none.
pub fn booking_events(before: Option<Status>, after: Status, moved: bool) -> Vec<&'static str> {
    let mut events = Vec::new();
    if before.is_none() {
        events.push("booking.requested");
    }
    match (before, after) {
        (Some(Status::Confirmed), Status::Confirmed) if moved => {
            events.push("booking.rescheduled");
        }
        (Some(Status::Confirmed), Status::Confirmed) => {}
        (_, Status::Confirmed) => events.push("booking.confirmed"),
        (Some(Status::Cancelled), Status::Cancelled) => {}
        (_, Status::Cancelled) => events.push("booking.cancelled"),
        (Some(Status::Completed), Status::Completed) => {}
        (_, Status::Completed) => events.push("booking.completed"),
        _ => {}
    }
    events
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_change_raises_its_events() {
        assert_eq!(
            booking_events(None, Status::Pending, false),
            ["booking.requested"]
        );
        assert_eq!(
            booking_events(None, Status::Confirmed, false),
            ["booking.requested", "booking.confirmed"]
        );
        assert_eq!(
            booking_events(Some(Status::Pending), Status::PaymentRequired, false),
            Vec::<&str>::new()
        );
        assert_eq!(
            booking_events(Some(Status::PaymentRequired), Status::Confirmed, false),
            ["booking.confirmed"]
        );
        assert_eq!(
            booking_events(Some(Status::Confirmed), Status::Confirmed, true),
            ["booking.rescheduled"]
        );
        assert!(booking_events(Some(Status::Confirmed), Status::Confirmed, false).is_empty());
        assert_eq!(
            booking_events(Some(Status::Confirmed), Status::Cancelled, false),
            ["booking.cancelled"]
        );
        assert_eq!(
            booking_events(Some(Status::Pending), Status::Cancelled, false),
            ["booking.cancelled"]
        );
        assert_eq!(
            booking_events(Some(Status::Confirmed), Status::Completed, false),
            ["booking.completed"]
        );
        assert!(booking_events(Some(Status::Confirmed), Status::NoShow, false).is_empty());
        assert!(booking_events(Some(Status::Pending), Status::Expired, false).is_empty());
    }

    #[test]
    fn every_event_has_a_label() {
        for e in EVENTS {
            assert!(!label(e).is_empty(), "{e}");
        }
        assert_eq!(label("booking.deleted"), "");
    }

    #[test]
    fn events_are_known_by_name() {
        assert_eq!(event("refund.processed"), Some("refund.processed"));
        assert_eq!(event("booking.deleted"), None);
        assert_eq!(event(""), None);
    }
}
