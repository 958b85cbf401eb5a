//! Paying mentors (issue 13): their payout details, their earnings, and
//! the administrators' payout batches.
//!
//! A mentor's money is the credit balance of their `mentor` account in the
//! ledger. A session's net is *pending* until the session is completed and
//! [`payouts::PAYOUT_HOLD_DAYS`] have passed since its end, and while a
//! refund of it is asked for or on its way; the rest of the balance is
//! *available*; a balance below what is pending (a refund after a payout)
//! is *owed* and comes off later earnings (`domain_wasm::payouts::earnings`).
//!
//! A batch pays each mentor whose available money is above zero, who gave
//! payout details and whose schedule is due: weekly mentors once per week,
//! monthly mentors once per calendar month (weeks from Monday and months in
//! Asia/Kolkata, as `next_payout_ms` counts them); a line paid or still
//! pending in the current week or month counts, a failed one does not.
//! Each line moves its amount from the mentor's account to
//! `payouts_in_transit` (ledger `payout:<line>`), then to the gateway when
//! it is paid (`payout_paid:<line>`) or back to the mentor when it failed
//! (`payout_failed:<line>`), all in the unit of work of the change.

//!
//! Issue 20: payout details are sealed at rest ([`crypto`]); setting or
//! changing them needs the password (or a fresh Google credential) and
//! e-mails the mentor; a change of where the money goes waits
//! [`CHANGE_DELAY_HOURS`] beside the current details. Each paid session has
//! TDS under section 194-O deducted when a payout line first pays it
//! ([`tds`](domain_wasm::payouts::tds_on)), posted to `tds_payable`.

pub use crate::payout_crypto as crypto;

use std::collections::{BTreeMap, HashMap, HashSet};

use chrono::{DateTime, Datelike, TimeDelta, Utc};
use domain_wasm::booking::Status;
use domain_wasm::money::Paise;
use domain_wasm::payouts::{self, EarningFact, Earnings, LineStatus, PayoutDetails, Schedule};
use domain_wasm::{forms, ledger};
use serde_json::json;

use crate::auth::Caller;
use crate::auth::limits::{self, Limited};
use crate::auth::passwords;
use crate::fields::{FieldErrors, Fields};
use crate::mail::payout_templates::{self, DetailsChange};
use crate::state::AppState;
use crate::store::audit::{Actor, AuditAction, AuditEntry};
use crate::store::payouts::{
    BatchRow, LineRow, NewLine, NewPayoutDetails, NewTds, PayoutDetailsRow, SecretColumn,
    SessionMoney, TdsRow,
};
use crate::store::{Store, StoreError, Tx};
use crypto::{Field, PayoutCipher};

/// How long a change of where the money goes waits before it takes effect.
pub const CHANGE_DELAY_HOURS: i64 = 48;
/// How recently a Google credential must have been issued to confirm a change.
pub const FRESH_CREDENTIAL: TimeDelta = TimeDelta::minutes(5);
/// A wrong password: the answer of the app's other password confirmations.
pub const WRONG_PASSWORD: &str = "Invalid password.";
/// No password given.
pub const PASSWORD_REQUIRED: &str =
    "Enter your password to confirm a change of your payout details.";
/// No (or no good) Google credential from an account without a password.
pub const GOOGLE_REQUIRED: &str =
    "Sign in with Google again to confirm a change of your payout details.";
/// A cancellation with nothing pending.
pub const NOTHING_PENDING: &str = "There is no pending change of your payout details.";

/// The answer when a batch would have no line.
pub const NOTHING_TO_PAY: &str = "Nothing is available to pay out: no mentor with payout details and a due schedule has money available.";
/// The answer when a line was settled before.
pub const NOT_PENDING: &str = "This payout line was already marked paid or failed.";

/// Why a payout use case did not happen.
#[derive(Debug, thiserror::Error)]
pub enum PayoutError {
    /// Field errors (400).
    #[error("invalid: {0:?}")]
    Invalid(FieldErrors),
    /// No such thing, or not the caller's (404).
    #[error("not found")]
    NotFound,
    /// Not possible now (409 `{"detail"}`).
    #[error("{0}")]
    Conflict(String),
    /// Too many password attempts (429).
    #[error("too many attempts")]
    Limited(Limited),
    /// A stored payout detail does not open (500: a missing key, or tampering).
    #[error(transparent)]
    Crypto(#[from] crypto::CryptoError),
    #[error(transparent)]
    Store(StoreError),
}

impl From<StoreError> for PayoutError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::NotFound => PayoutError::NotFound,
            e => PayoutError::Store(e),
        }
    }
}

impl From<PayoutError> for poem::Error {
    fn from(e: PayoutError) -> Self {
        match e {
            PayoutError::Store(e) => e.into(),
            PayoutError::NotFound => StoreError::NotFound.into(),
            e => crate::error::internal(e),
        }
    }
}

fn ms(t: DateTime<Utc>) -> i64 {
    t.timestamp_millis()
}

fn at(ms: i64) -> DateTime<Utc> {
    DateTime::from_timestamp_millis(ms).unwrap_or(DateTime::<Utc>::MAX_UTC)
}

// ---- Payout details ------------------------------------------------------

/// The server's payout cipher (loaded at start, [`crate::server::bind`]).
pub fn cipher(state: &AppState) -> Result<&PayoutCipher, PayoutError> {
    state.payout_cipher.get().ok_or_else(|| {
        PayoutError::Store(StoreError::Corrupt {
            what: "payout key",
            value: "not loaded".to_owned(),
        })
    })
}

