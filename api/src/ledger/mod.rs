//! The double-entry ledger (issue 13): every money event (a capture, a
//! refund, a payout line made, paid or failed) is one ledger transaction of
//! balanced postings, written in the same unit of work as the event by
//! [`post`]. Which accounts an event moves, and by how much, is the
//! domain's (`domain_wasm::ledger`); this module writes them and reports
//! the totals (`GET /api/admin/ledger/`, `api ledger-report`).
//!
//! A transaction's id names its event (`capture:<payments.id>`,
//! `refund:<refund id>`, `payout:<line id>`, `payout_paid:<line id>`,
//! `payout_failed:<line id>`), so an event recorded twice (a replayed
//! webhook, a retried job) is recorded once.

use chrono::{DateTime, Utc};
use domain_wasm::commission;
pub use domain_wasm::ledger::{Account, Posting, is_balanced};
use domain_wasm::money::Paise;

use crate::store::ledger::AccountTotal;
pub use crate::store::ledger::Txn;
use crate::store::{Store, StoreError, Tx};

/// The events a ledger transaction records (`ledger_txns.event`).
pub const EVENTS: [&str; 5] = [
    "capture",
    "refund",
    "payout",
    "payout_paid",
    "payout_failed",
];

/// Records one money event's postings as ledger transaction `txn.id`,
/// inside `tx`: `Ok(false)`, writing nothing, when a transaction with this
/// id was recorded before (the event is then already in the ledger).
/// Postings that do not balance, or an event not in [`EVENTS`], are a bug
/// of the caller: refused with [`StoreError::Corrupt`] and nothing written.
/// Each entry carries the transaction's booking, so a booking's net can be
/// read from the entries. An empty list records the event with no entries.
///
/// A refund of a session whose TDS a payout already deducted (issue 20)
/// also gives back that TDS in proportion to the gross refunded
/// (`domain_wasm::payouts::tds_reversal`): transaction
/// `tds_reversal:<the refund's id>`, Dr tds_payable, Cr mentor, part of the
/// refund event but naming no booking (the session's net and the refund
/// split read the booking's entries, which TDS is not part of).
pub async fn post(
    tx: &mut Tx,
    txn: &Txn<'_>,
    postings: &[Posting],
    now: DateTime<Utc>,
) -> Result<bool, StoreError> {
    if !write(tx, txn, postings, now).await? {
        return Ok(false);
    }
    if let (true, Some(booking_id)) = (txn.event == "refund", txn.booking_id) {
        let refunded: i64 = postings
            .iter()
            .filter(|p| matches!(p.account, Account::Commission | Account::Mentor))
            .map(|p| p.amount_paise)
            .sum();
        if refunded > 0
            && let Some(row) = tx.tds_of_booking(booking_id).await?
        {
            let back = domain_wasm::payouts::tds_reversal(
                row.tds_paise.to_i64(),
                row.gross_paise.to_i64(),
                row.refunded_paise.to_i64(),
                refunded,
                row.reversed_paise.to_i64(),
            );
            // Both above zero, or zero: the rules clamp the reversal.
            tx.add_tds_reversal(
                booking_id,
                Paise::saturating_from(refunded),
                Paise::saturating_from(back),
            )
            .await?;
            if back > 0 {
                let id = format!("tds_reversal:{}", txn.id);
                let reversal = Txn {
                    id: &id,
                    event: "refund",
                    booking_id: None,
                    refund_id: txn.refund_id,
                    payout_line_id: None,
                    sandbox: txn.sandbox,
                };
                let postings = domain_wasm::ledger::tds_reversal_postings(row.mentor_id, back);
                write(tx, &reversal, &postings, now).await?;
            }
        }
    }
    Ok(true)
}

