//! The calendar file (`.ics`, RFC 5545 with the RFC 5546 METHOD) of a
//! booking, made with the `icalendar` crate: one event whose UID is
//! `{booking id}@mentorbridge` for the booking's whole life, so a calendar
//! replaces the entry on a reschedule (a higher SEQUENCE) and removes it on
//! a cancellation (METHOD:CANCEL, STATUS:CANCELLED). Times are UTC.

use chrono::{DateTime, Utc};
use icalendar::{Attendee, Calendar, Component, Event, EventLike, EventStatus, Property};

use crate::mail::BRAND;

/// What a calendar file says about one booking.
#[derive(Debug, Clone)]
pub struct CalendarEntry {
    pub booking_id: String,
    /// The booking's `sequence` (raised by every reschedule).
    pub sequence: i64,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    pub summary: String,
    /// Free text: what the session is, the meeting link, the booking's page.
    pub description: String,
    /// The meeting link (URL and LOCATION), once confirmed.
    pub meeting_url: Option<String>,
    /// `(name, e-mail)` of the organizer (the mentor, or the platform).
    pub organizer: Option<(String, String)>,
    /// `(name, e-mail)` of each attendee.
    pub attendees: Vec<(String, String)>,
    /// When the file was made (DTSTAMP).
    pub stamp: DateTime<Utc>,
}

/// The file's METHOD.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CalendarMethod {
    /// An invitation or its update (e-mailed on confirmation and reschedule).
    Request,
    /// The session is called off (STATUS:CANCELLED, SEQUENCE one higher).
    Cancel,
    /// A plain calendar entry (a download from the booking's page).
    Publish,
}

impl CalendarMethod {
    pub fn as_str(self) -> &'static str {
        match self {
            CalendarMethod::Request => "REQUEST",
            CalendarMethod::Cancel => "CANCEL",
            CalendarMethod::Publish => "PUBLISH",
        }
    }
}

/// The event's UID: the same for every version of one booking's file.
pub fn calendar_uid(booking_id: &str) -> String {
    format!("{booking_id}@mentorbridge")
}