/// The row with its sealed values opened (current and pending).
pub fn open_details(
    c: &PayoutCipher,
    mut d: PayoutDetailsRow,
) -> Result<PayoutDetailsRow, PayoutError> {
    let m = d.mentor_id;
    d.account_number = c.open_opt(Field::AccountNumber, m, d.account_number.as_deref())?;
    d.upi_id = c.open_opt(Field::UpiId, m, d.upi_id.as_deref())?;
    d.pan = c.open_opt(Field::Pan, m, d.pan.as_deref())?;
    d.pending_account_number =
        c.open_opt(Field::AccountNumber, m, d.pending_account_number.as_deref())?;
    d.pending_upi_id = c.open_opt(Field::UpiId, m, d.pending_upi_id.as_deref())?;
    Ok(d)
}

/// The line with its copied details opened.
pub fn open_line(c: &PayoutCipher, mut l: LineRow) -> Result<LineRow, PayoutError> {
    l.account_number = c.open_opt(
        Field::AccountNumber,
        l.mentor_id,
        l.account_number.as_deref(),
    )?;
    l.upi_id = c.open_opt(Field::UpiId, l.mentor_id, l.upi_id.as_deref())?;
    Ok(l)
}

fn open_lines(c: &PayoutCipher, lines: Vec<LineRow>) -> Result<Vec<LineRow>, PayoutError> {
    lines.into_iter().map(|l| open_line(c, l)).collect()
}

/// Where the money goes, masked, as mail and the audit log show it.
pub fn masked_destination(
    method: &str,
    account: Option<&str>,
    ifsc: Option<&str>,
    upi: Option<&str>,
) -> String {
    match (method, account, upi) {
        ("bank", Some(n), _) => format!(
            "Bank account {}{}",
            payouts::mask_account(n),
            ifsc.map(|i| format!(" ({i})")).unwrap_or_default()
        ),
        (_, _, Some(u)) => format!("UPI {}", payouts::mask_upi(u)),
        _ => "—".to_owned(),
    }
}

/// The opened details as the audit log keeps them: masked, never in full.
fn audit_view(d: &PayoutDetailsRow) -> serde_json::Value {
    let mut v = json!({
        "method": d.method,
        "beneficiary_name": d.beneficiary_name,
        "account_number": d.account_number.as_deref().map(payouts::mask_account),
        "ifsc": d.ifsc,
        "upi_id": d.upi_id.as_deref().map(payouts::mask_upi),
        "schedule": d.schedule,
        "pan": d.pan.as_deref().map(payouts::mask_pan),
    });
    if let (Some(method), Some(at)) = (&d.pending_method, d.pending_effective_at) {
        v["pending"] = json!({
            "method": method,
            "beneficiary_name": d.pending_beneficiary_name,
            "account_number": d.pending_account_number.as_deref().map(payouts::mask_account),
            "ifsc": d.pending_ifsc,
            "upi_id": d.pending_upi_id.as_deref().map(payouts::mask_upi),
            "effective_at": at,
        });
    }
    v
}

/// Makes the mentor's pending change current if its time has come, in
/// `tx` (audited as the system's doing).
async fn apply_due(tx: &mut Tx, mentor_id: i64, now: DateTime<Utc>) -> Result<(), PayoutError> {
    if tx.apply_due_payout_details(mentor_id, now).await? {
        tx.audit(
            &AuditEntry::new(
                Actor::System,
                AuditAction::PayoutDetailsChanged,
                "payout_details",
                mentor_id,
            )
            .reason(Some(format!(
                "pending change took effect after {CHANGE_DELAY_HOURS} hours"
            ))),
            now,
        )
        .await?;
    }
    Ok(())
}

/// The mentor's payout details (opened), if they gave any; a pending
/// change whose time has come is made current first.
pub async fn details(
    state: &AppState,
    mentor_id: i64,
    now: DateTime<Utc>,
) -> Result<Option<PayoutDetailsRow>, PayoutError> {
    let c = cipher(state)?;
    let mut r = state.store.begin_read().await?;
    let mut d = r.payout_details(mentor_id).await?;
    drop(r);
    // Only a change whose time has come needs the write lock.
    if d.as_ref()
        .and_then(|d| d.pending_effective_at)
        .is_some_and(|at| at <= now)
    {
        let mut tx = state.store.begin().await?;
        apply_due(&mut tx, mentor_id, now).await?;
        d = tx.payout_details(mentor_id).await?;
        tx.commit().await?;
    }
    d.map(|d| open_details(c, d)).transpose()
}

/// What proves the mentor asks: their password, or for an account that
/// signs in only with Google a fresh Google credential.
#[derive(Debug, Clone, Copy, Default)]
pub struct Proof<'a> {
    pub password: Option<&'a str>,
    pub google_credential: Option<&'a str>,
}

