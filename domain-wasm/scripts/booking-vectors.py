#!/usr/bin/env python3
"""Writes domain-wasm/vectors/booking.json: the booking transition table
(BOOKING.md §1, domain-wasm/src/booking.rs) as vectors, from a second,
independent reading of the contract written here in Python.

Every row of the table (each action × party × status) at every time boundary,
just before, at and just after each deadline (`bookingActions`), the status
as of a moment (`bookingStatus`: expiry and completion), what each allowed
transition changes and the refusals' messages (`bookingTransition`), where a
new booking starts (`bookingOpening`) and the rules' numbers (`bookingRules`).

Usage: python3 domain-wasm/scripts/booking-vectors.py  (rewrites the file)
"""
import json
from pathlib import Path

M = 60_000
H = 60 * M
D = 24 * H
S = 1_796_119_200_000  # 2026-12-01T10:00:00Z
E = S + H  # a one-hour session
R = S - 20 * H  # respond_by of a pending request
P = S - 19 * H  # pay_by of an unpaid hold
PRICE = 150_000

STATUSES = ["pending", "payment_required", "confirmed", "completed", "cancelled", "expired", "no_show"]
PARTIES = ["learner", "mentor", "admin"]
ACTIONS = ["accept", "decline", "pay", "cancel", "reschedule", "join", "no_show", "feedback", "refund"]
ACTIVE = {"pending", "payment_required", "confirmed"}

# The deadlines of the table, by name (each probed -1 ms, at, +1 ms).
BOUNDARIES = {
    "respond_by": R,
    "pay_by": P,
    "start-12h": S - 12 * H,
    "start-2h": S - 2 * H,
    "start-10min": S - 10 * M,
    "start": S,
    "start+10min": S + 10 * M,
    "end": E,
    "start+48h": S + 48 * H,
    "end+30d": E + 30 * D,
}


def facts(status, **over):
    f = {
        "status": status,
        "startMs": S,
        "endMs": E,
        "respondByMs": R,
        "payByMs": P,
        "pricePaise": PRICE,
        "paidPaise": 0 if status in ("pending", "payment_required") else PRICE,
        "hasFeedback": False,
        "rescheduleCount": 0,
        "noShowBy": None,
        "noShowChoice": None,
    }
    f.update(over)
    return f


def deadline(f, key):
    d = f.get(key)
    return min(d, f["startMs"]) if d is not None else f["startMs"]


def current(f, now):
    s = f["status"]
    if s == "pending" and now >= deadline(f, "respondByMs"):
        return "expired"
    if s == "payment_required" and now >= deadline(f, "payByMs"):
        return "expired"
    if s == "confirmed" and now >= f["endMs"]:
        return "completed"
    return s


def allowed(f, party, now):
    cur = current(f, now)
    s, e = f["startMs"], f["endMs"]
    learner, mentor = party == "learner", party == "mentor"
    after_mentor_no_show = (
        f["status"] == "no_show" and f["noShowBy"] == "mentor" and f["noShowChoice"] == "reschedule"
    )
    rules = {
        "accept": mentor and cur == "pending",
        "decline": mentor and cur == "pending",
        "pay": learner and cur == "payment_required",
        "cancel": (
            (learner and ((cur in ("pending", "payment_required") and now < s) or (cur == "confirmed" and now < s - 12 * H)))
            or (mentor and cur in ("payment_required", "confirmed") and now < s)
            or (party == "admin" and cur in ACTIVE and now < e)
        ),
        "reschedule": (
            cur == "confirmed"
            and f["rescheduleCount"] < 3
            and ((learner and now < s - 12 * H) or (mentor and now < s - 2 * H))
        )
        or (learner and after_mentor_no_show),
        "join": (learner or mentor) and cur == "confirmed" and s - 10 * M <= now < e,
        "no_show": (learner or mentor)
        and f["status"] in ("confirmed", "completed")
        and s + 10 * M <= now < s + 48 * H
        and not f["hasFeedback"],
        "feedback": learner and cur == "completed" and not f["hasFeedback"] and now < e + 30 * D,
        "refund": False,
    }
    return [a for a in ACTIONS if rules[a]]


