//! The fuzz targets of the domain crate: one function per group of entry
//! points that take outside input (text or JSON from a user or the network),
//! each asserting properties of the results, not only that nothing panics.
//!
//! One definition, two runners: `domain-wasm/fuzz` (cargo-fuzz, libFuzzer)
//! builds a binary per entry of [`TARGETS`], and `tests/fuzz_corpus.rs`
//! (part of `cargo test`) replays every saved input in
//! `fuzz/corpus/<target>/` through the same functions, natively.
//!
//! Input format, shared by every target (so saved inputs stay readable):
//! the first byte selects a variant where a target has several; the rest
//! is a list of fields separated by the byte 0xFF, which never occurs in
//! UTF-8 text. A field is read as text (invalid UTF-8 replaced), a number
//! (its text parsed as `f64`, else its first 8 bytes), a whole number, a
//! flag, or a list whose items are separated by 0xFE (also never in UTF-8).
//! Missing fields read as empty.

use domain_wasm as dw;
use dw::json::{Json, ParseJson, SerdeJson};
use serde_json::Value;

/// Every target by name: the fuzz binary of the same name calls it, and the
/// corpus test replays `fuzz/corpus/<name>/` through it.
pub const TARGETS: &[(&str, Target)] = &[
    ("accounts", accounts),
    ("password", password),
    ("slug", slug),
    ("enquiry", enquiry),
    ("explorer", explorer),
    ("listing", listing),
    ("mentor_response", mentor_response),
    ("json", json),
    ("session", session),
    ("site_stats", site_stats),
    ("money", money),
    ("urls", urls),
    ("pages", pages),
    ("dispatch", dispatch),
    ("booking", booking),
];

/// A target's body: one fuzz input, checked.
pub type Target = fn(&[u8]);

/// The fields of one fuzz input (see the module documentation).
pub struct Input<'a> {
    selector: u8,
    fields: std::collections::VecDeque<&'a [u8]>,
}

impl<'a> Input<'a> {
    pub fn new(data: &'a [u8]) -> Self {
        let (selector, rest) = data.split_first().map_or((0, &[][..]), |(s, r)| (*s, r));
        Input {
            selector,
            fields: rest.split(|&b| b == 0xFF).collect(),
        }
    }

    /// Bit `n` of the selector byte.
    pub fn bit(&self, n: u8) -> bool {
        self.selector & (1 << n) != 0
    }

    pub fn bytes(&mut self) -> &'a [u8] {
        self.fields.pop_front().unwrap_or_default()
    }

    pub fn text(&mut self) -> String {
        String::from_utf8_lossy(self.bytes()).into_owned()
    }

    pub fn num(&mut self) -> f64 {
        number(self.bytes())
    }

    pub fn whole(&mut self) -> u64 {
        let bytes = self.bytes();
        match String::from_utf8_lossy(bytes).trim().parse::<u64>() {
            Ok(n) => n,
            Err(_) => bytes
                .iter()
                .take(8)
                .fold(0u64, |n, &b| (n << 8) | u64::from(b)),
        }
    }

    pub fn u32(&mut self) -> u32 {
        let n = self.whole();
        u32::try_from(n).unwrap_or(n as u32)
    }

    pub fn flag(&mut self) -> bool {
        self.bytes().first().is_some_and(|b| b & 1 == 1)
    }

    pub fn texts(&mut self) -> Vec<String> {
        let bytes = self.bytes();
        if bytes.is_empty() {
            return Vec::new();
        }
        bytes
            .split(|&b| b == 0xFE)
            .map(|item| String::from_utf8_lossy(item).into_owned())
            .collect()
    }

    pub fn nums(&mut self) -> Vec<f64> {
        let bytes = self.bytes();
        if bytes.is_empty() {
            return Vec::new();
        }
        bytes.split(|&b| b == 0xFE).map(number).collect()
    }
}

fn number(bytes: &[u8]) -> f64 {
    if bytes.is_empty() {
        return 0.0;
    }
    if let Ok(x) = String::from_utf8_lossy(bytes).trim().parse::<f64>() {
        return x;
    }
    let mut raw = [0u8; 8];
    for (slot, b) in raw.iter_mut().zip(bytes) {
        *slot = *b;
    }
    f64::from_le_bytes(raw)
}

fn strs(items: &[String]) -> Vec<&str> {
    items.iter().map(String::as_str).collect()
}

fn chars(s: &str) -> usize {
    s.chars().count()
}