/// Checks `proof` for the caller, throttled like a password change (the
/// attempts of one session count under [`limits::LOGIN_FAILURES`]).
async fn check_proof(
    state: &AppState,
    caller: &Caller,
    proof: Proof<'_>,
    now: DateTime<Utc>,
) -> Result<(), PayoutError> {
    let user = &caller.user;
    let pair = limits::pair(
        std::net::IpAddr::from([0, 0, 0, 0]),
        &format!(
            "session:{}",
            crate::auth::tokens::stored_id(&caller.session_id)
        ),
    );
    let given = |s: Option<&str>| {
        s.map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
    };
    let invalid = |field: &str, message: &str| PayoutError::Invalid(Fields::one(field, message).0);
    if user.password_hash.is_some() {
        let Some(password) = proof.password.filter(|p| !p.is_empty()) else {
            return Err(invalid("password", PASSWORD_REQUIRED));
        };
        state
            .limiter
            .hit(limits::LOGIN_FAILURES, &pair, now)
            .await?
            .map_err(PayoutError::Limited)?;
        if !passwords::verify(password.to_owned(), user.password_hash.clone()).await {
            return Err(invalid("password", WRONG_PASSWORD));
        }
        state.limiter.clear(limits::LOGIN_FAILURES, &pair).await?;
        return Ok(());
    }
    let (Some(credential), Some(google)) = (given(proof.google_credential), state.google.as_ref())
    else {
        return Err(invalid("google_credential", GOOGLE_REQUIRED));
    };
    state
        .limiter
        .hit(limits::LOGIN_FAILURES, &pair, now)
        .await?
        .map_err(PayoutError::Limited)?;
    let identity = google
        .verify(&credential)
        .await
        .map_err(|e| invalid("google_credential", &e.to_string()))?;
    let fresh = identity
        .issued_at
        .map(|iat| now.timestamp() - iat)
        .is_some_and(|age| (-60..=FRESH_CREDENTIAL.num_seconds()).contains(&age));
    if user.google_sub.as_deref() != Some(identity.subject.as_str()) || !fresh {
        return Err(invalid("google_credential", GOOGLE_REQUIRED));
    }
    state.limiter.clear(limits::LOGIN_FAILURES, &pair).await?;
    Ok(())
}

/// Stores the mentor's payout details (all fields, parsed by
/// `domain_wasm::forms::money::parse_payout_details`), confirmed by
/// `proof`: the first ones take effect at once; a change of where the
/// money goes (method, holder, account, IFSC, UPI id) waits
/// [`CHANGE_DELAY_HOURS`] beside the current details (payouts until then
/// use the current ones); a change of only the schedule or the PAN takes
/// effect at once. The mentor is e-mailed and the audit log keeps the
/// change (masked).
pub async fn set_details(
    state: &AppState,
    caller: &Caller,
    mentor_id: i64,
    checked: PayoutDetails,
    proof: Proof<'_>,
    now: DateTime<Utc>,
) -> Result<PayoutDetailsRow, PayoutError> {
    check_proof(state, caller, proof, now).await?;
    let c = cipher(state)?;
    let new = NewPayoutDetails {
        method: checked.method.as_str(),
        beneficiary_name: &checked.beneficiary_name,
        account_number: None,
        ifsc: checked.ifsc.as_deref(),
        upi_id: None,
        schedule: checked.schedule.as_str(),
        pan: None,
    };
    let account = c.seal_opt(
        Field::AccountNumber,
        mentor_id,
        checked.account_number.as_deref(),
    );
    let upi = c.seal_opt(Field::UpiId, mentor_id, checked.upi_id.as_deref());
    let pan = c.seal_opt(Field::Pan, mentor_id, checked.pan.as_deref());
    let new = NewPayoutDetails {
        account_number: account.as_deref(),
        upi_id: upi.as_deref(),
        pan: pan.as_deref(),
        ..new
    };
    let mut tx = state.store.begin().await?;
    apply_due(&mut tx, mentor_id, now).await?;
    let before = tx
        .payout_details(mentor_id)
        .await?
        .map(|d| open_details(c, d))
        .transpose()?;
    let (row, change) = match &before {
        None => (
            tx.set_payout_details(mentor_id, &new, now).await?,
            DetailsChange::FirstSet,
        ),
        Some(cur)
            if cur.method == checked.method.as_str()
                && cur.beneficiary_name == checked.beneficiary_name
                && cur.account_number == checked.account_number
                && cur.ifsc == checked.ifsc
                && cur.upi_id == checked.upi_id =>
        {
            (
                tx.set_payout_schedule_and_pan(mentor_id, new.schedule, new.pan, now)
                    .await?,
                DetailsChange::Updated,
            )
        }
        Some(_) => {
            let at = now + TimeDelta::hours(CHANGE_DELAY_HOURS);
            (
                tx.set_pending_payout_details(mentor_id, &new, now, at)
                    .await?,
                DetailsChange::Scheduled(at),
            )
        }
    };
    let row = open_details(c, row)?;
    tx.audit(
        &AuditEntry::new(
            Actor::Mentor(caller.user.id),
            AuditAction::PayoutDetailsChanged,
            "payout_details",
            mentor_id,
        )
        .change(before.as_ref().map(audit_view), Some(audit_view(&row))),
        now,
    )
    .await?;
    let destination = match change {
        DetailsChange::Scheduled(_) => masked_destination(
            checked.method.as_str(),
            checked.account_number.as_deref(),
            checked.ifsc.as_deref(),
            checked.upi_id.as_deref(),
        ),
        _ => masked_destination(
            &row.method,
            row.account_number.as_deref(),
            row.ifsc.as_deref(),
            row.upi_id.as_deref(),
        ),
    };
    notify(state, &mut tx, mentor_id, change, &destination, now).await?;
    tx.commit().await?;
    state.mailer.wake();
    Ok(row)
}

async fn notify(
    state: &AppState,
    tx: &mut Tx,
    mentor_id: i64,
    change: DetailsChange,
    destination: &str,
    now: DateTime<Utc>,
) -> Result<(), PayoutError> {
    if let Some(to) = tx.mentor_recipient(mentor_id).await? {
        let link = state.link("/dashboard/mentor?tab=earnings");
        let mail = payout_templates::details_changed(&to, change, destination, &link);
        tx.enqueue_email(&mail, now).await?;
    }
    Ok(())
}