def change(f, party, request, now):
    """What an allowed request changes (the contract's columns), as the
    crate answers it: `None` fields left out."""
    paid, price = f["paidPaise"], max(f["pricePaise"], 0)
    c = {
        "status": current(f, now),
        "payByMs": f["payByMs"],
        "respondByMs": f["respondByMs"],
        "refundOwedPaise": max(paid - price, 0),
        "cancelledBy": None,
        "noShowBy": f["noShowBy"],
        "noShowChoice": f["noShowChoice"],
        "rescheduled": False,
    }
    kind = request["type"]
    if kind == "accept":
        if f["pricePaise"] > 0 and paid < f["pricePaise"]:
            # The pay window (240 minutes unless the facts say), never past
            # the start minus the notice, at least a minute, never past the start.
            window = f.get("payWindowMinutes", 240)
            notice = f.get("minimumNoticeMinutes", 0)
            s = f["startMs"]
            c.update(status="payment_required", payByMs=min(max(min(now + window * M, s - notice * M), now + M), s))
        else:
            c.update(status="confirmed")
    elif kind in ("decline", "cancel"):
        c.update(status="cancelled", cancelledBy=party, refundOwedPaise=max(paid, 0))
    elif kind == "pay":
        c.update(status="confirmed")
    elif kind == "reschedule":
        c.update(status="confirmed", rescheduled=True)
    elif kind == "no_show":
        if party == "learner":
            c.update(status="no_show", noShowBy="mentor", noShowChoice=request["choice"])
            if request["choice"] == "refund":
                c["refundOwedPaise"] = max(paid, 0)
        else:
            c.update(status="no_show", noShowBy="learner", noShowChoice=None)
    return {k: v for k, v in c.items() if v is not None}


def sample(action, party, now):
    if action == "reschedule":
        return {"type": "reschedule", "startMs": now + 7 * D, "endMs": now + 7 * D + H}
    if action == "no_show":
        return {"type": "no_show", "choice": "refund"} if party == "learner" else {"type": "no_show"}
    return {"type": action}


def js(f):
    """Facts as a screen passes them: unknown fields as null."""
    return dict(f)


cases = []


def case(note, fn, args, expect=None, throws=None):
    c = {"note": note, "fn": fn, "args": args}
    if throws is not None:
        c["throws"] = throws
    else:
        c["expect"] = expect
    cases.append(c)


def times_for(status):
    if status in ("cancelled", "expired", "no_show"):
        return [("10 days before the start", S - 10 * D), ("at the start", S), ("an hour after the end", E + H), ("49 hours after the start", S + 49 * H), ("60 days after the end", E + 60 * D)]
    out = [("10 days before the start", S - 10 * D)]
    for name, t in BOUNDARIES.items():
        out += [(f"1 ms before {name}", t - 1), (f"at {name}", t), (f"1 ms after {name}", t + 1)]
    return out


# 1. bookingActions: every status × party × boundary.
def actions_cases(label, f):
    for when, now in times_for(f["status"]):
        for party in PARTIES:
            case(f"{label}, {party}, {when}", "bookingActions", [js(f), party, now], allowed(f, party, now))


for status in STATUSES:
    actions_cases(f"{status} (paid)", facts(status))

