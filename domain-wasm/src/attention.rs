//! Things waiting for someone (issue 21), until in-app notifications exist:
//! a request the mentor must answer by its deadline, and a session the
//! learner must pay for by its payment window's end. The dashboards show
//! each as a banner and the header counts them.
//!
//! Deadlines are read from the booking as stored (`respond_by`, `pay_by`,
//! never past the start, as [`crate::booking::current`] reads them); this
//! rule decides only whether one is still open for this party now.

use serde::Serialize;

use crate::booking::{Party, Status};

/// What someone must do, and by when.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum WaitingKind {
    /// The mentor accepts or declines a request.
    AnswerRequest,
    /// The learner pays for a session the mentor accepted (or an instant one).
    Pay,
}

impl WaitingKind {
    /// The kind's name in the API (`answer_request`, `pay`).
    pub fn as_str(self) -> &'static str {
        match self {
            WaitingKind::AnswerRequest => "answer_request",
            WaitingKind::Pay => "pay",
        }
    }
}

/// One booking as this rule needs it (times in ms since the Unix epoch).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hold {
    /// The STORED status.
    pub status: Status,
    pub start_ms: i64,
    pub respond_by_ms: Option<i64>,
    pub pay_by_ms: Option<i64>,
    /// A payment was made and the gateway is confirming it: nothing to do.
    pub payment_confirming: bool,
}

/// Something waiting for someone, and its deadline.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Waiting {
    pub kind: WaitingKind,
    pub deadline_ms: i64,
}

/// What `hold` waits for from `party` at `now`, if anything: a pending
/// request waits for its mentor until `respond_by` (or the start, if
/// sooner); an unpaid hold waits for its learner until `pay_by` (or the
/// start), unless a payment is being confirmed. A deadline that has passed
/// waits for no one (the booking has expired). Administrators are waited
/// for by nothing here.
pub fn waiting(hold: &Hold, party: Party, now_ms: i64) -> Option<Waiting> {
    let (kind, stored) = match (hold.status, party) {
        (Status::Pending, Party::Mentor) => (WaitingKind::AnswerRequest, hold.respond_by_ms),
        (Status::PaymentRequired, Party::Learner) if !hold.payment_confirming => {
            (WaitingKind::Pay, hold.pay_by_ms)
        }
        _ => return None,
    };
    let deadline_ms = stored.map_or(hold.start_ms, |d| d.min(hold.start_ms));
    (now_ms < deadline_ms).then_some(Waiting { kind, deadline_ms })
}

/// The open items among `holds` seen by their parties, soonest deadline
/// first.
pub fn waiting_list<T: Copy>(
    holds: impl IntoIterator<Item = (T, Hold, Party)>,
    now_ms: i64,
) -> Vec<(T, Waiting)> {
    let mut open: Vec<(T, Waiting)> = holds
        .into_iter()
        .filter_map(|(key, hold, party)| waiting(&hold, party, now_ms).map(|w| (key, w)))
        .collect();
    open.sort_by_key(|(_, w)| w.deadline_ms);
    open
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: i64 = 10_000_000;

    fn hold(status: Status, respond_by: Option<i64>, pay_by: Option<i64>) -> Hold {
        Hold {
            status,
            start_ms: START,
            respond_by_ms: respond_by,
            pay_by_ms: pay_by,
            payment_confirming: false,
        }
    }

    #[test]
    fn a_pending_request_waits_for_its_mentor_until_its_deadline() {
        let h = hold(Status::Pending, Some(5_000_000), None);
        assert_eq!(
            waiting(&h, Party::Mentor, 1_000),
            Some(Waiting {
                kind: WaitingKind::AnswerRequest,
                deadline_ms: 5_000_000
            })
        );
        assert_eq!(
            waiting(&h, Party::Mentor, 4_999_999).map(|w| w.deadline_ms),
            Some(5_000_000)
        );
        assert_eq!(
            waiting(&h, Party::Mentor, 5_000_000),
            None,
            "expired at its deadline"
        );
        assert_eq!(
            waiting(&h, Party::Learner, 1_000),
            None,
            "the learner only waits"
        );
        assert_eq!(waiting(&h, Party::Admin, 1_000), None);
    }

    #[test]
    fn an_unpaid_hold_waits_for_its_learner_until_its_window_ends() {
        let h = hold(Status::PaymentRequired, None, Some(2_000_000));
        assert_eq!(
            waiting(&h, Party::Learner, 1_000),
            Some(Waiting {
                kind: WaitingKind::Pay,
                deadline_ms: 2_000_000
            })
        );
        assert_eq!(waiting(&h, Party::Mentor, 1_000), None);
        assert_eq!(waiting(&h, Party::Learner, 2_000_000), None);
        let confirming = Hold {
            payment_confirming: true,
            ..h
        };
        assert_eq!(
            waiting(&confirming, Party::Learner, 1_000),
            None,
            "paid, being confirmed"
        );
    }

    #[test]
    fn a_deadline_never_runs_past_the_start() {
        let late = hold(Status::Pending, Some(START + 60_000), None);
        assert_eq!(
            waiting(&late, Party::Mentor, 0).map(|w| w.deadline_ms),
            Some(START)
        );
        let none = hold(Status::PaymentRequired, None, None);
        assert_eq!(
            waiting(&none, Party::Learner, 0).map(|w| w.deadline_ms),
            Some(START)
        );
    }

    #[test]
    fn other_statuses_wait_for_no_one() {
        for status in [
            Status::Confirmed,
            Status::Completed,
            Status::Cancelled,
            Status::Expired,
            Status::NoShow,
        ] {
            let h = hold(status, Some(5_000_000), Some(5_000_000));
            for party in [Party::Learner, Party::Mentor, Party::Admin] {
                assert_eq!(waiting(&h, party, 0), None, "{status:?} {party:?}");
            }
        }
    }

    #[test]
    fn the_list_is_soonest_first_and_leaves_out_what_is_over() {
        let list = waiting_list(
            [
                (
                    "a",
                    hold(Status::Pending, Some(9_000_000), None),
                    Party::Mentor,
                ),
                (
                    "b",
                    hold(Status::PaymentRequired, None, Some(3_000_000)),
                    Party::Learner,
                ),
                ("c", hold(Status::Pending, Some(500), None), Party::Mentor),
            ],
            1_000,
        );
        let keys: Vec<&str> = list.iter().map(|(k, _)| *k).collect();
        assert_eq!(keys, ["b", "a"]);
    }
}