/// E-mail addresses, display names, contact numbers and the login form's
/// password-given checks (`accounts`).
pub fn accounts(data: &[u8]) {
    use dw::accounts::*;
    let mut input = Input::new(data);
    let raw = input.text();

    match Email::parse(&raw) {
        Ok(email) => {
            let s = email.as_str();
            assert!(!s.is_empty() && s == s.trim(), "{s:?} is trimmed");
            assert!(chars(s) <= EMAIL_MAX, "{s:?} is at most {EMAIL_MAX} chars");
            assert_eq!(s.matches('@').count(), 1, "{s:?} has one @");
            assert_eq!(
                Email::parse(s).as_ref(),
                Ok(&email),
                "an accepted address is accepted again as itself"
            );
            assert_eq!(
                check_email(&raw),
                FieldCheck::Ok {
                    value: s.to_owned()
                }
            );
        }
        Err(problem) => {
            assert!([REQUIRED, INVALID_EMAIL].contains(&problem.message()));
            assert_eq!(
                check_email(&raw),
                FieldCheck::Error {
                    message: problem.message()
                }
            );
        }
    }
    if raw.trim().is_empty() {
        assert_eq!(
            check_email_required(&raw),
            FieldCheck::Error {
                message: EMAIL_REQUIRED
            }
        );
    } else {
        assert_eq!(check_email_required(&raw), check_email(&raw));
    }

    match parse_name(&raw) {
        Ok(name) => {
            assert!(!name.is_empty() && name == name.trim() && !name.contains("  "));
            assert!(chars(&name) <= NAME_MAX);
            assert!(!name.chars().any(char::is_control), "{name:?}");
            assert_eq!(parse_name(&name).as_deref(), Ok(name.as_str()), "stable");
        }
        Err(problem) => {
            assert!([REQUIRED, NAME_TOO_LONG, INVALID_NAME].contains(&problem.message()));
        }
    }
    assert_eq!(
        check_optional_name(&raw),
        (!raw.trim().is_empty()).then(|| check_name(&raw))
    );

    match parse_contact_number(&raw) {
        Ok(number) => {
            let digits = number.strip_prefix('+').expect("E.164 starts with +");
            assert!(digits.bytes().all(|b| b.is_ascii_digit()), "{number:?}");
            assert!((8..=15).contains(&digits.len()), "{number:?}");
            assert!(!digits.starts_with('0'), "{number:?}");
            assert_eq!(
                parse_contact_number(&number).as_deref(),
                Ok(number.as_str()),
                "stable"
            );
        }
        Err(problem) => {
            assert!([REQUIRED, INVALID_CONTACT_NUMBER].contains(&problem.message()));
        }
    }
    assert_eq!(
        check_optional_contact_number(&raw),
        (!raw.trim().is_empty()).then(|| check_contact_number(&raw))
    );

    for (check, empty) in [
        (
            check_password_given as fn(&str) -> FieldCheck,
            PASSWORD_REQUIRED,
        ),
        (check_current_password, CURRENT_PASSWORD_REQUIRED),
    ] {
        let want = if raw.is_empty() {
            FieldCheck::Error { message: empty }
        } else {
            FieldCheck::Ok { value: raw.clone() }
        };
        assert_eq!(check(&raw), want, "a password is taken as typed");
    }
}

/// Password strength and the new-password checks (`password`). Selector
/// bit 0: the confirmation repeats the password.
pub fn password(data: &[u8]) {
    use dw::password::*;
    let mut input = Input::new(data);
    let mut password = input.text();
    // Selector bit 1: an entry of the common-password list, its letters
    // upper-cased where the field's bits say.
    if input.bit(1) {
        let list = common_passwords();
        let entry = list[(input.whole() % list.len() as u64) as usize];
        let mut bits = input.whole();
        password = entry
            .chars()
            .map(|c| {
                bits = bits.rotate_right(1);
                if bits & 1 == 1 {
                    c.to_ascii_uppercase()
                } else {
                    c
                }
            })
            .collect();
        assert!(is_common(&password), "{password:?} is on the list");
    }
    let confirmation = if input.bit(0) {
        password.clone()
    } else {
        input.text()
    };

    let s = strength(&password);
    assert!(s.score <= 4);
    assert_eq!(s.label, LABELS[usize::from(s.score)]);
    assert_eq!(s.strong_enough, s.score >= STRONG_ENOUGH);

    let common = is_common(&password);
    assert_eq!(
        common,
        common_passwords()
            .binary_search(&password.to_lowercase().as_str())
            .is_ok(),
        "is_common({password:?}) is a lookup in the list"
    );
    let alone = check_strength(&password);
    if alone.is_ok() {
        assert!(
            s.strong_enough,
            "{password:?} passes only when strong enough"
        );
        assert!((MIN_LENGTH..=MAX_LENGTH).contains(&chars(&password)));
        assert!(!common, "{password:?} is not a common password");
    }
    assert_eq!(check_new_password(&password, &password), alone);
    let both = check_new_password(&password, &confirmation);
    if password != confirmation {
        assert_eq!(both, Err(PasswordProblem::Mismatch));
    }
    match (new_password_check(&password, &confirmation), both) {
        (NewPasswordCheck::Ok, Ok(())) => {}
        (
            NewPasswordCheck::Error {
                field,
                problem,
                message,
            },
            Err(want),
        ) => {
            assert_eq!(
                (field, problem, message),
                (want.field(), want, want.message())
            );
        }
        (got, want) => panic!("new_password_check gave {got:?}, check_new_password {want:?}"),
    }
    assert_eq!(
        inline_mismatch(&password, &confirmation),
        (!confirmation.is_empty() && password != confirmation).then_some(MISMATCH_INLINE)
    );
}

/// The common-password list the crate embeds, one per line, sorted.
fn common_passwords() -> &'static [&'static str] {
    static LIST: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    LIST.get_or_init(|| {
        include_str!("../../data/common-passwords/policy.txt")
            .lines()
            .collect()
    })
}

