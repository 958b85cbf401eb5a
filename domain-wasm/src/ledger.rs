//! The double-entry ledger's postings (issue 13): which accounts each money
//! event moves, and by how much. The API writes them as `ledger_entries`
//! (one `ledger_txns` row per event) in the same database transaction as
//! the event.
//!
//! Amounts are integer paise, debit positive and credit negative; the
//! postings of one event sum to zero. Accounts: `gateway` (money held at the
//! gateway or bank: an asset), `commission` (the platform's revenue),
//! `mentor` (what the platform owes a mentor: a credit balance; a debit
//! balance is money the mentor owes back), `payouts_in_transit` (in a payout
//! batch, not yet paid), `learner_credit` (owed back to a learner: an
//! overpayment), `tds_payable` (TDS deducted from mentors' payouts under
//! section 194-O, owed to the government: a credit balance). Zero amounts are left out (the column refuses 0), so an
//! event of nothing has no postings.

use serde::{Deserialize, Serialize};

use crate::commission::Split;
use crate::refunds::RefundSplit;

/// A ledger account (the `ledger_entries.account` column).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Account {
    Gateway,
    Commission,
    Mentor,
    PayoutsInTransit,
    LearnerCredit,
    TdsPayable,
}

impl Account {
    /// Every account, in order.
    pub const ALL: [Account; 6] = [
        Account::Gateway,
        Account::Commission,
        Account::Mentor,
        Account::PayoutsInTransit,
        Account::LearnerCredit,
        Account::TdsPayable,
    ];

    /// The name in the database (`payouts_in_transit`).
    pub fn as_str(self) -> &'static str {
        match self {
            Account::Gateway => "gateway",
            Account::Commission => "commission",
            Account::Mentor => "mentor",
            Account::PayoutsInTransit => "payouts_in_transit",
            Account::LearnerCredit => "learner_credit",
            Account::TdsPayable => "tds_payable",
        }
    }

    /// The account of a name that [`Account::as_str`] gives.
    pub fn parse(name: &str) -> Option<Account> {
        Account::ALL.into_iter().find(|a| a.as_str() == name)
    }
}

/// One entry: `amount_paise` debited (positive) or credited (negative) to
/// `account`; `mentor_id` names the mentor for the `mentor` and
/// `payouts_in_transit` accounts (None for the others).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Posting {
    pub account: Account,
    pub mentor_id: Option<i64>,
    pub amount_paise: i64,
}

fn post(out: &mut Vec<Posting>, account: Account, mentor_id: Option<i64>, amount_paise: i64) {
    if amount_paise != 0 {
        out.push(Posting {
            account,
            mentor_id,
            amount_paise,
        });
    }
}

/// Two postings moving `amount` from `credit` to `debit`.
fn transfer(
    debit: (Account, Option<i64>),
    credit: (Account, Option<i64>),
    amount: i64,
) -> Vec<Posting> {
    let mut out = Vec::with_capacity(2);
    post(&mut out, debit.0, debit.1, amount);
    post(&mut out, credit.0, credit.1, amount.saturating_neg());
    out
}

/// A captured payment: Dr gateway (the price); Cr commission (the
/// platform's part); Cr mentor (the mentor's net).
pub fn capture_postings(mentor_id: i64, split: &Split) -> Vec<Posting> {
    let mut out = Vec::with_capacity(3);
    post(&mut out, Account::Gateway, None, split.price_paise);
    post(&mut out, Account::Commission, None, -split.commission_paise);
    post(
        &mut out,
        Account::Mentor,
        Some(mentor_id),
        -split.mentor_paise,
    );
    out
}

/// Money received beyond the price (a second payment): Dr gateway; Cr learner_credit.
pub fn overpayment_postings(amount: i64) -> Vec<Posting> {
    transfer(
        (Account::Gateway, None),
        (Account::LearnerCredit, None),
        amount,
    )
}

/// A refund of a session's payment, split by [`crate::refunds::refund_split`]:
/// Dr commission (its part); Dr mentor (theirs); Cr gateway (the refund).
pub fn refund_postings(mentor_id: i64, s: &RefundSplit) -> Vec<Posting> {
    let mut out = Vec::with_capacity(3);
    post(&mut out, Account::Commission, None, s.commission_paise);
    post(&mut out, Account::Mentor, Some(mentor_id), s.mentor_paise);
    post(
        &mut out,
        Account::Gateway,
        None,
        s.commission_paise
            .saturating_add(s.mentor_paise)
            .saturating_neg(),
    );
    out
}

/// An overpayment given back: Dr learner_credit; Cr gateway.
pub fn overpayment_refund_postings(amount: i64) -> Vec<Posting> {
    transfer(
        (Account::LearnerCredit, None),
        (Account::Gateway, None),
        amount,
    )
}

/// A payout line created: Dr mentor; Cr payouts_in_transit.
pub fn payout_postings(mentor_id: i64, amount: i64) -> Vec<Posting> {
    transfer(
        (Account::Mentor, Some(mentor_id)),
        (Account::PayoutsInTransit, Some(mentor_id)),
        amount,
    )
}

/// A payout line paid: Dr payouts_in_transit; Cr gateway.
pub fn payout_paid_postings(mentor_id: i64, amount: i64) -> Vec<Posting> {
    transfer(
        (Account::PayoutsInTransit, Some(mentor_id)),
        (Account::Gateway, None),
        amount,
    )
}

/// A payout line failed: the money returns to the mentor's balance.
/// Dr payouts_in_transit; Cr mentor.
pub fn payout_failed_postings(mentor_id: i64, amount: i64) -> Vec<Posting> {
    transfer(
        (Account::PayoutsInTransit, Some(mentor_id)),
        (Account::Mentor, Some(mentor_id)),
        amount,
    )
}

/// TDS deducted from a payout (section 194-O): the mentor's balance
/// gives it to the government. Dr mentor; Cr tds_payable.
pub fn tds_postings(mentor_id: i64, amount: i64) -> Vec<Posting> {
    transfer(
        (Account::Mentor, Some(mentor_id)),
        (Account::TdsPayable, None),
        amount,
    )
}

/// TDS given back by a refund of a session it was deducted on (in
/// proportion, `payouts::tds_reversal`): Dr tds_payable; Cr mentor.
pub fn tds_reversal_postings(mentor_id: i64, amount: i64) -> Vec<Posting> {
    transfer(
        (Account::TdsPayable, None),
        (Account::Mentor, Some(mentor_id)),
        amount,
    )
}

/// Whether postings may be written as one transaction: they sum to zero
/// and none is zero. An empty list is balanced (there is nothing to write).
pub fn is_balanced(p: &[Posting]) -> bool {
    p.iter().all(|x| x.amount_paise != 0)
        && p.iter().map(|x| i128::from(x.amount_paise)).sum::<i128>() == 0
}

#[cfg(test)]
mod tests;
