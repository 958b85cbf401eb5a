#!/usr/bin/env python3
"""Writes domain-wasm/vectors/refunds.json: the money rules of issue 13
(domain-wasm/src/refunds.rs, payouts.rs) as vectors, from a second,
independent reading of the contract (MONEY.md, H1) written here in Python.

- `refundEligibility`: every stored status with each way money can be owed
  (cancelled by each party, no-shows, expiry, overpayment) and each way it
  cannot, with and without feedback, refunds already made and an open
  request, just before, at and just after every boundary (the start, the
  end + 48 hours, the end + 7 days, the payment + 7 days);
- `refundSplit`: the proportional rule, refunds in pieces adding up to the
  commission, odd inputs;
- `checkPayoutDetails`: IFSC, account numbers, UPI ids, names, schedules;
- `nextPayout`: weekly and monthly around Monday and month boundaries in
  Asia/Kolkata;
- `refundRules`: the published numbers;
- malformed arguments, with the messages they throw.

Usage: python3 domain-wasm/scripts/refund-vectors.py  (rewrites the file)
"""
import datetime as dt
import json
import re
from pathlib import Path

M = 60_000
H = 60 * M
D = 24 * H
S = 1_796_119_200_000  # 2026-12-01T10:00:00Z, a Tuesday
E = S + H  # a one-hour session
PAID = 150_000
PAID_AT = S - 3 * D
IST = dt.timezone(dt.timedelta(hours=5, minutes=30))

WINDOW_DAYS = 7
FEEDBACK_HOURS = 48
PERCENT = 50
REVIEW = (3, 5)
HOLD_DAYS = 2


# ---- money words ----------------------------------------------------------

def indian(n):
    s = str(n)
    if len(s) <= 3:
        return s
    head, tail = s[:-3], s[-3:]
    groups = []
    while len(head) > 2:
        groups.insert(0, head[-2:])
        head = head[:-2]
    if head:
        groups.insert(0, head)
    return ",".join(groups + [tail])


def rupees(paise):
    r, p = divmod(max(paise, 0), 100)
    return "₹" + indian(r) + (f".{p:02d}" if p else "")


# ---- refund eligibility (MONEY.md, rules 1-7) -----------------------------

def no(message, closes=None):
    out = {"eligible": False, "automatic": False, "maxPaise": 0, "message": message}
    if closes is not None:
        out["closesAtMs"] = closes
    return out


def yes(basis, automatic, amount, message, closes=None):
    out = {"eligible": True, "automatic": automatic, "basis": basis, "maxPaise": amount, "message": message}
    if closes is not None:
        out["closesAtMs"] = closes
    return out


REVIEWING = f"We review requests within {REVIEW[0]}–{REVIEW[1]} business days."