# Variants the table distinguishes.
actions_cases("free pending request", facts("pending", pricePaise=0, paidPaise=0))
actions_cases("pending request without a respond_by (ends at the start)", facts("pending", respondByMs=None))
actions_cases("unpaid hold without a pay_by (ends at the start)", facts("payment_required", payByMs=None))
actions_cases("confirmed, rescheduled 3 times already", facts("confirmed", rescheduleCount=3))
actions_cases("confirmed, rescheduled twice", facts("confirmed", rescheduleCount=2))
actions_cases("completed with feedback given", facts("completed", hasFeedback=True))
actions_cases("confirmed with feedback given", facts("confirmed", hasFeedback=True))
actions_cases("mentor no-show, learner chose a reschedule", facts("no_show", noShowBy="mentor", noShowChoice="reschedule", rescheduleCount=3))
actions_cases("mentor no-show, learner chose a refund", facts("no_show", noShowBy="mentor", noShowChoice="refund"))
actions_cases("learner no-show", facts("no_show", noShowBy="learner"))

# 2. bookingStatus: expiry and completion.
for label, f in [
    ("pending", facts("pending")),
    ("pending without respond_by", facts("pending", respondByMs=None)),
    ("pending with respond_by after the start", facts("pending", respondByMs=S + H)),
    ("payment required", facts("payment_required")),
    ("payment required without pay_by", facts("payment_required", payByMs=None)),
    ("confirmed", facts("confirmed")),
]:
    points = sorted({R - 1, R, P - 1, P, S - 1, S, E - 1, E, E + 1})
    for now in points:
        case(f"{label} at start{(now - S) / H:+.6g}h", "bookingStatus", [js(f), now], current(f, now))
for status in ["completed", "cancelled", "expired", "no_show"]:
    for now in [S - D, E + D]:
        case(f"{status} stays {status}", "bookingStatus", [js(facts(status)), now], status)

# 3. bookingTransition: what each allowed action changes, just before each
# deadline that closes it and at each moment one opens.
probe = [S - 10 * D, R - 1, P - 1, S - 12 * H - 1, S - 2 * H - 1, S - 10 * M, S - 1, S + 10 * M, E, S + 48 * H - 1, E + 30 * D - 1]
seen = set()
for f in [
    facts("pending"),
    facts("pending", pricePaise=0, paidPaise=0),
    facts("payment_required"),
    facts("confirmed"),
    facts("confirmed", paidPaise=PRICE + 5_000),
    facts("completed"),
    facts("no_show", noShowBy="mentor", noShowChoice="reschedule"),
]:
    for now in probe:
        for party in PARTIES:
            for action in allowed(f, party, now):
                if action == "join":
                    continue
                requests = [sample(action, party, now)]
                if action == "no_show" and party == "learner":
                    requests.append({"type": "no_show", "choice": "reschedule"})
                for req in requests:
                    key = (json.dumps(f, sort_keys=True), party, json.dumps(req, sort_keys=True), current(f, now), tuple(allowed(f, party, now)))
                    if key in seen:
                        continue
                    seen.add(key)
                    case(
                        f"{f['status']} ({f['pricePaise']}/{f['paidPaise']} paise), {party} {req['type']} at start{(now - S) / H:+.6g}h",
                        "bookingTransition",
                        [js(f), party, req, now],
                        {"type": "ok", "value": change(f, party, req, now)},
                    )

# The pay window after an accept: the facts' payWindowMinutes (the server's
# PAY_WINDOW_MINUTES), never past the start minus minimumNoticeMinutes.
for label, f, now in [
    ("accepted with a 45-minute pay window", facts("pending", respondByMs=S, payWindowMinutes=45), S - 2 * D),
    ("accepted 3 hours before with 2 hours' notice: pay by the start minus the notice", facts("pending", respondByMs=S, minimumNoticeMinutes=120), S - 3 * H),
    ("accepted inside the notice: still a minute to pay", facts("pending", respondByMs=S, minimumNoticeMinutes=120), S - 30 * M),
]:
    req = {"type": "accept"}
    case(label, "bookingTransition", [js(f), "mentor", req, now], {"type": "ok", "value": change(f, "mentor", req, now)})