/// Cancels the mentor's pending change (e-mailed and audited): the
/// details as they stay; 404 when nothing is pending.
pub async fn cancel_pending(
    state: &AppState,
    caller: &Caller,
    mentor_id: i64,
    now: DateTime<Utc>,
) -> Result<PayoutDetailsRow, PayoutError> {
    let c = cipher(state)?;
    let mut tx = state.store.begin().await?;
    apply_due(&mut tx, mentor_id, now).await?;
    let before = tx
        .payout_details(mentor_id)
        .await?
        .map(|d| open_details(c, d))
        .transpose()?;
    if !tx.cancel_pending_payout_details(mentor_id, now).await? {
        return Err(PayoutError::NotFound);
    }
    let row = tx
        .payout_details(mentor_id)
        .await?
        .ok_or(PayoutError::NotFound)?;
    let row = open_details(c, row)?;
    tx.audit(
        &AuditEntry::new(
            Actor::Mentor(caller.user.id),
            AuditAction::PayoutDetailsChanged,
            "payout_details",
            mentor_id,
        )
        .reason(Some("pending change cancelled".to_owned()))
        .change(before.as_ref().map(audit_view), Some(audit_view(&row))),
        now,
    )
    .await?;
    let destination = masked_destination(
        &row.method,
        row.account_number.as_deref(),
        row.ifsc.as_deref(),
        row.upi_id.as_deref(),
    );
    notify(
        state,
        &mut tx,
        mentor_id,
        DetailsChange::Cancelled,
        &destination,
        now,
    )
    .await?;
    tx.commit().await?;
    state.mailer.wake();
    Ok(row)
}

/// What [`seal_stored`] did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Sealed {
    /// Values stored in clear (from before issue 20), now sealed.
    pub from_clear: usize,
    /// Values sealed under an older key, now under the current one.
    pub rotated: usize,
}

/// Seals every stored payout detail (of the details, pending changes and
/// payout lines) that is in clear or under an older key with the current
/// key, in one unit of work, and audits it (`payout_key.rotated`) when
/// anything changed. Idempotent: a second run changes nothing. Run at
/// every start and by `api rotate-payout-key`.
pub async fn seal_stored(
    store: &Store,
    c: &PayoutCipher,
    actor: Actor,
    now: DateTime<Utc>,
) -> Result<Sealed, PayoutError> {
    let mut tx = store.begin().await?;
    let mut done = Sealed::default();
    for column in SecretColumn::ALL {
        let field = match column {
            SecretColumn::AccountNumber
            | SecretColumn::PendingAccountNumber
            | SecretColumn::LineAccountNumber => Field::AccountNumber,
            SecretColumn::UpiId | SecretColumn::PendingUpiId | SecretColumn::LineUpiId => {
                Field::UpiId
            }
            SecretColumn::Pan => Field::Pan,
        };
        for cell in tx.secret_cells(column).await? {
            if c.is_current(&cell.value) {
                continue;
            }
            let clear = c.open(field, cell.mentor_id, &cell.value)?;
            let sealed = c.seal(field, cell.mentor_id, &clear);
            if tx
                .replace_secret_cell(column, cell.row_key, &cell.value, &sealed)
                .await?
            {
                if PayoutCipher::is_sealed(&cell.value) {
                    done.rotated += 1;
                } else {
                    done.from_clear += 1;
                }
            }
        }
    }
    if done != Sealed::default() {
        tx.audit(
            &AuditEntry::new(
                actor,
                AuditAction::PayoutKeyRotated,
                "payout_key",
                c.key_id(),
            )
            .change(
                None,
                Some(json!({
                    "key_id": c.key_id(),
                    "sealed_from_clear": done.from_clear,
                    "resealed_from_older_keys": done.rotated,
                })),
            ),
            now,
        )
        .await?;
    }
    tx.commit().await?;
    Ok(done)
}

/// The schedule stored details name (weekly when none, or unreadable).
pub fn schedule_of(details: Option<&PayoutDetailsRow>) -> Schedule {
    details
        .and_then(|d| Schedule::parse(&d.schedule))
        .unwrap_or(Schedule::Weekly)
}

// ---- Earnings ------------------------------------------------------------

/// Whether a session's money counts as earned: its end has passed and it
/// was not still waiting for an answer or a payment (a confirmed session
/// past its end is completed; a late cancellation or a learner's no-show
/// leaves the mentor their net).
pub fn session_done(s: &SessionMoney, now: DateTime<Utc>) -> bool {
    s.end_at <= now && !matches!(s.status, Status::Pending | Status::PaymentRequired)
}

/// The earning facts of the mentor's sessions at `now` (in the order
/// given, oldest first), and which of them payouts carried: the sessions
/// past their hold count as paid out oldest first, up to `paid_out` (what
/// the mentor's payout lines, paid or on their way, carried). A refund
/// asked for on a session already paid out holds nothing back (the money
/// is with the mentor; a refund made becomes an amount owed), so its fact
/// has no open refund.
pub fn facts(
    sessions: &[SessionMoney],
    paid_out: i64,
    now: DateTime<Utc>,
) -> (Vec<EarningFact>, Vec<bool>) {
    let mut left = paid_out;
    sessions
        .iter()
        .map(|s| {
            let mut f = EarningFact {
                booking_id: s.booking_id.clone(),
                net_paise: s.net_paise,
                end_ms: ms(s.end_at),
                completed: session_done(s, now),
                refund_open: false,
            };
            let carried =
                !payouts::is_pending(&f, ms(now)) && s.net_paise > 0 && left >= s.net_paise;
            if carried {
                left -= s.net_paise;
            }
            f.refund_open = s.open_refunds > 0 && !carried;
            (f, carried)
        })
        .unzip()
}

/// Where one session's net stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SessionState {
    Pending,
    /// Past its hold, but a refund request, a gateway dispute or a no-show
    /// report of it is open: held until that is settled.
    Held,
    Available,
    /// Called off: shown as cancelled with what the mentor keeps, never as
    /// ended or pending.
    Cancelled,
    /// Carried by a payout line still on its way to the bank.
    InPayout,
    /// Carried by a paid payout line.
    Paid,
}