/// Writes one transaction (see [`post`]), without what follows from it.
async fn write(
    tx: &mut Tx,
    txn: &Txn<'_>,
    postings: &[Posting],
    now: DateTime<Utc>,
) -> Result<bool, StoreError> {
    let Txn {
        id: txn_id,
        event,
        booking_id,
        ..
    } = *txn;
    if !is_balanced(postings) {
        tracing::error!(
            txn = txn_id,
            ?postings,
            "unbalanced ledger postings refused"
        );
        return Err(StoreError::Corrupt {
            what: "ledger transaction (its postings do not balance)",
            value: txn_id.to_owned(),
        });
    }
    if !EVENTS.contains(&event) {
        return Err(StoreError::Corrupt {
            what: "ledger event",
            value: event.to_owned(),
        });
    }
    if !tx.insert_ledger_txn(txn, now).await? {
        return Ok(false);
    }
    for p in postings {
        tx.insert_ledger_entry(
            txn_id,
            p.account.as_str(),
            p.mentor_id,
            booking_id,
            p.amount_paise,
            now,
        )
        .await?;
    }
    Ok(true)
}

/// The header of a capture's transaction `txn` for booking `booking_id`.
fn capture_header<'a>(txn: &'a str, booking_id: &'a str, sandbox: bool) -> Txn<'a> {
    Txn {
        id: txn,
        event: "capture",
        booking_id: Some(booking_id),
        refund_id: None,
        payout_line_id: None,
        sandbox,
    }
}

/// The id of the ledger transaction of a captured payment (our `payments.id`).
pub fn capture_txn_id(payment_id: &str) -> String {
    format!("capture:{payment_id}")
}

/// Fixes the commission on a payment just captured for a booking of
/// `mentor_id` and records it in the ledger, in `tx`: the mentor's rate now
/// (their override, else the default) split `amount_paise` into the
/// platform's commission and the mentor's net, stored on the payment and
/// its booking, so a later change of rate does not rewrite this booking.
/// Idempotent: a second call for the same payment changes nothing and
/// gives `None`.
pub async fn record_capture(
    tx: &mut Tx,
    payment_id: &str,
    booking_id: &str,
    mentor_id: i64,
    amount_paise: Paise,
    sandbox: bool,
    now: DateTime<Utc>,
) -> Result<Option<commission::Split>, StoreError> {
    let rate = tx.commission_rate_of(mentor_id).await?;
    let rate_bps = commission::check_rate(rate).map_err(|_| StoreError::Corrupt {
        what: "commission rate",
        value: rate.to_string(),
    })?;
    let split = commission::split(amount_paise, rate_bps);
    let postings = domain_wasm::ledger::capture_postings(mentor_id, &split);
    let txn = capture_txn_id(payment_id);
    if !post(
        tx,
        &capture_header(&txn, booking_id, sandbox),
        &postings,
        now,
    )
    .await?
    {
        return Ok(None);
    }
    tx.record_commission(
        payment_id,
        booking_id,
        i64::from(rate_bps),
        split.commission_paise,
        split.mentor_paise,
    )
    .await?;
    Ok(Some(split))
}

/// Records money received for a booking another payment had already paid
/// (owed back to the learner, no commission): Dr gateway, Cr learner_credit,
/// under the payment's capture transaction id. `false` when recorded before.
pub async fn record_overpayment(
    tx: &mut Tx,
    payment_id: &str,
    booking_id: &str,
    amount_paise: Paise,
    sandbox: bool,
    now: DateTime<Utc>,
) -> Result<bool, StoreError> {
    let postings = domain_wasm::ledger::overpayment_postings(amount_paise.to_i64());
    let txn = capture_txn_id(payment_id);
    post(
        tx,
        &capture_header(&txn, booking_id, sandbox),
        &postings,
        now,
    )
    .await
}

/// One account's balance in the report (debit positive, credit negative:
/// the gateway's money held is positive, the commission earned negative).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountBalance {
    pub account: &'static str,
    pub balance_paise: i64,
}