# The system's moves.
for label, f, req, now in [
    ("a request past its respond_by expires", facts("pending"), {"type": "expire"}, R),
    ("an unpaid hold past its pay_by expires", facts("payment_required"), {"type": "expire"}, P),
    ("a confirmed session completes at its end", facts("confirmed"), {"type": "complete"}, E),
]:
    case(label, "bookingTransition", [js(f), "admin", req, now], {"type": "ok", "value": change(f, "admin", req, now)})

# The refusals, with their messages.
REFUSALS = [
    ("the learner cannot accept", facts("pending"), "learner", {"type": "accept"}, S - D, "Only the mentor can accept a session request."),
    ("the mentor answers too late", facts("pending"), "mentor", {"type": "accept"}, R, "This request can no longer be accepted: the time to answer it has passed, so it expired and the slot was released."),
    ("declining a confirmed session", facts("confirmed"), "mentor", {"type": "decline"}, S - D, "This request cannot be declined: the session is already confirmed."),
    ("the mentor cannot pay", facts("payment_required"), "mentor", {"type": "pay"}, S - D, "Only the learner who booked the session can pay for it."),
    ("paying after the hold", facts("payment_required"), "learner", {"type": "pay"}, P, "The time to pay for this session has passed, so the slot was released. Please book the session again."),
    ("paying a confirmed session", facts("confirmed"), "learner", {"type": "pay"}, S - D, "This session needs no payment now: the session is already confirmed."),
    ("the learner cancels inside 12 hours", facts("confirmed"), "learner", {"type": "cancel"}, S - 12 * H, "This session can no longer be cancelled: cancellations close 12 hours before the start. If something came up, message your mentor; if the mentor does not come, report it from this page 10 minutes after the start."),
    ("the mentor cancels at the start", facts("confirmed"), "mentor", {"type": "cancel"}, S, "This session has already started, so it can no longer be cancelled. If the learner did not come, report a no-show from 10 minutes after the start."),
    ("the mentor cancels a request", facts("pending"), "mentor", {"type": "cancel"}, S - D, "A request you have not accepted is declined, not cancelled: use Decline instead."),
    ("cancelling a cancelled booking", facts("cancelled"), "learner", {"type": "cancel"}, S - D, "This booking cannot be cancelled: the booking was cancelled. You can book a new session from the mentor's page."),
    ("cancelling at the end", facts("confirmed"), "admin", {"type": "cancel"}, E, "This booking cannot be cancelled: the session has already taken place."),
    ("the learner reschedules inside 12 hours", facts("confirmed"), "learner", {"type": "reschedule", "startMs": S + 7 * D, "endMs": S + 7 * D + H}, S - 12 * H, "This session can no longer be rescheduled: changes close 12 hours before the start."),
    ("the mentor reschedules inside 2 hours", facts("confirmed"), "mentor", {"type": "reschedule", "startMs": S + 7 * D, "endMs": S + 7 * D + H}, S - 2 * H, "This session can no longer be rescheduled: changes close 2 hours before the start."),
    ("a fourth reschedule", facts("confirmed", rescheduleCount=3), "learner", {"type": "reschedule", "startMs": S + 7 * D, "endMs": S + 7 * D + H}, S - D, "This session has already been rescheduled 3 times, the most allowed. You can cancel it and book a new one instead."),
    ("rescheduling into the past", facts("confirmed"), "learner", {"type": "reschedule", "startMs": S - 2 * D, "endMs": S - 2 * D + H}, S - D, "Choose a new time in the future."),
    ("a new time that ends before it starts", facts("confirmed"), "mentor", {"type": "reschedule", "startMs": S + D, "endMs": S + D}, S - D, "The new time must end after it starts."),
    ("rescheduling a request", facts("pending"), "learner", {"type": "reschedule", "startMs": S + D, "endMs": S + D + H}, S - D, "Only a confirmed session can be rescheduled: the request is still waiting for the mentor's answer. You can cancel it and book another time instead."),
    ("an administrator reschedules", facts("confirmed"), "admin", {"type": "reschedule", "startMs": S + D, "endMs": S + D + H}, S - D, "Only the learner or the mentor can reschedule a session; an administrator can cancel it."),
    ("the mentor picks the time after their own no-show", facts("no_show", noShowBy="mentor", noShowChoice="reschedule"), "mentor", {"type": "reschedule", "startMs": S + 5 * D, "endMs": S + 5 * D + H}, S + D, "The learner chooses the new time after a missed session; they will pick one from your free slots."),
    ("a no-show before 10 minutes", facts("confirmed"), "learner", {"type": "no_show", "choice": "refund"}, S + 10 * M - 1, "A no-show can be reported from 10 minutes after the start. If the other side is late, please wait a little longer."),
    ("a no-show after 48 hours", facts("completed"), "mentor", {"type": "no_show"}, S + 48 * H, "No-shows can be reported until 48 hours after the start, and that time has passed. Please contact support."),
    ("a no-show without a choice", facts("confirmed"), "learner", {"type": "no_show"}, S + H, "Choose what you would like instead: a full refund or a new time for the session."),
    ("a no-show after feedback", facts("completed", hasFeedback=True), "mentor", {"type": "no_show"}, E + H, "Feedback was already given for this session, so it cannot be reported as missed."),
    ("a second no-show", facts("no_show", noShowBy="learner"), "learner", {"type": "no_show", "choice": "refund"}, E + H, "A no-show has already been reported for this session."),
    ("an administrator reports a no-show", facts("confirmed"), "admin", {"type": "no_show"}, S + H, "Only the learner or the mentor of a session can report a no-show."),
    ("a no-show on a cancelled booking", facts("cancelled"), "learner", {"type": "no_show", "choice": "refund"}, S + H, "A no-show can only be reported for a confirmed session: the booking was cancelled. You can book a new session from the mentor's page."),
    ("feedback before the end", facts("confirmed"), "learner", {"type": "feedback"}, E - 1, "Feedback opens when the session has ended. Please come back after it."),
    ("feedback twice", facts("completed", hasFeedback=True), "learner", {"type": "feedback"}, E + H, "You have already left feedback for this session. Thank you!"),
    ("feedback after 30 days", facts("completed"), "learner", {"type": "feedback"}, E + 30 * D, "Feedback for this session has closed: it is accepted for 30 days after the session."),
    ("feedback by the mentor", facts("completed"), "mentor", {"type": "feedback"}, E + H, "Only the learner who attended the session can leave feedback."),
    ("feedback after an expiry", facts("pending"), "learner", {"type": "feedback"}, E + H, "Feedback is not possible for this booking: the booking expired before it was confirmed. You can book a new session from the mentor's page."),
    ("completing before the end", facts("confirmed"), "admin", {"type": "complete"}, E - 1, "This session cannot be completed now: it is completed only once its end has passed."),
    ("expiring a request in time", facts("pending"), "admin", {"type": "expire"}, R - 1, "This booking cannot expire now: only a request or an unpaid hold whose deadline has passed expires."),
    ("expiring an expired booking", facts("expired"), "admin", {"type": "expire"}, S, "This booking cannot expire now: only a request or an unpaid hold whose deadline has passed expires."),
]
for note, f, party, req, now, message in REFUSALS:
    case(note, "bookingTransition", [js(f), party, req, now], {"type": "refused", "message": message})