def eligibility(f, now):
    g = lambda k, d=None: f.get(k) if f.get(k) is not None else d
    status = f["status"]
    captured, refunded = g("capturedPaise", 0), max(g("refundedPaise", 0), 0)
    if g("openRequest", False):
        return no(f"Your refund request is being reviewed; we answer within {REVIEW[0]}–{REVIEW[1]} business days.")
    remaining = captured - refunded
    if remaining <= 0:
        if captured <= 0:
            return no("Nothing was paid for this booking, so there is nothing to refund.")
        return no("Everything you paid for this booking has already been refunded or is on its way back to you.")
    owed = g("refundOwedPaise", 0) - refunded
    if owed > 0:
        amount = min(owed, remaining)
        if status == "cancelled":
            basis = "learner_cancelled" if g("cancelledBy") == "learner" else "mentor_cancelled"
        elif g("noShowBy") == "mentor" and g("noShowChoice") == "refund":
            basis = "mentor_no_show"
        elif status == "expired":
            basis = "expired"
        else:
            basis = "overpaid"
        why = {
            "mentor_cancelled": "the session was cancelled by the mentor or by us",
            "mentor_no_show": "the mentor missed the session and you chose a refund",
            "learner_cancelled": "you cancelled in time",
            "expired": "the booking expired",
            "overpaid": "you paid more than the session's price",
        }[basis]
        return yes(basis, True, amount, f"You are owed {rupees(amount)} because {why}. The refund is automatic and goes back to the way you paid.")
    if g("noShowBy") == "learner":
        return no("The session was reported as missed by you, so it counts as used and cannot be refunded.")
    start, end = f["startMs"], f["endMs"]
    if status in ("confirmed", "completed") and now >= start:
        feedback = g("feedbackAtMs")
        feedback_by = end + FEEDBACK_HOURS * H
        ask_by = end + WINDOW_DAYS * D
        if feedback is not None and feedback <= feedback_by:
            if now > ask_by:
                return no(f"The partial refund could be asked for until {WINDOW_DAYS} days after the session, and that time has passed.")
            # Of what the session cost: an overpayment (owed, refunded) aside.
            extra = max(g("refundOwedPaise", 0), 0)
            most = (captured - extra) * PERCENT // 100 - (refunded - extra)
            if most <= 0:
                return no(f"You have already received the {PERCENT} % refund for this session, the most the policy allows after a session took place.")
            return yes("partial", False, most, f"Thank you for your feedback. You can ask for a partial refund of {PERCENT} % ({rupees(most)}) within {WINDOW_DAYS} days of the session. {REVIEWING}", ask_by)
        if feedback is None and now <= feedback_by:
            return no(f"Refunds are not available once a session has begun, except one: give feedback within {FEEDBACK_HOURS} hours of the session's end and you can ask for a {PERCENT} % refund.", feedback_by)
        if feedback is not None:
            return no(f"Refunds are not available after the session took place. The {PERCENT} % partial refund needs feedback within {FEEDBACK_HOURS} hours of the session, and yours came later.")
        return no(f"Refunds are not available after the session took place. The {PERCENT} % partial refund needed feedback within {FEEDBACK_HOURS} hours of the session, and that time has passed.")
    if status == "confirmed":
        paid_at = g("capturedAtMs")
        if paid_at is None:
            return no(f"Refund requests close {WINDOW_DAYS} days after the payment.")
        closes = paid_at + WINDOW_DAYS * D
        if now <= closes:
            return yes("unused", False, remaining, f"The session has not taken place yet, so you can ask for a refund of up to {rupees(remaining)} within {WINDOW_DAYS} days of your payment; if it is approved, the session is cancelled. {REVIEWING}", closes)
        return no(f"Refund requests close {WINDOW_DAYS} days after the payment, and that time has passed. You can still cancel or reschedule the session if its notice period allows.")
    if status == "cancelled":
        return no("This booking was cancelled after the free cancellation period, so the policy gives no refund for it.")
    if status == "no_show" and g("noShowChoice") == "reschedule":
        return no("You chose a new time for the missed session instead of a refund.")
    if status == "no_show":
        return no("The session was reported as missed, so it cannot be refunded.")
    if status in ("pending", "payment_required"):
        return no("This booking is not confirmed yet. If it is declined or expires, anything you paid comes back automatically.")
    return no("This booking has no refund you can ask for under the refund policy.")


def facts(status, **over):
    f = {
        "status": status,
        "startMs": S,
        "endMs": E,
        "cancelledBy": None,
        "noShowBy": None,
        "noShowChoice": None,
        "refundOwedPaise": 0,
        "capturedPaise": PAID,
        "capturedAtMs": PAID_AT,
        "refundedPaise": 0,
        "openRequest": False,
        "feedbackAtMs": None,
    }
    f.update(over)
    return f