/// One session in the mentor's earnings.
#[derive(Debug, Clone)]
pub struct SessionEarning {
    pub money: SessionMoney,
    pub state: SessionState,
    pub available_at: DateTime<Utc>,
    /// The TDS deducted from it when a payout paid it, less what refunds
    /// gave back; `None` until a payout pays it.
    pub tds_paise: Option<Paise>,
}

/// One month of the earnings chart (`YYYY-MM`, Asia/Kolkata).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Month {
    pub month: String,
    /// The mentor's net of the month's sessions (a signed sum of the ledger).
    pub earned_paise: i64,
    pub paid_paise: Paise,
}

/// A mentor's earnings as their dashboard shows them.
#[derive(Debug, Clone)]
pub struct MentorEarnings {
    pub earnings: Earnings,
    /// In batches, not yet paid.
    pub in_payout_paise: Paise,
    pub paid_paise: Paise,
    pub schedule: Schedule,
    pub next_payout_at: DateTime<Utc>,
    pub sessions: Vec<SessionEarning>,
    pub series: Vec<Month>,
    pub payouts: Vec<LineRow>,
    /// TDS deducted in the current financial year (net of reversals).
    pub tds_year_paise: Paise,
    /// The current financial year (`2026-27`).
    pub financial_year: String,
}

/// The month of `t` in India: `2026-11`.
fn month_of(t: DateTime<Utc>) -> String {
    let local = t.with_timezone(&chrono_tz::Asia::Kolkata);
    format!("{:04}-{:02}", local.year(), local.month())
}

/// The mentor's earnings at `now`.
pub async fn earnings(
    state: &AppState,
    mentor_id: i64,
    now: DateTime<Utc>,
) -> Result<MentorEarnings, PayoutError> {
    let mut r = state.store.begin_read().await?;
    let details = r.payout_details(mentor_id).await?;
    let with_sandbox = state.counts_sandbox_money();
    let sessions = r.mentor_sessions_money(mentor_id, with_sandbox).await?;
    let balance = r.mentor_balance(mentor_id, with_sandbox).await?;
    let lines = open_lines(cipher(state)?, r.payout_lines_of_mentor(mentor_id).await?)?;
    let tds: HashMap<String, TdsRow> = r
        .tds_of_mentor(mentor_id, None)
        .await?
        .into_iter()
        .map(|t| (t.booking_id.clone(), t))
        .collect();
    drop(r);
    let schedule = schedule_of(details.as_ref());
    let sum = |status: LineStatus, with_tds: bool| -> Paise {
        lines
            .iter()
            .filter(|l| l.status == status)
            .map(|l| {
                l.amount_paise
                    .saturating_add(if with_tds { l.tds_paise } else { Paise::ZERO })
            })
            .sum()
    };
    let (in_payout, paid) = (
        sum(LineStatus::Pending, false),
        sum(LineStatus::Paid, false),
    );
    // Which sessions payouts carried is counted on what they paid before TDS.
    let (in_payout_gross, paid_gross) =
        (sum(LineStatus::Pending, true), sum(LineStatus::Paid, true));
    let now_ms = ms(now);
    let (all_facts, carried) = facts(
        &sessions,
        in_payout_gross.saturating_add(paid_gross).to_i64(),
        now,
    );
    let mut shown = Vec::with_capacity(sessions.len());
    // The carried sessions, oldest first, are paid up to what the paid
    // lines carried; the rest are in a payout still on its way.
    let mut paid_left = paid_gross.to_i64();
    for ((s, f), carried) in sessions.into_iter().zip(&all_facts).zip(carried) {
        let state = if carried {
            if paid_left >= s.net_paise {
                paid_left -= s.net_paise;
                SessionState::Paid
            } else {
                paid_left = 0;
                SessionState::InPayout
            }
        } else {
            match payouts::earning_state(f, s.status == Status::Cancelled, now_ms) {
                payouts::EarningState::Held => SessionState::Held,
                payouts::EarningState::Pending => SessionState::Pending,
                payouts::EarningState::Available => SessionState::Available,
                payouts::EarningState::Cancelled => SessionState::Cancelled,
            }
        };
        shown.push(SessionEarning {
            available_at: at(payouts::available_at_ms(f.end_ms)),
            state,
            tds_paise: tds
                .get(&s.booking_id)
                .map(|t| t.tds_paise.saturating_sub(t.reversed_paise)),
            money: s,
        });
    }
    let mut months: BTreeMap<String, Month> = BTreeMap::new();
    fn month(months: &mut BTreeMap<String, Month>, key: String) -> &mut Month {
        months.entry(key.clone()).or_insert(Month {
            month: key,
            earned_paise: 0,
            paid_paise: Paise::ZERO,
        })
    }
    for s in &shown {
        if s.money.net_paise != 0 {
            month(&mut months, month_of(s.money.end_at)).earned_paise += s.money.net_paise;
        }
    }
    for l in lines.iter().filter(|l| l.status == LineStatus::Paid) {
        let m = month(&mut months, month_of(l.paid_at.unwrap_or(l.updated_at)));
        m.paid_paise = m.paid_paise.saturating_add(l.amount_paise);
    }
    let fy = payouts::fy_label(payouts::financial_year(now_ms));
    let tds_year_paise = tds
        .values()
        .filter(|t| t.fy == fy)
        .map(|t| t.tds_paise.saturating_sub(t.reversed_paise))
        .sum();
    Ok(MentorEarnings {
        tds_year_paise,
        financial_year: fy,
        earnings: payouts::earnings(&all_facts, balance, now_ms),
        in_payout_paise: in_payout,
        paid_paise: paid,
        schedule,
        next_payout_at: at(payouts::next_payout_ms(schedule, now_ms)),
        sessions: shown,
        series: months.into_values().collect(),
        payouts: lines,
    })
}