/// A name as a parameter value: no quotes or control characters, one line.
fn cn(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .filter(|c| *c != '"')
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The `.ics` text of `entry` with `method`.
pub fn calendar_file(entry: &CalendarEntry, method: CalendarMethod) -> String {
    let sequence = match method {
        // A cancellation supersedes the invitation it cancels.
        CalendarMethod::Cancel => entry.sequence + 1,
        _ => entry.sequence,
    };
    let mut event = Event::new();
    event
        .uid(&calendar_uid(&entry.booking_id))
        .sequence(u32::try_from(sequence.max(0)).unwrap_or(u32::MAX))
        .timestamp(entry.stamp)
        .starts(entry.start)
        .ends(entry.end)
        .summary(&entry.summary)
        .description(&entry.description)
        .status(if method == CalendarMethod::Cancel {
            EventStatus::Cancelled
        } else {
            EventStatus::Confirmed
        });
    if let Some(url) = &entry.meeting_url {
        event.url(url).location(url);
    }
    if let Some((name, email)) = &entry.organizer {
        let mut organizer = Property::new("ORGANIZER", format!("mailto:{}", email.trim()));
        organizer.add_parameter("CN", &cn(name));
        event.append_property(organizer);
    }
    for (name, email) in &entry.attendees {
        event.attendee(
            Attendee::new(format!("mailto:{}", email.trim()))
                .cn(cn(name))
                .role(icalendar::Role::ReqParticipant)
                .partstat(icalendar::PartStat::Accepted),
        );
    }
    let mut calendar = Calendar::empty();
    calendar
        .append_property(("VERSION", "2.0"))
        .append_property(Property::new("PRODID", format!("-//{BRAND}//Bookings//EN")))
        .append_property(("CALSCALE", "GREGORIAN"))
        .append_property(("METHOD", method.as_str()))
        .push(event.done());
    calendar.done().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn entry() -> CalendarEntry {
        CalendarEntry {
            booking_id: "6f1c2a7e-3b1d-4c59-9a3e-1f2b3c4d5e6f".into(),
            sequence: 2,
            start: Utc.with_ymd_and_hms(2026, 11, 25, 10, 0, 0).single().expect("time"),
            end: Utc.with_ymd_and_hms(2026, 11, 25, 11, 0, 0).single().expect("time"),
            summary: "Career chat with Asha Rao".into(),
            description: "Join: https://meet.jit.si/MentorBridge-abc\nBooking: http://localhost/my-bookings/x, with a comma; and more".into(),
            meeting_url: Some("https://meet.jit.si/MentorBridge-abc".into()),
            organizer: Some(("Asha \"AR\" Rao".into(), "asha@example.com".into())),
            attendees: vec![
                ("Ravi Kumar".into(), "ravi@example.com".into()),
                ("Asha Rao".into(), "asha@example.com".into()),
            ],
            stamp: Utc.with_ymd_and_hms(2026, 11, 24, 9, 0, 0).single().expect("time"),
        }
    }

    /// Unfolded content lines (RFC 5545 §3.1).
    fn lines(ics: &str) -> Vec<String> {
        ics.replace("\r\n ", "")
            .split("\r\n")
            .map(str::to_owned)
            .collect()
    }

    #[test]
    fn a_request_parses_back_with_the_booking_uid_and_utc_times() {
        let ics = calendar_file(&entry(), CalendarMethod::Request);
        let parsed: Calendar = ics.parse().expect("the file parses");
        assert_eq!(parsed.property_value("METHOD"), Some("REQUEST"));
        let event = parsed.events().next().expect("one event");
        assert_eq!(
            event.get_uid(),
            Some("6f1c2a7e-3b1d-4c59-9a3e-1f2b3c4d5e6f@mentorbridge")
        );
        assert_eq!(event.get_sequence(), Some(2));
        assert_eq!(event.get_summary(), Some("Career chat with Asha Rao"));
        assert_eq!(
            event
                .get_description()
                .map(|d| d.contains("https://meet.jit.si/MentorBridge-abc")),
            Some(true)
        );
        assert_eq!(
            event.get_url(),
            Some("https://meet.jit.si/MentorBridge-abc")
        );
        assert_eq!(
            event.get_location(),
            Some("https://meet.jit.si/MentorBridge-abc")
        );
        assert_eq!(event.get_status(), Some(EventStatus::Confirmed));
        let l = lines(&ics);
        assert!(l.contains(&"DTSTART:20261125T100000Z".to_owned()), "{ics}");
        assert!(l.contains(&"DTEND:20261125T110000Z".to_owned()), "{ics}");
        assert!(l.contains(&"DTSTAMP:20261124T090000Z".to_owned()), "{ics}");
        assert!(
            l.iter().any(|x| x.starts_with("ORGANIZER;CN=")
                && x.ends_with(":mailto:asha@example.com")
                && !x.contains("\"AR\"")),
            "{ics}"
        );
        assert_eq!(
            l.iter().filter(|x| x.starts_with("ATTENDEE")).count(),
            2,
            "{ics}"
        );
        assert!(
            l.iter()
                .any(|x| x.starts_with("ATTENDEE") && x.contains("mailto:ravi@example.com"))
        );
        assert!(ics.starts_with("BEGIN:VCALENDAR\r\n"));
        assert!(l.contains(&"VERSION:2.0".to_owned()));
        assert!(ics.lines().all(|x| x.len() <= 76), "lines are folded");
    }

    #[test]
    fn a_cancellation_keeps_the_uid_and_supersedes_the_invitation() {
        let ics = calendar_file(&entry(), CalendarMethod::Cancel);
        let parsed: Calendar = ics.parse().expect("the file parses");
        assert_eq!(parsed.property_value("METHOD"), Some("CANCEL"));
        let event = parsed.events().next().expect("one event");
        assert_eq!(
            event.get_uid(),
            Some("6f1c2a7e-3b1d-4c59-9a3e-1f2b3c4d5e6f@mentorbridge")
        );
        assert_eq!(event.get_sequence(), Some(3));
        assert_eq!(event.get_status(), Some(EventStatus::Cancelled));
    }

    #[test]
    fn a_reschedule_raises_the_sequence_of_the_same_uid() {
        let first = entry();
        let mut moved = entry();
        moved.sequence += 1;
        moved.start += chrono::TimeDelta::days(1);
        moved.end += chrono::TimeDelta::days(1);
        let a: Calendar = calendar_file(&first, CalendarMethod::Request)
            .parse()
            .expect("parses");
        let b: Calendar = calendar_file(&moved, CalendarMethod::Request)
            .parse()
            .expect("parses");
        let (a, b) = (
            a.events().next().expect("event"),
            b.events().next().expect("event"),
        );
        assert_eq!(a.get_uid(), b.get_uid());
        assert!(b.get_sequence() > a.get_sequence());
        assert!(
            lines(&calendar_file(&moved, CalendarMethod::Request))
                .contains(&"DTSTART:20261126T100000Z".to_owned())
        );
    }
}
