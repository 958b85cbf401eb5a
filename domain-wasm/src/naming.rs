//! How screens and e-mails name people and bookings in a sentence: a
//! person's short name ("Waiting for Asha to accept", "Hi Asha,") and a
//! booking's short reference (`MB-3F2A9C1D`).

/// Titles a name may start with that are not the person's name: "Dr. Asha
/// Rao" is addressed as Asha, never as "Dr.". Compared without case and
/// without a trailing full stop.
pub const HONORIFICS: [&str; 17] = [
    "dr",
    "prof",
    "professor",
    "mr",
    "mrs",
    "ms",
    "mx",
    "miss",
    "er",
    "ca",
    "adv",
    "sri",
    "shri",
    "smt",
    "shrimati",
    "kum",
    "col",
];

fn is_honorific(word: &str) -> bool {
    let bare = word.trim_end_matches('.');
    !bare.is_empty() && HONORIFICS.iter().any(|h| h.eq_ignore_ascii_case(bare))
}

/// The name to address a person by in a sentence: the first word of their
/// name that is not a title (Dr., Prof., Mr., Mrs., Ms., Er., CA, Adv.,
/// Sri, Shri, Smt. and the like), so "Dr. Asha Rao" is "Asha" and
/// "Dr.Asha Rao" too. A name made only of titles is kept whole ("Dr."
/// alone stays "Dr."); control characters count as spaces; an empty name
/// gives "".
#[crate::export(on_demand, learner, js_name = "shortName")]
pub fn short_name(name: &str) -> String {
    let words = name
        .split(|c: char| c.is_whitespace() || c.is_control())
        .filter(|w| !w.is_empty());
    for word in words.clone() {
        if is_honorific(word) {
            continue;
        }
        // "Dr.Asha": a title glued to the name by its full stop.
        if let Some((head, rest)) = word.split_once('.')
            && !rest.is_empty()
            && is_honorific(head)
        {
            let rest = rest.trim_start_matches('.');
            if !rest.is_empty() && !is_honorific(rest) {
                return rest.to_owned();
            }
            continue;
        }
        return word.to_owned();
    }
    words.collect::<Vec<_>>().join(" ")
}

/// What a booking reference starts with.
pub const BOOKING_REFERENCE_PREFIX: &str = "MB-";
/// How many characters of the booking's id its reference keeps.
pub const BOOKING_REFERENCE_LENGTH: usize = 8;

/// A booking's short reference for people (screens, e-mails, support):
/// `MB-` and the first 8 letters and digits of its id, upper-cased
/// (`3f2a9c1d-…` is `MB-3F2A9C1D`). URLs keep the whole id. Support finds
/// the booking by the id that starts with those 8 characters in lower case
/// (see [`booking_id_prefix`]).
#[crate::export(on_demand, learner, js_name = "bookingReference")]
pub fn booking_reference(id: &str) -> String {
    let short: String = id
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .take(BOOKING_REFERENCE_LENGTH)
        .map(|c| c.to_ascii_uppercase())
        .collect();
    format!("{BOOKING_REFERENCE_PREFIX}{short}")
}

/// The start of the booking id a reference names (`MB-3F2A9C1D`, with or
/// without the prefix, in any case, is `3f2a9c1d`), or `None` for text that
/// is not a reference.
pub fn booking_id_prefix(reference: &str) -> Option<String> {
    let text = reference.trim();
    let text = if text.len() >= BOOKING_REFERENCE_PREFIX.len()
        && text.is_char_boundary(BOOKING_REFERENCE_PREFIX.len())
        && text[..BOOKING_REFERENCE_PREFIX.len()].eq_ignore_ascii_case(BOOKING_REFERENCE_PREFIX)
    {
        &text[BOOKING_REFERENCE_PREFIX.len()..]
    } else {
        text
    };
    (text.len() == BOOKING_REFERENCE_LENGTH && text.chars().all(|c| c.is_ascii_hexdigit()))
        .then(|| text.to_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_are_never_taken_for_a_first_name() {
        for (name, short) in [
            ("Dr. Asha Rao", "Asha"),
            ("dr asha rao", "asha"),
            ("Prof. Dr. Meera Nair", "Meera"),
            ("CA Rohit Gupta", "Rohit"),
            ("Adv. Kavita Singh", "Kavita"),
            ("Er. Vikram Patel", "Vikram"),
            ("Smt. Lakshmi Iyer", "Lakshmi"),
            ("Shri Ram Kumar", "Ram"),
            ("Dr.Asha Rao", "Asha"),
            ("Mrs Priya Das", "Priya"),
            ("Asha Rao", "Asha"),
            ("Drishti Shah", "Drishti"),
            ("Carl Mathew", "Carl"),
            ("Dr.", "Dr."),
            ("  Dr.   ", "Dr."),
            ("", ""),
            ("Ravi\u{7}Kumar", "Ravi"),
        ] {
            assert_eq!(short_name(name), short, "{name:?}");
        }
    }

    #[test]
    fn references_are_short_and_lead_back_to_the_id() {
        let id = "3f2a9c1d-7b4e-4c1a-9f00-123456789abc";
        assert_eq!(booking_reference(id), "MB-3F2A9C1D");
        assert_eq!(
            booking_id_prefix("MB-3F2A9C1D").as_deref(),
            Some("3f2a9c1d")
        );
        assert_eq!(
            booking_id_prefix(" mb-3f2a9c1d ").as_deref(),
            Some("3f2a9c1d")
        );
        assert_eq!(booking_id_prefix("3F2A9C1D").as_deref(), Some("3f2a9c1d"));
        let prefix = booking_id_prefix(&booking_reference(id)).expect("a reference reads back");
        assert!(id.starts_with(&prefix));
        assert_eq!(booking_id_prefix("MB-3F2A"), None);
        assert_eq!(booking_id_prefix("MB-ZZZZZZZZ"), None);
        assert_eq!(booking_id_prefix("MB-3F2A9C1É"), None);
    }
}