/// Mentor slugs, paths and path segments (`slug`).
pub fn slug(data: &[u8]) {
    use dw::slug::*;
    let mut input = Input::new(data);
    let name = input.text();
    let id = input.whole();

    let s = slugify(&name);
    assert!(
        !s.starts_with('-') && !s.ends_with('-') && !s.contains("--"),
        "{s:?}"
    );
    assert!(
        s.chars().all(|c| c == '-' || c.is_alphanumeric()),
        "{s:?}: letters, digits and dashes"
    );
    assert_eq!(slugify(&s), s, "slugify is idempotent");

    let path = mentor_path(id, &name);
    let segment = path.strip_prefix("/mentors/").expect("a mentor path");
    assert_eq!(parse_mentor_segment(segment), Some(id), "{path:?}");
    assert_eq!(
        dw::routes::match_route(&path).map(|r| r.pattern),
        Some("/mentors/:idSlug"),
        "{path:?}"
    );

    if let Some(id) = parse_mentor_segment(&name) {
        let digits: String = name.chars().take_while(char::is_ascii_digit).collect();
        assert!(!digits.is_empty());
        assert_eq!(digits.parse::<u64>().ok(), Some(id));
        let rest = &name[digits.len()..];
        assert!(rest.is_empty() || rest.starts_with('-'));
    }
    let safe = parse_mentor_segment(&name).filter(|id| *id < (1 << 53));
    assert_eq!(mentor_id_in(&name), safe.map(|id| id as f64));

    let float_id = input.num();
    match mentor_path_of(float_id, &name) {
        Ok(p) => assert_eq!(p, mentor_path(float_id as u64, &name)),
        Err(_) => assert!(
            !(float_id.is_finite() && float_id >= 0.0 && float_id.fract() == 0.0)
                || float_id >= (1u64 << 53) as f64
        ),
    }
}

/// The contact and quote forms' fields (`enquiry`). Selector bit 0: the
/// team size is checked as the form's select (choices only).
pub fn enquiry(data: &[u8]) {
    use dw::enquiry::*;
    let mut input = Input::new(data);
    let raw = input.text();
    let choices_only = input.bit(0);

    let cleaned = clean_message(&raw);
    assert_eq!(
        clean_message(&cleaned),
        cleaned,
        "clean_message is idempotent"
    );
    let length = message_length(&raw);
    assert_eq!(length as usize, chars(&cleaned));
    assert!(message_count(&raw).ends_with(" / 5,000 characters"));
    let message = check_message(&raw);
    match &message {
        Checked::Ok { value } => {
            assert_eq!(value, &cleaned);
            assert!((MESSAGE_MIN..=MESSAGE_MAX).contains(&length));
            assert_eq!(check_message(value), message, "stable");
        }
        Checked::Absent => panic!("the message is never optional"),
        Checked::Invalid { api_message, .. } => assert!(!api_message.is_empty()),
    }

    let line = one_line(&raw);
    assert_eq!(one_line(&line), line, "one_line is idempotent");
    assert!(line == line.trim() && !line.contains("  "), "{line:?}");
    assert!(!line.chars().any(char::is_control), "{line:?}");

    let subject = check_subject as fn(&str) -> Checked;
    for (check, max, optional) in [
        (subject, SUBJECT_MAX, true),
        (check_company, COMPANY_MAX, false),
    ] {
        let got = check(&raw);
        match &got {
            Checked::Ok { value } => {
                assert_eq!(value, &line);
                assert!(chars(value) <= max as usize);
                assert_eq!(check(value), got, "stable");
            }
            Checked::Absent => assert!(optional && line.is_empty()),
            Checked::Invalid { api_message, .. } => assert!(!api_message.is_empty()),
        }
    }

    let team = check_team_size(&raw, choices_only);
    match &team {
        Checked::Ok { value } => {
            assert!(chars(value) <= TEAM_SIZE_MAX as usize);
            assert!(!choices_only || is_team_size(value));
            assert_eq!(check_team_size(value, choices_only), team, "stable");
        }
        Checked::Absent => assert!(line.is_empty()),
        Checked::Invalid { api_message, .. } => assert!(!api_message.is_empty()),
    }

    let programme = check_programme(&raw);
    assert_eq!(programme.value(), parse_programme(&raw));
    if let Some(value) = programme.value() {
        assert!(PROGRAMMES.iter().any(|c| c.value == value));
        assert_eq!(check_programme(value), programme, "stable");
        assert_ne!(programme_label(value), value, "a programme has a name");
    } else {
        assert!(programme.api_message().is_some());
        if !PROGRAMMES.iter().any(|c| c.value == raw) {
            assert_eq!(programme_label(&raw), raw);
        }
    }
    if let Some(value) = programme_from_path(&raw) {
        assert!(raw == format!("/b2b/{value}") || raw == format!("/b2b/{value}/"));
    }
}

