//! Time zones named as people read them: the en-IN long name CLDR gives a
//! zone ("India Standard Time", "British Summer Time"), the name the web
//! app shows with `Intl.DateTimeFormat('en-IN', {timeZoneName: 'long'})`,
//! so a time reads the same on screen and in an e-mail. The names are a
//! table generated from CLDR by `api/scripts/zone-names.mjs` (`just
//! zone-names`); the offsets come from the zone data the server already
//! has (chrono-tz).

use chrono::{DateTime, Datelike, Offset, TimeZone, Utc};
use chrono_tz::Tz;

#[rustfmt::skip]
mod table;

use table::NAMES;

/// Seconds east of UTC in `tz` at `t`.
fn offset_at(tz: Tz, t: DateTime<Utc>) -> i32 {
    tz.offset_from_utc_datetime(&t.naive_utc())
        .fix()
        .local_minus_utc()
}

/// `GMT+05:45`, `GMT-05:00`, `GMT`: how CLDR names a zone it has no name for.
fn gmt_offset(seconds: i32) -> String {
    if seconds == 0 {
        return "GMT".to_owned();
    }
    let sign = if seconds < 0 { '-' } else { '+' };
    let minutes = seconds.unsigned_abs() / 60;
    format!("GMT{sign}{:02}:{:02}", minutes / 60, minutes % 60)
}

/// The zone's en-IN long name at `t`: its daylight name when `t` is at the
/// larger of the zone's offsets on 1 January and 1 July (of `t`'s year),
/// else its standard name; the offset (`GMT+05:45`) for a zone CLDR names
/// by offset or the table does not hold.
pub fn long_name(t: DateTime<Utc>, tz: Tz) -> String {
    let now = offset_at(tz, t);
    let Ok(i) = NAMES.binary_search_by(|(zone, _, _)| (*zone).cmp(tz.name())) else {
        return gmt_offset(now);
    };
    let (_, standard, daylight) = NAMES[i];
    let year = t.year();
    let at = |month| {
        Utc.with_ymd_and_hms(year, month, 1, 0, 0, 0)
            .single()
            .map(|d| offset_at(tz, d))
            .unwrap_or(now)
    };
    let name = if !daylight.is_empty() && now > at(1).min(at(7)) {
        daylight
    } else {
        standard
    };
    if name.starts_with("GMT+") || name.starts_with("GMT-") {
        gmt_offset(now)
    } else {
        name.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::process::Command;

    fn at(s: &str) -> DateTime<Utc> {
        s.parse().expect("an RFC 3339 instant")
    }

    #[test]
    fn the_table_is_sorted_and_names_every_zone_the_server_accepts() {
        assert!(
            NAMES.windows(2).all(|w| w[0].0 < w[1].0),
            "sorted, no repeats"
        );
        let missing: Vec<&str> = chrono_tz::TZ_VARIANTS
            .iter()
            .map(|tz| tz.name())
            .filter(|name| NAMES.binary_search_by(|(z, _, _)| (*z).cmp(name)).is_err())
            .collect();
        // A handful of legacy names ICU does not know fall back to GMT±hh:mm.
        assert!(missing.len() < 20, "not in the table: {missing:?}");
        for zone in [
            "Asia/Kolkata",
            "Asia/Calcutta",
            "UTC",
            "Europe/London",
            "America/New_York",
        ] {
            assert!(!missing.contains(&zone), "{zone}");
        }
    }

    #[test]
    fn names_read_as_in_india() {
        let kolkata: Tz = "Asia/Kolkata".parse().expect("a zone");
        let london: Tz = "Europe/London".parse().expect("a zone");
        let sydney: Tz = "Australia/Sydney".parse().expect("a zone");
        let winter = at("2026-01-15T10:00:00Z");
        let summer = at("2026-07-15T10:00:00Z");
        assert_eq!(long_name(winter, kolkata), "India Standard Time");
        assert_eq!(long_name(summer, kolkata), "India Standard Time");
        assert_eq!(long_name(winter, london), "Greenwich Mean Time");
        assert_eq!(long_name(summer, london), "British Summer Time");
        assert_eq!(
            long_name(winter, sydney),
            "Australian Eastern Daylight Time"
        );
        assert_eq!(
            long_name(summer, sydney),
            "Australian Eastern Standard Time"
        );
        assert_eq!(long_name(summer, Tz::UTC), "Coordinated Universal Time");
        assert_eq!(
            long_name(summer, "Etc/GMT+5".parse().expect("a zone")),
            "GMT-05:00"
        );
        assert_eq!(gmt_offset(5 * 3600 + 45 * 60), "GMT+05:45");
        assert_eq!(gmt_offset(0), "GMT");
    }

    /// The crate's names are the ones Node's Intl (CLDR) gives, for zones
    /// with and without daylight saving, north and south, at instants in
    /// summer and winter of several years and either side of a change.
    #[test]
    fn names_equal_node_intl() {
        let zones = [
            "Asia/Kolkata",
            "Asia/Calcutta",
            "UTC",
            "Europe/London",
            "Europe/Dublin",
            "Europe/Berlin",
            "America/New_York",
            "America/Los_Angeles",
            "America/Sao_Paulo",
            "Australia/Sydney",
            "Australia/Adelaide",
            "Pacific/Auckland",
            "Pacific/Chatham",
            "Asia/Kathmandu",
            "Asia/Dubai",
            "Asia/Singapore",
            "Asia/Tokyo",
            "Africa/Nairobi",
            "Etc/GMT+5",
        ];
        let instants = [
            "2025-01-15T06:00:00Z",
            "2025-07-15T18:00:00Z",
            "2026-01-01T00:30:00Z",
            "2026-03-29T00:59:00Z",
            "2026-03-29T01:01:00Z",
            "2026-04-05T12:00:00Z",
            "2026-07-01T12:00:00Z",
            "2026-10-25T12:00:00Z",
            "2026-11-25T10:00:00Z",
            "2027-06-20T09:00:00Z",
        ];
        let script = format!(
            "const zones = {zones:?}; const instants = {instants:?};\n\
             for (const z of zones) for (const i of instants) {{\n\
               const p = new Intl.DateTimeFormat('en-IN', {{timeZone: z, timeZoneName: 'long'}}).formatToParts(new Date(i));\n\
               console.log(z + '|' + i + '|' + p.find((x) => x.type === 'timeZoneName').value);\n\
             }}"
        );
        let out = Command::new("node")
            .args(["-e", &script])
            .output()
            .expect("node runs (the web app needs it too)");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8(out.stdout).expect("utf-8");
        let mut compared = 0;
        for line in text.lines() {
            let [zone, instant, node] = line.splitn(3, '|').collect::<Vec<_>>()[..] else {
                panic!("zone|instant|name, not {line:?}");
            };
            let tz: Tz = zone.parse().expect("a zone");
            assert_eq!(long_name(at(instant), tz), node, "{zone} at {instant}");
            compared += 1;
        }
        assert_eq!(compared, zones.len() * instants.len());
    }
}