// ---- Batches -------------------------------------------------------------

/// A mentor left out of a batch, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skipped {
    pub mentor_id: i64,
    pub mentor_name: String,
    pub available_paise: i64,
    pub reason: String,
}

/// A batch with its lines.
#[derive(Debug, Clone)]
pub struct Batch {
    pub batch: BatchRow,
    pub lines: Vec<LineRow>,
}

/// A batch just created, with who was left out.
#[derive(Debug, Clone)]
pub struct CreatedBatch {
    pub batch: Batch,
    pub skipped: Vec<Skipped>,
}

/// Whether a mentor on `schedule` with these payout lines is due a payout
/// at `now`: no line paid or pending in a batch created in the current
/// week (weekly) or month (monthly).
pub fn schedule_due(schedule: Schedule, lines: &[LineRow], now: DateTime<Utc>) -> bool {
    let period = payouts::next_payout_ms(schedule, ms(now));
    !lines.iter().any(|l| {
        l.status != LineStatus::Failed
            && payouts::next_payout_ms(schedule, ms(l.created_at)) == period
    })
}

/// An amount as the skipped reasons say it (the rules' signed figures
/// are above zero where they are said).
fn rupees(paise: i64) -> String {
    crate::mail::booking_templates::rupees(Paise::saturating_from(paise))
}