/// The home explorer's category masks, ranking, arrangement, rotation and
/// tabs (`explorer`). Selector bit 0: the columns are cut to one length.
pub fn explorer(data: &[u8]) {
    use dw::explorer::*;
    let mut input = Input::new(data);

    // Packed expertise of a whole list (U+001E between mentors, U+001F
    // between one mentor's entries).
    let packed = input.text();
    let count = input.u32() % 64;
    let records: Vec<&str> = packed.split(MENTOR_SEPARATOR).collect();
    match category_masks(&packed, count) {
        Ok(masks) => {
            assert_eq!(masks.len(), count as usize);
            if count > 0 {
                for (mask, record) in masks.iter().zip(&records) {
                    let entries: Vec<&str> = record
                        .split(EXPERTISE_SEPARATOR)
                        .filter(|e| !e.is_empty())
                        .collect();
                    assert_eq!(*mask, category_mask(&entries), "{record:?}");
                }
            }
        }
        Err(_) => assert!(
            (count == 0 && !packed.is_empty()) || (count > 0 && records.len() != count as usize)
        ),
    }
    if count > 0 && records.len() == count as usize {
        assert!(category_masks(&packed, count).is_ok());
    }

    let expertise = input.texts();
    let mask = category_mask(&strs(&expertise));
    assert_eq!(mask & 1, 1, "every mentor is in All");
    assert!(mask < 1 << CATEGORIES.len());

    // Columns.
    let mut ratings = input.nums();
    let mut years = input.nums();
    let mut prices = input.nums();
    let mut masks: Vec<u32> = input
        .texts()
        .iter()
        .map(|t| t.trim().parse().unwrap_or(1))
        .collect();
    let category_id = input.text();
    let seed = input.u32();
    let rotation = input.u32();
    if input.bit(0) {
        let n = ratings
            .len()
            .min(years.len())
            .min(prices.len())
            .min(masks.len());
        ratings.truncate(n);
        years.truncate(n);
        prices.truncate(n);
        masks.truncate(n);
    }
    let same_length = [years.len(), prices.len(), masks.len()]
        .iter()
        .all(|&n| n == ratings.len());
    let known = category_index(&category_id);
    assert_eq!(limit(&category_id).is_ok(), known.is_some());
    let arranged = arrange_explorer(
        &ratings,
        &years,
        &prices,
        &masks,
        &category_id,
        seed,
        rotation,
    );
    match (&arranged, known) {
        (Ok(shown), Some(bit)) => {
            assert!(same_length);
            let pool: Vec<usize> = (0..masks.len())
                .filter(|&i| masks[i] & (1 << bit) != 0)
                .collect();
            let cap = limit(&category_id).expect("a known category");
            assert_eq!(shown.len(), pool.len().min(cap), "min(pool, limit)");
            let mut seen = std::collections::HashSet::new();
            for &i in shown {
                assert!(pool.contains(&(i as usize)), "{i} is in the pool");
                assert!(seen.insert(i), "{i} is shown once");
            }
            let columns = Columns {
                ratings: &ratings,
                experience_years: &years,
                prices: &prices,
                masks: &masks,
            };
            let mut ranked = rank(columns, &category_id).expect("ranks");
            ranked.sort_unstable();
            assert_eq!(
                ranked,
                pool.iter().map(|&i| i as u32).collect::<Vec<_>>(),
                "the ranking is the pool"
            );
        }
        (Err(ExplorerError::LengthMismatch { .. }), _) => assert!(!same_length),
        (Err(ExplorerError::UnknownCategory(_)), None) => assert!(same_length),
        (got, _) => panic!("arrange_explorer gave {got:?} for category {category_id:?}"),
    }
    assert_eq!(
        arrange_explorer(
            &ratings,
            &years,
            &prices,
            &masks,
            &category_id,
            seed,
            rotation
        ),
        arranged,
        "an arrangement depends only on its inputs"
    );
    for (&r, &y) in ratings.iter().zip(&years) {
        let s = score(r, y);
        assert!((0.0..=1.0).contains(&s), "score({r}, {y}) = {s}");
    }

    // Rotation and the seed's lifetime.
    let stored = input.text();
    let interval = rotation_interval_ms(Some(&stored));
    assert!(
        interval == DEFAULT_ROTATION_MS || (MIN_ROTATION_MS..=MAX_ROTATION_MS).contains(&interval)
    );
    let (created, now, every) = (input.num(), input.num(), input.num());
    let index = rotation_index(created, now, every);
    if !(now - created >= 0.0 && every > 0.0 && every.is_finite()) {
        assert_eq!(index, 0);
    }
    let stale = seed_is_stale(created, now);
    if !(created.is_finite() && now.is_finite()) || now < created {
        assert!(stale);
    }

    // Tabs.
    let visited = input.texts();
    let current = input.text();
    let chosen = input.text();
    let choice = choose_category(&strs(&visited), &current, &chosen);
    assert_eq!(
        choice.clear_seed,
        chosen != current && visited.contains(&chosen)
    );
    let unique: std::collections::HashSet<&String> = choice.visited.iter().collect();
    assert_eq!(unique.len(), choice.visited.len(), "no duplicates");
    assert!(choice.visited.contains(&current) && choice.visited.contains(&chosen));
}

