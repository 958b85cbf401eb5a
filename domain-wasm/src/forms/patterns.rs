//! The patterns of the request bodies' text fields, as the OpenAPI
//! document states them. Each spells, as a regular expression a client can
//! check before sending, a rule the crate checks with code (named beside
//! each); the crate itself never runs them.

/// Contains a character that is not white space (a required text field).
pub const NON_BLANK: &str = r"\S";

/// An e-mail address the domain's rule accepts (`accounts::Email::parse`,
/// which also trims and lower-cases): an RFC 5322 dot-atom local part of
/// at most 64 characters and a domain of letters, digits and inner hyphens
/// ending in a label of letters. (The rule also takes non-ASCII letters.)
pub const EMAIL: &str = r"^\s*[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]{1,32}(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]{1,15}){0,2}@([A-Za-z0-9]{1,20}(-{1,2}[A-Za-z0-9]{1,20})?\.){1,3}[A-Za-z]{2,12}\s*$";

/// A display name (`accounts::parse_name`): something visible and no
/// control characters other than white space.
pub const NAME: &str = r"^[^\x00-\x08\x0e-\x1f\x7f-\x84\x86-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x08\x0e-\x1f\x7f-\x84\x86-\x9f]*$";

/// A contact number (`accounts::parse_contact_number`): `+` and 8 to 15
/// digits, the first not 0; or a ten-digit Indian mobile number (first
/// digit 6-9), optionally after `0` or `91`. Spaces, hyphens, dots and
/// brackets may separate the digits.
pub const CONTACT_NUMBER: &str = r"^\s*(\+[ ().-]*[1-9]([ ().-]*[0-9]){7,14}|[ ().-]*((9[ ().-]*1|0)[ ().-]*)?[6-9]([ ().-]*[0-9]){9})[ ().-]*\s*$";

/// The same, or blank (left out).
pub const CONTACT_NUMBER_OR_BLANK: &str = r"^\s*$|^\s*(\+[ ().-]*[1-9]([ ().-]*[0-9]){7,14}|[ ().-]*((9[ ().-]*1|0)[ ().-]*)?[6-9]([ ().-]*[0-9]){9})[ ().-]*\s*$";

/// The shape of an IANA time zone name (`accounts::parse_time_zone`
/// checks it is one the zone data knows: 400 under `time_zone` otherwise),
/// e.g. `Asia/Kolkata`, `America/Argentina/Buenos_Aires`, `UTC`, `Etc/GMT+5`.
pub const TIME_ZONE: &str = r"^\s*[A-Za-z][A-Za-z0-9_+-]{0,31}(/[A-Za-z0-9_+-]{1,32}){0,2}\s*$";

/// The same, or blank (left out: UTC).
pub const TIME_ZONE_OR_BLANK: &str =
    r"^\s*$|^\s*[A-Za-z][A-Za-z0-9_+-]{0,31}(/[A-Za-z0-9_+-]{1,32}){0,2}\s*$";

/// An enquiry's message (`enquiry::check_message`): at least ten
/// characters between the first and the last visible one, with no control
/// characters but line breaks and tabs among them.
pub const MESSAGE: &str =
    r"[^\s\x00-\x1f\x7f-\x9f][^\x00-\x08\x0b-\x1f\x7f-\x9f]{8,}[^\s\x00-\x1f\x7f-\x9f]";

/// A one-line field that must not be blank (`enquiry::one_line`).
pub const VISIBLE: &str = r"[^\s\x00-\x1f\x7f-\x9f]";