/// Creates a payout batch for money available by `period_end` (parsed by
/// `domain_wasm::forms::money::parse_payout_batch`: never later than now):
/// one line per mentor with available money,
/// payout details and a due schedule, each posted to the ledger. Refused
/// (409, nothing written) when no mentor gets a line.
pub async fn create_batch(
    state: &AppState,
    admin_id: i64,
    period_end: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<CreatedBatch, PayoutError> {
    let mut tx = state.store.begin().await?;
    tx.lock_payout_batches().await?;
    let mut batch_id = None;
    let mut skipped = Vec::new();
    let with_sandbox = state.counts_sandbox_money();
    for mentor_id in tx.mentors_with_earnings(with_sandbox).await? {
        let sessions = tx.mentor_sessions_money(mentor_id, with_sandbox).await?;
        let balance = tx.mentor_balance(mentor_id, with_sandbox).await?;
        let lines = tx.payout_lines_of_mentor(mentor_id).await?;
        // What the lines carried before TDS came off them.
        let paid_out: Paise = lines
            .iter()
            .filter(|l| l.status != LineStatus::Failed)
            .map(|l| l.amount_paise.saturating_add(l.tds_paise))
            .sum();
        let (fs, carried) = facts(&sessions, paid_out.to_i64(), period_end);
        let e = payouts::earnings(&fs, balance, ms(period_end));
        if e.available_paise <= 0 && e.owed_paise <= 0 {
            continue;
        }
        apply_due(&mut tx, mentor_id, now).await?;
        let details = tx.payout_details(mentor_id).await?;
        let name = tx.mentor_name(mentor_id).await?;
        let skip = |reason: String| Skipped {
            mentor_id,
            mentor_name: name.clone(),
            available_paise: e.available_paise,
            reason,
        };
        if e.available_paise <= 0 {
            skipped.push(skip(format!(
                "Owes {} back from a refund after a payout; it comes off their next earnings.",
                rupees(e.owed_paise)
            )));
            continue;
        }
        let Some(details) = details else {
            skipped.push(skip(
                "No payout details: the mentor has not said where to pay them.".to_owned(),
            ));
            continue;
        };
        let schedule = schedule_of(Some(&details));
        if !schedule_due(schedule, &lines, now) {
            let next = at(payouts::next_payout_ms(schedule, ms(now)));
            let when = crate::mail::booking_templates::local_time(next, "Asia/Kolkata");
            let period = match schedule {
                Schedule::Weekly => "weekly; already paid this week",
                Schedule::Monthly => "monthly; already paid this month",
            };
            skipped.push(skip(format!("Paid {period}. Next payout from {when}.")));
            continue;
        }
        // TDS (section 194-O) on each session this line pays for the first
        // time, on its gross after refunds, in the financial year of now.
        let known: HashSet<String> = tx
            .tds_of_mentor(mentor_id, None)
            .await?
            .into_iter()
            .map(|t| t.booking_id)
            .collect();
        let fy = payouts::fy_label(payouts::financial_year(ms(now)));
        let quarter = payouts::fy_quarter(ms(now)) as i32;
        let mut year_gross = tx.tds_year_gross(mentor_id, &fy).await?;
        let pan_given = details.pan.is_some();
        let mut paid_now = Vec::new();
        for ((s, f), carried) in sessions.iter().zip(&fs).zip(&carried) {
            // The ledger's signed sums; nothing to deduct on when not above zero.
            let gross = Paise::saturating_from(s.commission_paise + s.net_paise);
            if *carried
                || payouts::is_pending(f, ms(period_end))
                || known.contains(&s.booking_id)
                || gross.is_zero()
            {
                continue;
            }
            let t = payouts::tds_on(
                gross.to_i64(),
                year_gross.to_i64(),
                pan_given,
                &state.tds_rates,
            );
            year_gross = year_gross.saturating_add(gross);
            paid_now.push((s, gross, t));
        }
        let tds_total: Paise = paid_now
            .iter()
            .map(|(_, _, t)| Paise::saturating_from(t.tds_paise))
            .sum();
        let gross_total: Paise = paid_now.iter().map(|(_, g, _)| *g).sum();
        let amount = Paise::saturating_from(e.available_paise).saturating_sub(tds_total);
        if amount.is_zero() {
            skipped.push(skip(format!(
                "The TDS of {} takes all of the {} available.",
                crate::mail::booking_templates::rupees(tds_total),
                rupees(e.available_paise)
            )));
            continue;
        }
        let batch = match batch_id {
            Some(id) => id,
            None => {
                let id = tx
                    .insert_payout_batch(period_end, Some(admin_id), now)
                    .await?;
                batch_id = Some(id);
                id
            }
        };
        let line_id = tx
            .insert_payout_line(
                &NewLine {
                    batch_id: batch,
                    mentor_id,
                    amount_paise: amount,
                    gross_paise: gross_total,
                    tds_paise: tds_total,
                    details: &details,
                },
                |line| payouts::payout_reference(batch, line),
                now,
            )
            .await?;
        if !tds_total.is_zero() {
            let txn = format!("tds:{line_id}");
            let header = crate::ledger::Txn {
                id: &txn,
                event: "payout",
                booking_id: None,
                refund_id: None,
                payout_line_id: Some(line_id),
                sandbox: state.counts_sandbox_money(),
            };
            crate::ledger::post(
                &mut tx,
                &header,
                &ledger::tds_postings(mentor_id, tds_total.to_i64()),
                now,
            )
            .await?;
        }
        for (s, gross, t) in &paid_now {
            tx.insert_tds(
                &NewTds {
                    booking_id: &s.booking_id,
                    mentor_id,
                    payout_line_id: line_id,
                    fy: &fy,
                    quarter,
                    gross_paise: *gross,
                    commission_paise: s.commission_paise,
                    net_paise: s.net_paise,
                    pan_given,
                    rate_bps: t.rate_bps,
                    taxable_paise: Paise::saturating_from(t.taxable_paise),
                    tds_paise: Paise::saturating_from(t.tds_paise),
                },
                now,
            )
            .await?;
        }
        let txn = format!("payout:{line_id}");
        let header = crate::ledger::Txn {
            id: &txn,
            event: "payout",
            booking_id: None,
            refund_id: None,
            payout_line_id: Some(line_id),
            sandbox: state.counts_sandbox_money(),
        };
        let postings = ledger::payout_postings(mentor_id, amount.to_i64());
        crate::ledger::post(&mut tx, &header, &postings, now).await?;
    }
    let Some(batch_id) = batch_id else {
        return Err(PayoutError::Conflict(NOTHING_TO_PAY.to_owned()));
    };
    let batch = read_batch(state, &mut tx, batch_id).await?;
    tx.commit().await?;
    Ok(CreatedBatch { batch, skipped })
}

async fn read_batch(state: &AppState, tx: &mut Tx, id: i64) -> Result<Batch, PayoutError> {
    let batch = tx.payout_batch(id).await?.ok_or(PayoutError::NotFound)?;
    let lines = open_lines(cipher(state)?, tx.payout_lines_of_batch(id).await?)?;
    Ok(Batch { batch, lines })
}

/// Every batch, newest first.
pub async fn batches(state: &AppState) -> Result<Vec<BatchRow>, PayoutError> {
    let mut r = state.store.begin_read().await?;
    Ok(r.payout_batches().await?)
}

/// Batch `id` with its lines.
pub async fn batch(state: &AppState, id: i64) -> Result<Batch, PayoutError> {
    let mut r = state.store.begin_read().await?;
    read_batch(state, &mut r, id).await
}

/// Batch `id` for its bank file, by administrator `admin_id`: the export
/// is audited (`payout_batch.exported`), as it carries full numbers.
pub async fn export(
    state: &AppState,
    admin_id: i64,
    id: i64,
    now: DateTime<Utc>,
) -> Result<Batch, PayoutError> {
    let mut tx = state.store.begin().await?;
    let b = read_batch(state, &mut tx, id).await?;
    tx.audit(
        &AuditEntry::new(
            Actor::Admin(admin_id),
            AuditAction::PayoutExported,
            "payout_batch",
            id,
        )
        .change(
            None,
            Some(json!({
                "lines": b.lines.len(),
                "total_paise": b.batch.total_paise.to_i64(),
                "sandbox": b.batch.sandbox,
            })),
        ),
        now,
    )
    .await?;
    tx.commit().await?;
    Ok(b)
}

/// The batch's lines as the bank transfer file: CSV with the header
/// `payout_id,mentor_id,beneficiary_name,account_number,upi_id,ifsc,amount_rupees,reference,gross_rupees,tds_rupees`
/// (payout_id is the batch's id), one row per line (failed ones too, as
/// they were made), full account numbers and UPI ids; `amount_rupees` is
/// what is sent, after the TDS (issue 20's columns come last).
pub fn csv(batch: &Batch) -> String {
    let mut out = String::from(
        "payout_id,mentor_id,beneficiary_name,account_number,upi_id,ifsc,amount_rupees,reference,gross_rupees,tds_rupees\r\n",
    );
    for l in &batch.lines {
        let fields = [
            l.batch_id.to_string(),
            l.mentor_id.to_string(),
            csv_field(&l.beneficiary_name),
            csv_field(l.account_number.as_deref().unwrap_or_default()),
            csv_field(l.upi_id.as_deref().unwrap_or_default()),
            csv_field(l.ifsc.as_deref().unwrap_or_default()),
            payouts::rupees_csv(l.amount_paise.to_i64()),
            csv_field(&l.reference),
            payouts::rupees_csv(l.gross_paise.to_i64()),
            payouts::rupees_csv(l.tds_paise.to_i64()),
        ];
        out.push_str(&fields.join(","));
        out.push_str("\r\n");
    }
    out
}

/// One CSV field: quoted when it holds a comma, quote or line break; text
/// a spreadsheet would take for a formula (`=`, `+`, `-`, `@` first) gets a
/// leading apostrophe.
pub fn csv_field(s: &str) -> String {
    let s = if s.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{s}")
    } else {
        s.to_owned()
    };
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s
    }
}