/// The mentor listing's search, free filter and sorts (`listing`).
pub fn listing(data: &[u8]) {
    use dw::listing::*;
    let mut input = Input::new(data);
    let q = input.text();
    let terms = search_terms(&q);
    assert!(terms.iter().all(|t| !t.is_empty()));

    // A mentor is found by their own name.
    let name = input.text();
    let expertise = input.texts();
    let haystack = search_haystack(&name, &strs(&expertise));
    assert!(
        matches_search(&haystack, &strs(&search_terms(&name))),
        "{name:?} is found by its name in {haystack:?}"
    );
    assert_eq!(
        matches_search(&haystack, &strs(&terms)),
        terms.iter().all(|t| haystack.contains(t.as_str()))
    );

    let haystacks = input.texts();
    let prices = input.nums();
    let free_only = input.flag();
    let found = listing_filter(&strs(&haystacks), &prices, &q, free_only);
    assert!(found.windows(2).all(|w| w[0] < w[1]), "in list order");
    for &i in &found {
        let h = &haystacks[i as usize];
        assert!(matches_search(h, &strs(&terms)));
        assert!(
            !free_only
                || prices
                    .get(i as usize)
                    .is_some_and(|&p| dw::pricing::is_free(p))
        );
    }
    if terms.is_empty() && !free_only {
        assert_eq!(found.len(), haystacks.len());
    }

    let indices: Vec<u32> = input
        .texts()
        .iter()
        .map(|t| t.trim().parse().unwrap_or(0))
        .collect();
    let ratings = input.nums();
    let years = input.nums();
    let sort = input.text();
    assert_eq!(is_sort(&sort), SORTS.iter().any(|s| s.id == sort));
    let mut ordered = listing_order(&indices, &ratings, &years, &prices, &sort);
    ordered.sort_unstable();
    let mut want = indices.clone();
    want.sort_unstable();
    assert_eq!(ordered, want, "the order is a permutation");
}

/// `GET /api/mentors/` answers: status, content type and body (`mentor_response`).
/// Selector bit 0: a 200 with a JSON content type, so the body is read.
pub fn mentor_response(data: &[u8]) {
    use dw::mentor_response::*;
    let mut input = Input::new(data);
    let (status, status_text, content_type) = if input.bit(0) {
        (200.0, String::new(), Some("application/json".to_owned()))
    } else {
        let status = input.num();
        let status_text = input.text();
        let content_type = (!input.bit(1)).then(|| input.text());
        (status, status_text, content_type)
    };
    let body = input.text();

    if let Some(ct) = content_type.as_deref().filter(|ct| is_json_media_type(ct)) {
        assert!(ct.contains('/'));
    }
    let checked = check_mentor_response(status, &status_text, content_type.as_deref(), &body);
    let Ok(response) = checked else {
        assert!(!(status.fract() == 0.0 && (100.0..=599.0).contains(&status)));
        return;
    };
    match response {
        MentorResponse::Ok { mentors, dropped } => {
            let Some(Json::Array(items)) = SerdeJson.parse_json(&body) else {
                panic!("accepted a body that is not a JSON array: {body:?}")
            };
            assert_eq!(items.len(), mentors.len() + dropped as usize);
            assert!(mentors.iter().all(|m| m.id != Json::Null));
            // The accepted mentors, written out and read again, are kept whole.
            let text = serde_json::to_string(&mentors).expect("mentors serialize");
            assert_eq!(
                parse_mentor_response(200, "", Some("application/json"), &text),
                MentorResponse::Ok {
                    mentors,
                    dropped: 0
                },
                "{text}"
            );
        }
        MentorResponse::Error { message } => assert!(
            [MSG_EXPECTED_JSON, MSG_EXPECTED_ARRAY, MSG_NO_VALID_MENTORS]
                .contains(&message.as_str())
                || message.starts_with("HTTP "),
            "{message:?}"
        ),
    }
}

/// JSON documents as the rules read them (`json`): serde_json's reading,
/// written compactly and read again.
pub fn json(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let parsed = SerdeJson.parse_json(&text);
    assert_eq!(
        parsed.is_some(),
        serde_json::from_str::<Value>(&text).is_ok(),
        "the same documents as serde_json"
    );
    let Some(doc) = parsed else { return };
    let written = doc.to_string();
    let again = SerdeJson
        .parse_json(&written)
        .expect("compact JSON is JSON");
    assert_eq!(again.to_string(), written, "write, read, write is stable");
    let exact = serde_json::to_string(&doc).expect("serializes");
    assert_eq!(
        SerdeJson.parse_json(&exact).as_ref(),
        Some(&doc),
        "serialized exactly: {exact}"
    );
    let _ = doc.as_message();
    let _ = Json::from_value(doc.into_value());
}

/// Session timers, 401/403 handling, logout and Google error bodies (`session`).
pub fn session(data: &[u8]) {
    use dw::session::*;
    let mut input = Input::new(data);
    let (set_at, refreshed, now) = (input.num(), input.num(), input.num());
    let refreshed = input.bit(0).then_some(refreshed);
    let timers = session_timers(set_at, refreshed, now);
    assert!((0.0..=f64::from(TOKEN_REFRESH_MS)).contains(&timers.refresh_in_ms));
    assert!((0.0..=f64::from(FORCED_LOGOUT_MS)).contains(&timers.logout_in_ms));
    let due = session_due(set_at, refreshed, now);
    assert_eq!(due == SessionDue::Logout, timers.logout_in_ms <= 0.0);

    let status = input.num();
    let retried = input.flag();
    let whole = status.fract() == 0.0 && (100.0..=599.0).contains(&status);
    assert_eq!(after_response_status(status, retried).is_ok(), whole);

    let path = input.text();
    let pathname = path.split(['?', '#']).next().unwrap_or_default();
    let on_login = dw::routes::match_route(pathname).is_some_and(|r| r.pattern == LOGIN_PATH);
    assert_eq!(logout_destination(&path).is_none(), on_login);

    let body = input.text();
    let http = (input.u32() % 500 + 100) as u16;
    let message = google_login_error(&GoogleFailure::Response {
        status: http,
        body: body.clone(),
    });
    assert!(message.starts_with("Google login failed. "), "{message:?}");
    assert_eq!(
        google_login_error(&GoogleFailure::Other {
            message: body.clone()
        }),
        format!("Google login failed: {body}")
    );
}