# 4. bookingOpening: where a new booking starts.
for note, args, expect in [
    ("free and instant: confirmed", [0, True, S - 3 * D, S, 60, 240], {"status": "confirmed"}),
    ("free: pending, 24 hours to answer", [0, False, S - 3 * D, S, 60, 240], {"status": "pending", "respondByMs": S - 2 * D}),
    ("paid and instant: the default 240-minute pay window", [PRICE, True, S - 3 * D, S, 60, 240], {"status": "payment_required", "payByMs": S - 3 * D + 240 * M}),
    ("paid and instant with a 30-minute pay window", [PRICE, True, S - 3 * D, S, 60, 30], {"status": "payment_required", "payByMs": S - 3 * D + 30 * M}),
    ("paid and instant 3 hours before with 2 hours' notice: pay by the start minus the notice", [PRICE, True, S - 3 * H, S, 120, 240], {"status": "payment_required", "payByMs": S - 2 * H}),
    ("paid and instant 10 minutes before: the hold ends at the start", [PRICE, True, S - 10 * M, S, 0, 240], {"status": "payment_required", "payByMs": S}),
    ("paid: pending, 24 hours to answer", [PRICE, False, S - 3 * D, S, 120, 240], {"status": "pending", "respondByMs": S - 2 * D}),
    ("paid, 20 hours ahead with 2 hours' notice: answer by the start minus the notice", [PRICE, False, S - 20 * H, S, 120, 240], {"status": "pending", "respondByMs": S - 2 * H}),
    ("exactly 26 hours ahead with 2 hours' notice: both limits meet", [PRICE, False, S - 26 * H, S, 120, 240], {"status": "pending", "respondByMs": S - 2 * H}),
    ("inside the notice: still a minute to answer", [PRICE, False, S - 30 * M, S, 120, 240], {"status": "pending", "respondByMs": S - 29 * M}),
    ("20 seconds before the start: never past the start", [PRICE, False, S - 20_000, S, 0, 240], {"status": "pending", "respondByMs": S}),
]:
    case(note, "bookingOpening", args, expect)