/// The ledger's totals, for administrators.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// Every account, in [`Account::ALL`]'s order, summed over mentors.
    pub accounts: Vec<AccountBalance>,
    /// Every transaction sums to zero (and so does the whole ledger), and
    /// the money in equals the money out plus what is held.
    pub balanced: bool,
    /// Received from learners (captures, overpayments included).
    pub captured_paise: i64,
    /// Returned to learners by refunds.
    pub refunded_paise: i64,
    /// Paid to mentors (payout lines marked paid).
    pub paid_out_paise: i64,
    /// Held at the gateway or bank: `captured - refunded - paid_out`.
    pub held_paise: i64,
    /// The platform's commission earned, net of refunds.
    pub commission_paise: i64,
    /// TDS deducted from payouts and not given back, owed to the
    /// government (the `tds_payable` account's credit balance; still held).
    pub tds_payable_paise: i64,
    /// Per mentor: `(mentor id, what the platform owes them, in transit)`.
    pub mentors: Vec<MentorPosition>,
}

/// One mentor's position in the ledger.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MentorPosition {
    pub mentor_id: i64,
    /// The `mentor` account's credit balance (negative: owed back).
    pub owed_paise: i64,
    /// In payout batches, not yet paid.
    pub in_transit_paise: i64,
}

/// Reads the ledger's totals; the sandbox's money counts only
/// `with_sandbox` (a site that runs it: [`crate::state::AppState::counts_sandbox_money`]).
pub async fn report(store: &Store, with_sandbox: bool) -> Result<Report, StoreError> {
    let (totals, figures) = store.ledger_snapshot(with_sandbox).await?;
    Ok(build_report(&totals, &figures))
}

fn build_report(totals: &[AccountTotal], f: &crate::store::ledger::LedgerFigures) -> Report {
    let accounts = Account::ALL
        .iter()
        .map(|a| AccountBalance {
            account: a.as_str(),
            balance_paise: totals
                .iter()
                .filter(|t| t.account == a.as_str())
                .map(|t| t.sum_paise)
                .sum(),
        })
        .collect();
    let mut mentors: Vec<MentorPosition> = Vec::new();
    for t in totals {
        let Some(mentor_id) = t.mentor_id else {
            continue;
        };
        let at = match mentors.iter().position(|m| m.mentor_id == mentor_id) {
            Some(i) => i,
            None => {
                mentors.push(MentorPosition {
                    mentor_id,
                    owed_paise: 0,
                    in_transit_paise: 0,
                });
                mentors.len() - 1
            }
        };
        match t.account.as_str() {
            "mentor" => mentors[at].owed_paise -= t.sum_paise,
            "payouts_in_transit" => mentors[at].in_transit_paise -= t.sum_paise,
            _ => {}
        }
    }
    mentors.sort_by_key(|m| m.mentor_id);
    let known = totals.iter().all(|t| Account::parse(&t.account).is_some());
    let tds_payable_paise = -totals
        .iter()
        .filter(|t| t.account == Account::TdsPayable.as_str())
        .map(|t| t.sum_paise)
        .sum::<i64>();
    let balanced = known
        && f.total_paise == 0
        && f.unbalanced_txns == 0
        && f.captured_paise == f.refunded_paise + f.paid_out_paise + f.held_paise;
    Report {
        accounts,
        balanced,
        captured_paise: f.captured_paise,
        refunded_paise: f.refunded_paise,
        paid_out_paise: f.paid_out_paise,
        held_paise: f.held_paise,
        commission_paise: f.commission_paise,
        tds_payable_paise,
        mentors,
    }
}

/// Rupees for a report line: `12,345.60` style without a symbol (the
/// domain's Indian grouping).
fn rupees(paise: i64) -> String {
    let sign = if paise < 0 { "-" } else { "" };
    let abs = paise.unsigned_abs();
    format!(
        "{sign}{}.{:02}",
        domain_wasm::money::group_indian(abs / 100),
        abs % 100
    )
}