/// The site statistics document and the home page's figures (`site_stats`).
pub fn site_stats(data: &[u8]) {
    use dw::bindings::FromJson;
    use dw::site_stats::*;
    let mut input = Input::new(data);
    let text = input.text();
    let stats = parse_site_stats(&text);
    if let Some(s) = stats {
        for n in [s.mentors, s.rated_mentors, s.completed_sessions] {
            assert!(n.is_finite() && n >= 0.0);
        }
        assert!(s.average_rating.is_none_or(|a| (0.0..=5.0).contains(&a)));
        assert!(
            s.positive_feedback_percent
                .is_none_or(|p| (0.0..=100.0).contains(&p))
        );
        // What parseSiteStats returns is what the figures take.
        let value = serde_json::to_value(s).expect("serializes");
        assert_eq!(
            Option::<SiteStats>::from_json(&Json::from_value(value)),
            Ok(Some(s))
        );
    }
    let _ = hero_figures(stats);
    let _ = count_up_stats(stats);

    let x = input.num();
    let count = format_count(x);
    if x.is_finite() && x.abs() < 1e15 {
        let back: f64 = count.replace(',', "").parse().expect("a number");
        assert!(
            (back - x).abs() <= 0.0005 + x.abs() * 1e-15,
            "{x} -> {count}"
        );
    }
    let _ = (format_mentors(x), format_rating(x), format_percent(x));
    let fraction = count_up_fraction(x, input.num());
    assert!((0.0..=1.0).contains(&fraction), "{fraction}");
    let _ = count_up_value(input.num(), fraction);
}

/// Money and numbers as JavaScript writes them (`money`).
pub fn money(data: &[u8]) {
    use dw::money::*;
    let mut input = Input::new(data);
    let rupees = input.num();
    let context = if input.bit(0) {
        PriceContext::Card
    } else {
        PriceContext::Explorer
    };
    match Paise::from_rupees(rupees) {
        Ok(p) => {
            assert!(rupees.is_finite() && rupees >= 0.0);
            assert!(p.get() <= 100_000_000_000);
            assert_eq!(Paise::from_rupees(p.to_rupees()), Ok(p), "round trip");
            // The label reads back as the amount.
            let shown = p.to_string();
            let digits = shown
                .strip_prefix('₹')
                .expect("a rupee sign")
                .replace(',', "");
            let (whole, paise) = digits.split_once('.').unwrap_or((&digits, "00"));
            assert_eq!(paise.len(), 2, "{shown}");
            let back =
                whole.parse::<u64>().expect("rupees") * 100 + paise.parse::<u64>().expect("paise");
            assert_eq!(back, p.get(), "{shown}");
            assert!(price_label_of(rupees, context).is_ok());
        }
        Err(_) => assert!(price_label_of(rupees, context).is_err()),
    }

    let n = input.whole();
    let grouped = group_indian(n);
    assert_eq!(grouped.replace(',', ""), n.to_string());
    let mut groups = grouped.rsplit(',');
    let last = groups.next().expect("a group");
    assert!(grouped.len() <= 3 || last.len() == 3, "{grouped}");
    assert!(groups.all(|g| g.len() == 2 || g.len() == 1), "{grouped}");

    let x = input.num();
    let written = dw::num::js_number(x);
    if x.is_finite() {
        let back: f64 = written.parse().expect("a number");
        assert!(back == x, "{x} -> {written}");
    } else {
        assert!(["NaN", "Infinity", "-Infinity"].contains(&written.as_str()));
    }
    let fixed = dw::num::to_fixed_1(x);
    if x.is_finite() && x.abs() < 1e20 {
        let (_, tenths) = fixed.split_once('.').expect("one decimal");
        assert_eq!(tenths.len(), 1, "{fixed}");
        let back: f64 = fixed.parse().expect("a number");
        assert!((back - x).abs() <= 0.05 + x.abs() * 1e-15, "{x} -> {fixed}");
    }
    let context = input.text();
    assert_eq!(
        PriceContext::parse(&context).is_some(),
        context == "card" || context == "explorer"
    );
}