# 5. The rules' numbers.
case("the booking rules", "bookingRules", [], {
    "responseHours": 24, "holdMinutes": 240, "learnerNoticeHours": 12, "mentorNoticeHours": 2,
    "maxReschedules": 3, "joinEarlyMinutes": 10, "noShowAfterMinutes": 10, "noShowWindowHours": 48,
    "feedbackDays": 30, "reminderHours": [24, 1],
})

# 6. Arguments no caller should pass.
case("an unknown party", "bookingActions", [facts("pending"), "guest", S], throws='unknown party "guest": use "learner", "mentor" or "admin"')
case("an unknown status", "bookingStatus", [facts("booked"), S], throws='a booking\'s status must be one of pending, payment_required, confirmed, completed, cancelled, expired, no_show, got "booked"')
case("a time that is not whole", "bookingStatus", [facts("pending"), S + 0.5], throws="nowMs must be a whole number of milliseconds")
case("a booking without its start", "bookingActions", [{"status": "pending", "endMs": E}, "learner", S], throws="a booking's startMs is missing")
case("a booking that is not an object", "bookingStatus", ["pending", S], throws="a booking must be an object")
case("an unknown request", "bookingTransition", [facts("pending"), "mentor", {"type": "approve"}, S], throws='unknown booking request type "approve": use accept, decline, pay, cancel, reschedule, no_show, feedback, complete or expire')
case("an unknown no-show choice", "bookingTransition", [facts("confirmed"), "learner", {"type": "no_show", "choice": "credit"}, S + H], throws='a booking\'s choice must be one of refund, reschedule, got "credit"')

out = Path(__file__).resolve().parent.parent / "vectors" / "booking.json"
doc = {
    "description": "The booking lifecycle (domain-wasm/src/booking.rs, issue 12; written by scripts/booking-vectors.py from its own reading of BOOKING.md §1): the actions each party may take in each status just before, at and just after every deadline, the status as of a moment, what each transition changes and why one is refused, where a new booking starts, the rules' numbers. Times are ms since the epoch; the session starts 2026-12-01T10:00Z (1796119200000) and lasts an hour.",
    "cases": cases,
}
# One case a line: the file is long, and a line per case keeps diffs readable.
lines = ",\n  ".join(json.dumps(c, ensure_ascii=False) for c in cases)
out.write_text(f'{{\n "description": {json.dumps(doc["description"], ensure_ascii=False)},\n "cases": [\n  {lines}\n ]\n}}\n')
print(f"{out}: {len(cases)} cases")