/// The report as `api ledger-report` prints it: the figures, each account's
/// balance, and whether the ledger balances.
pub fn report_text(r: &Report) -> String {
    let mut out = String::new();
    let line = |out: &mut String, label: &str, paise: i64| {
        out.push_str(&format!(
            "{label:<28} {:>16}  ({paise} paise)\n",
            rupees(paise)
        ));
    };
    out.push_str("Ledger report (amounts in rupees)\n");
    line(&mut out, "Captured from learners", r.captured_paise);
    line(&mut out, "Refunded to learners", r.refunded_paise);
    line(&mut out, "Paid out to mentors", r.paid_out_paise);
    line(&mut out, "Held", r.held_paise);
    line(&mut out, "Commission earned", r.commission_paise);
    line(&mut out, "TDS payable (194-O)", r.tds_payable_paise);
    out.push_str("\nAccounts (debit +, credit -)\n");
    for a in &r.accounts {
        line(&mut out, a.account, a.balance_paise);
    }
    if !r.mentors.is_empty() {
        out.push_str("\nMentors (owed to them / in transit)\n");
        for m in &r.mentors {
            out.push_str(&format!(
                "mentor {:<21} {:>16} / {}\n",
                m.mentor_id,
                rupees(m.owed_paise),
                rupees(m.in_transit_paise)
            ));
        }
    }
    out.push_str(if r.balanced {
        "\nBalanced: every transaction sums to zero, and captured = refunded + paid out + held.\n"
    } else {
        "\nNOT BALANCED: some transaction does not sum to zero, or captured <> refunded + paid out + held.\n"
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::ledger::LedgerFigures;

    fn total(account: &str, mentor_id: Option<i64>, sum_paise: i64) -> AccountTotal {
        AccountTotal {
            account: account.to_owned(),
            mentor_id,
            sum_paise,
        }
    }

    #[test]
    fn the_report_sums_accounts_and_checks_the_balance() {
        let totals = [
            total("commission", None, -1_500),
            total("gateway", None, 8_000),
            total("mentor", Some(7), -4_000),
            total("mentor", Some(9), -1_500),
            total("payouts_in_transit", Some(9), -1_000),
        ];
        let figures = LedgerFigures {
            captured_paise: 10_000,
            refunded_paise: 0,
            paid_out_paise: 2_000,
            held_paise: 8_000,
            commission_paise: 1_500,
            total_paise: 0,
            unbalanced_txns: 0,
        };
        let r = build_report(&totals, &figures);
        assert!(r.balanced);
        assert_eq!(r.accounts[0].account, "gateway");
        assert_eq!(r.accounts[0].balance_paise, 8_000);
        assert_eq!(r.accounts[2].balance_paise, -5_500);
        assert_eq!(
            r.mentors,
            vec![
                MentorPosition {
                    mentor_id: 7,
                    owed_paise: 4_000,
                    in_transit_paise: 0
                },
                MentorPosition {
                    mentor_id: 9,
                    owed_paise: 1_500,
                    in_transit_paise: 1_000
                },
            ]
        );
        let text = report_text(&r);
        assert!(text.contains("100.00"), "{text}");
        assert!(text.contains("Balanced"), "{text}");

        let off = LedgerFigures {
            held_paise: 7_999,
            ..figures
        };
        assert!(!build_report(&totals, &off).balanced);
        let unbalanced = LedgerFigures {
            unbalanced_txns: 1,
            ..figures
        };
        assert!(!build_report(&totals, &unbalanced).balanced);
        assert!(report_text(&build_report(&totals, &unbalanced)).contains("NOT BALANCED"));
    }

    #[test]
    fn rupees_have_indian_grouping_and_a_sign() {
        assert_eq!(rupees(12_345_678_950), "12,34,56,789.50");
        assert_eq!(rupees(-5), "-0.05");
        assert_eq!(rupees(0), "0.00");
    }
}