# The situations: (note, facts).
SITUATIONS = [
    ("confirmed, paid 3 days before", facts("confirmed")),
    ("confirmed, paid 10 days before", facts("confirmed", capturedAtMs=S - 10 * D)),
    ("confirmed, no capture time", facts("confirmed", capturedAtMs=None)),
    ("confirmed, free", facts("confirmed", capturedPaise=0, capturedAtMs=None)),
    ("confirmed, overpaid", facts("confirmed", capturedPaise=2 * PAID, refundOwedPaise=PAID)),
    ("confirmed, overpaid and that refunded", facts("confirmed", capturedPaise=2 * PAID, refundOwedPaise=PAID, refundedPaise=PAID)),
    ("confirmed, open request", facts("confirmed", openRequest=True)),
    ("confirmed, feedback at end+1h", facts("confirmed", feedbackAtMs=E + H)),
    ("completed, no feedback", facts("completed")),
    ("completed, feedback at end+1h", facts("completed", feedbackAtMs=E + H)),
    ("completed, feedback at end+48h", facts("completed", feedbackAtMs=E + 48 * H)),
    ("completed, feedback at end+48h+1ms", facts("completed", feedbackAtMs=E + 48 * H + 1)),
    ("completed, feedback, 60,000 refunded", facts("completed", feedbackAtMs=E + H, refundedPaise=60_000)),
    ("completed, feedback, 75,000 refunded", facts("completed", feedbackAtMs=E + H, refundedPaise=75_000)),
    ("completed, feedback, odd price", facts("completed", feedbackAtMs=E + H, capturedPaise=99_999)),
    ("completed, feedback, open request", facts("completed", feedbackAtMs=E + H, openRequest=True)),
    ("completed, feedback, overpaid and that refunded", facts("completed", feedbackAtMs=E + H, capturedPaise=2 * PAID, refundOwedPaise=PAID, refundedPaise=PAID)),
    ("completed, feedback, overpaid, that and 20,000 refunded", facts("completed", feedbackAtMs=E + H, capturedPaise=PAID + 1_001, refundOwedPaise=1_001, refundedPaise=21_001)),
    ("completed, rescheduled after a mentor no-show", facts("completed", noShowBy="mentor", noShowChoice="reschedule")),
    ("cancelled by mentor", facts("cancelled", cancelledBy="mentor", refundOwedPaise=PAID)),
    ("cancelled by admin", facts("cancelled", cancelledBy="admin", refundOwedPaise=PAID)),
    ("cancelled by the system", facts("cancelled", refundOwedPaise=PAID)),
    ("cancelled by learner in time", facts("cancelled", cancelledBy="learner", refundOwedPaise=PAID)),
    ("cancelled by learner late", facts("cancelled", cancelledBy="learner")),
    ("cancelled by mentor, part refunded", facts("cancelled", cancelledBy="mentor", refundOwedPaise=PAID, refundedPaise=50_000)),
    ("cancelled by mentor, all refunded", facts("cancelled", cancelledBy="mentor", refundOwedPaise=PAID, refundedPaise=PAID)),
    ("cancelled by mentor, owed more than paid", facts("cancelled", cancelledBy="mentor", refundOwedPaise=3 * PAID)),
    ("cancelled by mentor, open request", facts("cancelled", cancelledBy="mentor", refundOwedPaise=PAID, openRequest=True)),
    ("cancelled by mentor, unpaid", facts("cancelled", cancelledBy="mentor", capturedPaise=0, capturedAtMs=None)),
    ("no-show by mentor, refund chosen", facts("no_show", noShowBy="mentor", noShowChoice="refund", refundOwedPaise=PAID)),
    ("no-show by mentor, reschedule chosen", facts("no_show", noShowBy="mentor", noShowChoice="reschedule")),
    ("no-show by mentor, reschedule chosen, overpaid", facts("no_show", noShowBy="mentor", noShowChoice="reschedule", capturedPaise=PAID + 500, refundOwedPaise=500)),
    ("no-show by learner", facts("no_show", noShowBy="learner")),
    ("no-show by learner, overpaid", facts("no_show", noShowBy="learner", capturedPaise=PAID + 500, refundOwedPaise=500)),
    ("expired with money", facts("expired", refundOwedPaise=PAID)),
    ("expired, nothing owed", facts("expired")),
    ("pending, paid", facts("pending")),
    ("payment required, unpaid", facts("payment_required", capturedPaise=0, capturedAtMs=None)),
]

MOMENTS = {
    "start-1d": S - D,
    "paid+7d": PAID_AT + 7 * D,
    "start": S,
    "end": E,
    "end+48h": E + 48 * H,
    "end+7d": E + 7 * D,
    "end+400d": E + 400 * D,
}


def eligibility_cases():
    cases, seen = [], set()
    for note, f in SITUATIONS:
        for name, t in MOMENTS.items():
            triple = [(t + d, label) for d, label in ((-1, f"1 ms before {name}"), (0, f"at {name}"), (1, f"1 ms after {name}"))]
            answers = [eligibility(f, now) for now, _ in triple]
            keys = {json.dumps(a, sort_keys=True, ensure_ascii=False) for a in answers}
            # A boundary that changes nothing is kept once per answer (at the
            # moment itself); one that changes the answer, on all three sides.
            if len(keys) == 1:
                key = (note, keys.pop())
                if key in seen:
                    continue
                seen.add(key)
                triple, answers = triple[1:2], answers[1:2]
            for (now, label), expect in zip(triple, answers):
                cases.append({"note": f"{note}, {label}", "fn": "refundEligibility", "args": [f, now], "expect": expect})
    # JavaScript leaves out what is unknown: missing keys read as null / 0 / false.
    bare = {"status": "confirmed", "startMs": S, "endMs": E, "capturedPaise": PAID, "capturedAtMs": PAID_AT}
    cases.append({"note": "optional fields left out", "fn": "refundEligibility", "args": [bare, S - D], "expect": eligibility(bare, S - D)})
    return cases