/// Links on profiles, redirects after login, the route table, slots and
/// labels of the profile page (`urls`).
pub fn urls(data: &[u8]) {
    use dw::mentor_profile::*;
    use dw::routes::{Access, ROUTES, match_route};
    let mut input = Input::new(data);
    let raw = input.text();

    if let Some(url) = safe_url(&raw) {
        assert!(
            url.starts_with("http://") || url.starts_with("https://"),
            "{url:?}"
        );
        assert!(
            !url.chars().any(|c| c.is_whitespace() || c.is_control()),
            "{url:?}"
        );
        assert_eq!(safe_url(&url).as_deref(), Some(url.as_str()), "stable");
    }

    if let Some(to) = dw::redirects::safe_redirect(Some(&raw)) {
        assert_eq!(to, raw);
        assert!(raw.starts_with('/') && !raw.starts_with("//") && !raw.starts_with("/\\"));
        let pathname = raw.split(['?', '#']).next().unwrap_or_default();
        assert!(match_route(pathname).is_none_or(|r| r.access != Access::GuestOnly));
    }
    if let Some(route) = match_route(&raw) {
        assert!(ROUTES.contains(route));
        if !route.pattern.contains(':') {
            assert!(
                raw == route.pattern || raw == format!("{}/", route.pattern),
                "{raw:?}"
            );
        }
    }

    let starts = input.nums();
    let ends = input.nums();
    let now = input.num();
    let limit = input.u32() % 64;
    let slots = upcoming_slots(&starts, &ends, now, limit);
    assert!(slots.len() <= limit as usize);
    let mut seen = std::collections::HashSet::new();
    for w in slots.windows(2) {
        assert!(
            starts[w[0] as usize] <= starts[w[1] as usize],
            "soonest first"
        );
    }
    for &i in &slots {
        let (s, e) = (starts[i as usize], ends[i as usize]);
        assert!(s.is_finite() && e > s && s > now);
        assert!(seen.insert(i));
    }

    let minutes = input.num();
    let label = duration_label(minutes);
    assert!(
        label.ends_with(" min") || label.ends_with(" hr"),
        "{label:?}"
    );
    let (start, end) = (input.num(), input.num());
    let _ = years_label(input.bit(0).then_some(start), input.bit(1).then_some(end));
}

/// Titles, the FAQ's previews and the cards' labels (`pages`).
pub fn pages(data: &[u8]) {
    use dw::{faq, labels, pages};
    let mut input = Input::new(data);
    let text = input.text();
    let max = (input.u32() % 400) as usize;

    let preview = faq::preview(&text);
    assert_eq!(preview.truncated, chars(&text) > faq::TRUNCATE_AT);
    if !preview.truncated {
        assert_eq!(preview.text, text);
    }

    let clipped = pages::clip(&text, max);
    if chars(&text) <= max {
        assert_eq!(clipped, text);
    } else if max >= 1 {
        assert!(chars(&clipped) <= max, "{clipped:?} is at most {max}");
        assert!(clipped.ends_with('…'));
    }
    let headline = input.text();
    let share = pages::mentor_share_title(&text, &headline);
    assert!(!share.contains("  ") && share == share.trim(), "{share:?}");
    assert!(pages::mentor_page_title(&text, &headline).starts_with(&share));
    let _ = (pages::page_title(&text), pages::share_title(&text));
    let _ = pages::document_title(&text);

    let (rating, years) = (input.num(), input.num());
    let _ = labels::rating_label(rating, input.bit(0));
    let _ = labels::experience_label(years);
    let _ = labels::badge_label(rating, years, years, input.bit(1));
    let _ = labels::rating_summary(rating, years);
    let total = input.u32();
    let visible = input.u32();
    assert_eq!(
        faq::show_more_label(total, visible).is_some(),
        total > visible
    );
}

/// Every `#[export]`ed function by its JavaScript name, with JSON arguments
/// as `tests/vectors.rs` and the wasm module take them (`dispatch`). The
/// first field names the function (another name picks one by its bytes);
/// the second is a JSON array of arguments, or the remaining fields are the
/// arguments, each JSON when it parses and a string otherwise.
pub fn dispatch(data: &[u8]) {
    let mut input = Input::new(data);
    let mut names: Vec<&str> = dw::bindings::exports().map(|e| e.name).collect();
    names.sort_unstable();
    let wanted = input.text();
    let name = if names.contains(&wanted.as_str()) {
        wanted.as_str()
    } else {
        let pick = wanted.bytes().fold(usize::from(input.selector), |n, b| {
            n.wrapping_mul(31) ^ usize::from(b)
        });
        names[pick % names.len()]
    };
    let first = input.text();
    let args: Vec<Value> = match serde_json::from_str::<Value>(&first) {
        Ok(Value::Array(args)) => args,
        _ => std::iter::once(first)
            .chain(std::iter::from_fn(|| {
                (!input.fields.is_empty()).then(|| input.text())
            }))
            .map(|field| serde_json::from_str(&field).unwrap_or(Value::String(field)))
            .collect(),
    };
    let result = dw::bindings::dispatch(name, &args);
    if let Ok(value) = &result {
        serde_json::to_string(value).expect("a result is JSON");
    }
    assert_eq!(
        dw::bindings::dispatch(name, &args),
        result,
        "{name} depends only on its arguments"
    );
}