/// Marks line `line_id` of batch `batch_id` paid (`failure_reason: None`)
/// or failed (with its reason): the ledger moves the money on (to the
/// gateway, or back to the mentor's available balance) and the mentor is
/// e-mailed. 409 unless the line is pending.
pub async fn settle_line(
    state: &AppState,
    batch_id: i64,
    line_id: i64,
    failure_reason: Option<&Option<String>>,
    now: DateTime<Utc>,
) -> Result<LineRow, PayoutError> {
    let reason = match failure_reason {
        None => None,
        Some(given) => Some(
            forms::money::parse_payout_failed(given.as_deref()).map_err(PayoutError::Invalid)?,
        ),
    };
    let mut tx = state.store.begin().await?;
    let line = tx
        .payout_line(batch_id, line_id)
        .await?
        .ok_or(PayoutError::NotFound)?;
    if !tx
        .settle_payout_line(line_id, reason.is_none(), reason.as_deref(), now)
        .await?
    {
        return Err(PayoutError::Conflict(NOT_PENDING.to_owned()));
    }
    let (txn, event, postings) = match &reason {
        None => (
            format!("payout_paid:{line_id}"),
            "payout_paid",
            ledger::payout_paid_postings(line.mentor_id, line.amount_paise.to_i64()),
        ),
        Some(_) => (
            format!("payout_failed:{line_id}"),
            "payout_failed",
            ledger::payout_failed_postings(line.mentor_id, line.amount_paise.to_i64()),
        ),
    };
    let header = crate::ledger::Txn {
        id: &txn,
        event,
        booking_id: None,
        refund_id: None,
        payout_line_id: Some(line_id),
        sandbox: state.counts_sandbox_money(),
    };
    crate::ledger::post(&mut tx, &header, &postings, now).await?;
    let line = tx
        .payout_line(batch_id, line_id)
        .await?
        .ok_or(PayoutError::NotFound)?;
    let line = open_line(cipher(state)?, line)?;
    if let Some(to) = tx.mentor_recipient(line.mentor_id).await? {
        let link = state.link("/dashboard/mentor?tab=earnings");
        let mail = match &reason {
            None => payout_templates::paid(&to, &line, &link),
            Some(reason) => payout_templates::failed(&to, &line, reason, &link),
        };
        tx.enqueue_email(&mail, now).await?;
    }
    tx.commit().await?;
    state.mailer.wake();
    Ok(line)
}

// ---- TDS statement -------------------------------------------------------

/// The mentor's TDS rows of a quarter of a financial year (`fy` its start year).
pub async fn tds_rows(
    state: &AppState,
    mentor_id: i64,
    fy: i64,
    quarter: u32,
) -> Result<Vec<TdsRow>, PayoutError> {
    let mut r = state.store.begin_read().await?;
    let label = payouts::fy_label(fy);
    Ok(r.tds_of_mentor(mentor_id, Some((&label, quarter as i32)))
        .await?)
}

/// The quarterly TDS statement as CSV: the header
/// `financial_year,quarter,booking_id,service,session_ended,deducted_on,payout_reference,gross_rupees,commission_rupees,tds_rate_percent,tds_rupees,tds_reversed_rupees,net_rupees`,
/// one row per session a payout paid in the quarter (dates in India),
/// then a `TOTAL` row. `net_rupees` is the mentor's share less the TDS
/// kept (deducted less reversed).
pub fn tds_csv(fy: i64, quarter: u32, rows: &[TdsRow]) -> String {
    let mut out = String::from(
        "financial_year,quarter,booking_id,service,session_ended,deducted_on,payout_reference,gross_rupees,commission_rupees,tds_rate_percent,tds_rupees,tds_reversed_rupees,net_rupees\r\n",
    );
    let label = payouts::fy_label(fy);
    let date = |t: DateTime<Utc>| {
        t.with_timezone(&chrono_tz::Asia::Kolkata)
            .format("%Y-%m-%d")
            .to_string()
    };
    let percent = |bps: i64| format!("{}.{:02}", bps / 100, bps % 100);
    let (mut gross, mut commission, mut tds, mut reversed, mut net) = (0, 0, 0, 0, 0);
    for r in rows {
        let kept = r.tds_paise.saturating_sub(r.reversed_paise).to_i64();
        let row_net = r.net_paise - kept;
        gross += r.gross_paise.to_i64();
        commission += r.commission_paise;
        tds += r.tds_paise.to_i64();
        reversed += r.reversed_paise.to_i64();
        net += row_net;
        let fields = [
            label.clone(),
            format!("Q{quarter}"),
            csv_field(&r.booking_id),
            csv_field(&r.service_title),
            date(r.end_at),
            date(r.deducted_at),
            csv_field(&r.reference),
            payouts::rupees_csv(r.gross_paise.to_i64()),
            payouts::rupees_csv(r.commission_paise),
            percent(r.rate_bps),
            payouts::rupees_csv(r.tds_paise.to_i64()),
            payouts::rupees_csv(r.reversed_paise.to_i64()),
            payouts::rupees_csv(row_net),
        ];
        out.push_str(&fields.join(","));
        out.push_str("\r\n");
    }
    let total = [
        label,
        format!("Q{quarter}"),
        "TOTAL".to_owned(),
        String::new(),
        String::new(),
        String::new(),
        String::new(),
        payouts::rupees_csv(gross),
        payouts::rupees_csv(commission),
        String::new(),
        payouts::rupees_csv(tds),
        payouts::rupees_csv(reversed),
        payouts::rupees_csv(net),
    ];
    out.push_str(&total.join(","));
    out.push_str("\r\n");
    out
}