def eligibility_throws():
    f = facts("confirmed")
    return [
        {"note": "facts not an object", "fn": "refundEligibility", "args": ["confirmed", S], "throws": "a booking must be an object"},
        {"note": "status missing", "fn": "refundEligibility", "args": [{**f, "status": None}, S], "throws": "a booking's status is missing"},
        {"note": "unknown status", "fn": "refundEligibility", "args": [{**f, "status": "refunded"}, S],
         "throws": "a booking's status must be one of pending, payment_required, confirmed, completed, cancelled, expired, no_show"},
        {"note": "start missing", "fn": "refundEligibility", "args": [{k: v for k, v in f.items() if k != "startMs"}, S], "throws": "a booking's startMs is missing"},
        {"note": "fractional paise", "fn": "refundEligibility", "args": [{**f, "capturedPaise": 1.5}, S], "throws": "a booking's capturedPaise must be a whole number"},
        {"note": "text for a number", "fn": "refundEligibility", "args": [{**f, "refundedPaise": "0"}, S], "throws": "a booking's refundedPaise must be a whole number"},
        {"note": "unknown party", "fn": "refundEligibility", "args": [{**f, "cancelledBy": "system"}, S], "throws": "a booking's cancelledBy must be one of learner, mentor, admin"},
        {"note": "openRequest not a boolean", "fn": "refundEligibility", "args": [{**f, "openRequest": 1}, S], "throws": "a booking's openRequest must be true or false"},
        {"note": "fractional now", "fn": "refundEligibility", "args": [f, S + 0.5], "throws": "nowMs must be a whole number"},
    ]


# ---- the proportional split -------------------------------------------------