/// The booking transition table (`booking`): for any booking, party, time
/// and request (extreme numbers included) nothing panics; the listed actions
/// are exactly those `transition` accepts (every other one is refused with a
/// message), `join` is listed exactly in the meeting window and `refund`
/// never; a change never owes more than was paid; the wasm door (JSON
/// facts through `bookingActions`) lists the same; an opening's deadlines
/// are never past the start.
pub fn booking(data: &[u8]) {
    use dw::booking::*;
    let mut input = Input::new(data);
    let selector = usize::from(input.selector);
    let status = Status::ALL[selector % Status::ALL.len()];
    let party = Party::ALL[(selector / 7) % Party::ALL.len()];
    let start_ms = input.whole() as i64;
    let end_ms = start_ms.wrapping_add(input.whole() as i64 % (4 * 86_400_000));
    let respond_by_ms = input
        .flag()
        .then(|| start_ms.wrapping_sub(input.whole() as i64 % 200_000_000));
    let pay_by_ms = input
        .flag()
        .then(|| start_ms.wrapping_sub(input.whole() as i64 % 200_000_000));
    let price_paise = input.whole() as i64;
    let paid_paise = input.whole() as i64;
    let has_feedback = input.flag();
    let reschedule_count = input.u32() % 6;
    let no_show = input.whole() % 4;
    let now = start_ms.wrapping_add(input.whole() as i64 % (40 * 86_400_000));
    let facts = Facts {
        status,
        start_ms,
        end_ms,
        respond_by_ms,
        pay_by_ms,
        price_paise,
        paid_paise,
        has_feedback,
        reschedule_count,
        no_show_by: [
            None,
            Some(Missed::Mentor),
            Some(Missed::Mentor),
            Some(Missed::Learner),
        ][no_show as usize],
        no_show_choice: [
            None,
            Some(NoShowChoice::Reschedule),
            Some(NoShowChoice::Refund),
            None,
        ][no_show as usize],
        pay_window_minutes: reschedule_count * 60,
        minimum_notice_minutes: reschedule_count * 30,
    };

    let allowed = allowed_actions(&facts, party, now);
    assert!(!allowed.contains(&Action::Refund));
    let mut sorted = allowed.clone();
    sorted.sort();
    assert_eq!(sorted, allowed, "in the order of Action");
    for action in Action::ALL {
        match sample_request(action, party, now) {
            Some(request) => match transition(&facts, party, &request, now) {
                Ok(change) => {
                    assert!(
                        allowed.contains(&action),
                        "{action:?} succeeds but is not listed"
                    );
                    assert!((0..=paid_paise.max(0)).contains(&change.refund_owed_paise));
                    assert_eq!(
                        change.cancelled_by.is_some(),
                        change.status == Status::Cancelled
                    );
                }
                Err(refusal) => {
                    assert!(!allowed.contains(&action), "{action:?} listed but refused");
                    assert!(!refusal.message.is_empty());
                }
            },
            None => assert_eq!(
                allowed.contains(&action),
                action == Action::Join && may_join(&facts, party, now)
            ),
        }
    }

    // Any request at all, with any times.
    let request = match input.whole() % 9 {
        0 => Request::Accept,
        1 => Request::Decline,
        2 => Request::Pay,
        3 => Request::Cancel,
        4 => Request::Reschedule {
            start_ms: input.whole() as i64,
            end_ms: input.whole() as i64,
        },
        5 => Request::NoShow {
            choice: [
                None,
                Some(NoShowChoice::Refund),
                Some(NoShowChoice::Reschedule),
            ][(input.whole() % 3) as usize],
        },
        6 => Request::Feedback,
        7 => Request::Complete,
        _ => Request::Expire,
    };
    let any_now = if input.flag() {
        input.whole() as i64
    } else {
        now
    };
    if let Ok(change) = transition(&facts, party, &request, any_now) {
        assert!((0..=paid_paise.max(0)).contains(&change.refund_owed_paise));
    }
    let _ = current(&facts, any_now);

    // The wasm door lists the same, for times JavaScript holds exactly.
    let safe = |t: i64| t.unsigned_abs() <= 9_007_199_254_740_991;
    if [start_ms, end_ms, now, price_paise, paid_paise]
        .into_iter()
        .all(safe)
        && respond_by_ms.is_none_or(safe)
        && pay_by_ms.is_none_or(safe)
    {
        let json = serde_json::json!({
            "status": status.as_str(), "startMs": start_ms, "endMs": end_ms,
            "respondByMs": respond_by_ms, "payByMs": pay_by_ms,
            "pricePaise": price_paise, "paidPaise": paid_paise, "hasFeedback": has_feedback,
            "rescheduleCount": reschedule_count,
            "noShowBy": facts.no_show_by.map(Missed::as_str),
            "noShowChoice": facts.no_show_choice.map(NoShowChoice::as_str),
            "payWindowMinutes": facts.pay_window_minutes,
            "minimumNoticeMinutes": facts.minimum_notice_minutes,
        });
        let listed = dw::bindings::dispatch(
            "bookingActions",
            &[json, Value::from(party.as_str()), Value::from(now)],
        )
        .expect("well-formed facts");
        let names: Vec<&str> = allowed.iter().map(|a| a.as_str()).collect();
        assert_eq!(listed, serde_json::json!(names));
    }

    let opening = start(
        price_paise,
        has_feedback,
        now,
        start_ms,
        reschedule_count * 600,
        reschedule_count * 60,
    );
    assert!(opening.respond_by_ms.is_none_or(|r| r <= start_ms));
    assert!(opening.pay_by_ms.is_none_or(|p| p <= start_ms));
}