def split(gross, commission, before, refund):
    refund = max(refund, 0)
    if gross <= 0:
        return {"commissionPaise": 0, "mentorPaise": refund}
    c = min(max(commission, 0), gross)
    b = min(max(before, 0), gross)
    a = min(b + refund, gross)
    back = min(c * a // gross - c * b // gross, refund)
    return {"commissionPaise": back, "mentorPaise": refund - back}


def split_cases():
    cases = []

    def add(note, *args):
        cases.append({"note": note, "fn": "refundSplit", "args": list(args), "expect": split(*args)})

    add("a full refund takes back the whole commission", 150_000, 22_500, 0, 150_000)
    add("half of a 15 % payment", 150_000, 22_500, 0, 75_000)
    add("the second half", 150_000, 22_500, 75_000, 75_000)
    for before, r in ((0, 33_333), (33_333, 33_333), (66_666, 33_234)):
        add(f"thirds of ₹999 at 15 % ({before} before)", 99_900, 14_985, before, r)
    for before in range(3):
        add(f"1 paisa of 3 with 1 paisa commission ({before} before)", 3, 1, before, 1)
    add("no commission", 50_000, 0, 0, 20_000)
    add("all commission", 50_000, 50_000, 10_000, 20_000)
    add("nothing paid", 0, 0, 0, 500)
    add("a refund of nothing", 50_000, 7_500, 0, 0)
    add("beyond the payment", 1_000, 150, 900, 200)
    add("already refunded in full", 1_000, 150, 1_000, 200)
    add("a negative refund counts as 0", 1_000, 150, 0, -5)
    add("a large payment", 9_007_199_254_740, 1_351_079_888_211, 1, 4_503_599_627_370)
    cases.append({"note": "fractional paise throw", "fn": "refundSplit", "args": [1000, 150, 0, 0.5], "throws": "refundPaise must be a whole number"})
    cases.append({"note": "fractional gross throws", "fn": "refundSplit", "args": [1000.25, 150, 0, 5], "throws": "grossPaise must be a whole number"})
    return cases


# ---- payout details -----------------------------------------------------------

IFSC = re.compile(r"^[A-Z]{4}0[A-Z0-9]{6}$")
UPI = re.compile(r"^[A-Za-z0-9._-]{2,256}@[A-Za-z]{2,64}$")


def check(i):
    errors = []
    method = (i.get("method") or "").strip()
    if method not in ("bank", "upi"):
        errors.append(("method", "Choose how you want to be paid: a bank account or UPI."))
        method = None
    name = (i.get("beneficiary_name") or "").strip()
    if any(ord(c) < 32 or 127 <= ord(c) < 160 for c in name):
        errors.append(("beneficiary_name", "The account holder's name cannot contain line breaks or control characters."))
    elif not 2 <= len(name) <= 100:
        errors.append(("beneficiary_name", "Enter the account holder's name as the bank knows it (2 to 100 characters)."))
    schedule = (i.get("schedule") or "").strip() or "weekly"
    if schedule not in ("weekly", "monthly"):
        errors.append(("schedule", "Choose weekly or monthly payouts."))
    value = {"method": method, "beneficiary_name": name}
    if method == "bank":
        n = (i.get("account_number") or "").strip()
        if not n:
            errors.append(("account_number", "Enter your bank account number."))
        else:
            digits = "".join(n.split())
            if re.fullmatch(r"[0-9]{9,18}", digits, re.ASCII):
                value["account_number"] = digits
            else:
                errors.append(("account_number", "An account number has 9 to 18 digits."))
        code = (i.get("ifsc") or "").strip()
        if not code:
            errors.append(("ifsc", "Enter your branch's IFSC (it is on your cheque book or passbook)."))
        elif IFSC.match(code.upper()) and code.isascii():
            value["ifsc"] = code.upper()
        else:
            errors.append(("ifsc", "An IFSC has 11 characters: 4 letters, a zero, then 6 letters or digits (for example SBIN0001234)."))
    elif method == "upi":
        u = (i.get("upi_id") or "").strip()
        if not u:
            errors.append(("upi_id", "Enter your UPI id."))
        elif UPI.match(u) and u.isascii():
            value["upi_id"] = u
        else:
            errors.append(("upi_id", "A UPI id looks like name@bank (for example rahul.k@okaxis)."))
    if errors:
        return {"type": "invalid", "errors": [{"field": f, "message": m} for f, m in errors]}
    value["schedule"] = schedule
    return {"type": "ok", "value": value}


def bank(**over):
    i = {"method": "bank", "beneficiary_name": "Asha Verma", "account_number": "123456789012", "ifsc": "SBIN0001234", "upi_id": None, "schedule": "weekly"}
    i.update(over)
    return i


def upi(**over):
    i = {"method": "upi", "beneficiary_name": "Asha Verma", "account_number": None, "ifsc": None, "upi_id": "asha.v@okaxis", "schedule": "monthly"}
    i.update(over)
    return i


def payout_detail_cases():
    inputs = [
        ("a bank account", bank()),
        ("spaces in the account number, IFSC in small letters", bank(account_number=" 1234 5678 9012 ", ifsc="sbin0001234")),
        ("the name trimmed, schedule left empty", bank(beneficiary_name="  Asha Verma  ", schedule="")),
        ("a UPI id given with a bank account is dropped", bank(upi_id="asha@okaxis")),
        ("9 digits", bank(account_number="123456789")),
        ("18 digits", bank(account_number="9" * 18)),
        ("8 digits", bank(account_number="12345678")),
        ("19 digits", bank(account_number="9" * 19)),
        ("a hyphen in the account number", bank(account_number="1234-56789")),
        ("letters in the account number", bank(account_number="12345678A")),
        ("no account number", bank(account_number=None)),
        ("IFSC with letters after the zero", bank(ifsc="HDFC0ABC123")),
        ("IFSC without the zero", bank(ifsc="SBIN1001234")),
        ("IFSC with 3 letters", bank(ifsc="SBI00001234")),
        ("IFSC too short", bank(ifsc="SBIN000123")),
        ("IFSC too long", bank(ifsc="SBIN00012345")),
        ("IFSC with a hyphen", bank(ifsc="SBIN0-01234")),
        ("IFSC empty", bank(ifsc="  ")),
        ("a UPI id", upi()),
        ("a UPI id with . _ -", upi(upi_id=" rahul.k-1_x@okaxis ")),
        ("account fields given with UPI are dropped", upi(account_number="123456789", ifsc="SBIN0001234")),
        ("UPI without @", upi(upi_id="asha")),
        ("UPI name of 1 character", upi(upi_id="a@okaxis")),
        ("UPI handle of 1 letter", upi(upi_id="asha@o")),
        ("UPI handle with a digit", upi(upi_id="asha@ok1axis")),
        ("UPI with a space", upi(upi_id="as ha@okaxis")),
        ("UPI with two @", upi(upi_id="asha@ok@axis")),
        ("UPI missing", upi(upi_id=None)),
        ("UPI name at 256, handle at 64", upi(upi_id="a" * 256 + "@" + "b" * 64)),
        ("UPI name at 257", upi(upi_id="a" * 257 + "@okaxis")),
        ("unknown method", bank(method="cash")),
        ("method missing", {"beneficiary_name": "Asha Verma"}),
        ("a name of 1 character", upi(beneficiary_name="A")),
        ("a name of 100 characters", upi(beneficiary_name="é" * 100)),
        ("a name of 101 characters", upi(beneficiary_name="é" * 101)),
        ("a line break in the name", upi(beneficiary_name="Asha\nVerma")),
        ("unknown schedule", upi(schedule="daily")),
        ("everything wrong", {"method": "bank", "beneficiary_name": "", "account_number": "12", "ifsc": "X", "schedule": "yearly"}),
    ]
    cases = [{"note": note, "fn": "checkPayoutDetails", "args": [i], "expect": check(i)} for note, i in inputs]
    cases.append({"note": "not an object", "fn": "checkPayoutDetails", "args": ["bank"], "throws": "payout details must be an object"})
    cases.append({"note": "a number for text", "fn": "checkPayoutDetails", "args": [bank(account_number=123456789)], "throws": "the payout details' account_number must be text"})
    return cases


# ---- the next payout ------------------------------------------------------------

def next_payout(schedule, now_ms):
    local = dt.datetime.fromtimestamp(now_ms / 1000, IST)
    midnight = local.replace(hour=0, minute=0, second=0, microsecond=0)
    if schedule == "weekly":
        nxt = midnight + dt.timedelta(days=7 - local.weekday())
    else:
        y, m = (local.year + 1, 1) if local.month == 12 else (local.year, local.month + 1)
        nxt = dt.datetime(y, m, 1, tzinfo=IST)
    return int(nxt.timestamp() * 1000)


def payout_time_cases():
    def ist(*a):
        return int(dt.datetime(*a, tzinfo=IST).timestamp() * 1000)

    moments = {
        "Monday 2026-11-23 00:00 IST": ist(2026, 11, 23),
        "Sunday 2026-11-29 23:59 IST": ist(2026, 11, 29, 23, 59),
        "Tuesday 2026-12-01 10:00 UTC": S,
        "2026-12-31 23:59:59.999 IST": ist(2026, 12, 31, 23, 59, 59) + 999,
        "2027-01-01 00:00 IST": ist(2027, 1, 1),
        "2028-02-28 12:00 IST (leap year)": ist(2028, 2, 28, 12),
        "Sunday 2026-11-29 20:00 UTC (Monday in Kolkata)": int(dt.datetime(2026, 11, 29, 20, tzinfo=dt.timezone.utc).timestamp() * 1000),
    }
    cases = []
    for name, t in moments.items():
        for delta in (-1, 0, 1):
            for schedule in ("weekly", "monthly"):
                cases.append({"note": f"{schedule}, {delta:+d} ms from {name}", "fn": "nextPayout", "args": [schedule, t + delta], "expect": next_payout(schedule, t + delta)})
    cases.append({"note": "unknown schedule", "fn": "nextPayout", "args": ["daily", S], "throws": 'a payout schedule must be "weekly" or "monthly"'})
    cases.append({"note": "fractional time", "fn": "nextPayout", "args": ["weekly", 0.5], "throws": "nowMs must be a whole number"})
    return cases


def main():
    cases = eligibility_cases() + eligibility_throws() + split_cases() + payout_detail_cases() + payout_time_cases()
    cases.append({"note": "the published numbers", "fn": "refundRules", "args": [], "expect": {
        "windowDays": WINDOW_DAYS, "partialFeedbackHours": FEEDBACK_HOURS, "partialPercent": PERCENT,
        "reviewDaysMin": REVIEW[0], "reviewDaysMax": REVIEW[1], "payoutHoldDays": HOLD_DAYS}})
    doc = {
        "description": "The money rules (domain-wasm/src/refunds.rs and payouts.rs, issue 13; written by scripts/refund-vectors.py from its own reading of MONEY.md): refund eligibility in every status around every boundary, the proportional refund split, payout details checks and the next payout date (Asia/Kolkata), the published numbers. Times are ms since the epoch; the session starts 2026-12-01T10:00Z (1796119200000), lasts an hour and was paid 3 days before.",
        "cases": cases,
    }
    out = Path(__file__).resolve().parent.parent / "vectors" / "refunds.json"
    lines = ",\n  ".join(json.dumps(c, ensure_ascii=False) for c in cases)
    out.write_text(f'{{\n "description": {json.dumps(doc["description"], ensure_ascii=False)},\n "cases": [\n  {lines}\n ]\n}}\n')
    print(f"{out}: {len(cases)} cases")


main()
