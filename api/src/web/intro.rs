//! SPEC §2's intro screen comes with the HTML: `index.html` holds its
//! markup, styles and one line of script between [`START`] and [`END`], so
//! it is painted before any script of the app runs. It shows on the first
//! full page load of a browser session only: a later page of the same
//! session (a reload, a link from an e-mail opened in a new tab) is sent
//! without it and goes straight to its screen.

use poem::Request;
use poem::http::header;

/// The session cookie that says this browser session has seen the intro
/// screen: no `Max-Age`, so it ends with the browser session; not readable
/// by scripts; sent on same-site navigations and on links followed from
/// other sites (an e-mail's link in a new tab).
const COOKIE: &str = "mb_intro";
/// The `Set-Cookie` value that sets [`COOKIE`].
pub const COOKIE_SET: &str = "mb_intro=seen; Path=/; HttpOnly; SameSite=Lax";

/// Whether the request carries [`COOKIE`].
pub fn seen(req: &Request) -> bool {
    req.headers()
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .any(|pair| {
            pair.trim()
                .split_once('=')
                .is_some_and(|(name, _)| name.trim() == COOKIE)
        })
}

const START: &str = "<!--intro-->";
const END: &str = "<!--/intro-->";

/// The page for a browser session that has (`seen`) or has not seen the
/// intro yet: without the intro block, or as it is.
pub fn for_session(page: Vec<u8>, seen: bool) -> Vec<u8> {
    if !seen {
        return page;
    }
    let Ok(html) = std::str::from_utf8(&page) else {
        return page;
    };
    let Some((start, end)) = block(html) else {
        return page;
    };
    let mut out = String::with_capacity(html.len() - (end - start));
    out.push_str(html[..start].trim_end_matches([' ', '\t']));
    out.push_str(html[end..].trim_start_matches(['\r', '\n']));
    out.into_bytes()
}

/// Where the intro block starts and ends (its markers included).
fn block(html: &str) -> Option<(usize, usize)> {
    let start = html.find(START)?;
    let end = start + html[start..].find(END)? + END.len();
    Some((start, end))
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = "<body>\n    <div id=\"root\"></div>\n    <!--intro-->\n    <div id=\"intro\">Initializing</div>\n    <script>window.__introShownAt = Date.now();</script>\n    <!--/intro-->\n    <script type=\"module\" src=\"/assets/app.js\"></script>\n</body>";

    #[test]
    fn the_cookie_set_is_the_cookie_read() {
        assert!(COOKIE_SET.starts_with(&format!("{COOKIE}=")));
        let req = Request::builder()
            .header(
                header::COOKIE,
                format!(
                    "theme=dark; {}",
                    COOKIE_SET.split(';').next().expect("pair")
                ),
            )
            .finish();
        assert!(seen(&req));
        let other = Request::builder()
            .header(header::COOKIE, "mb_intro_x=1; theme=dark")
            .finish();
        assert!(!seen(&other));
        assert!(!seen(&Request::builder().finish()));
    }

    #[test]
    fn a_new_session_gets_the_intro() {
        assert_eq!(
            for_session(PAGE.as_bytes().to_vec(), false),
            PAGE.as_bytes()
        );
    }

    #[test]
    fn a_session_that_has_seen_it_gets_the_page_without_it() {
        let page = String::from_utf8(for_session(PAGE.as_bytes().to_vec(), true)).expect("UTF-8");
        assert!(!page.contains("intro"), "{page}");
        assert_eq!(
            page,
            "<body>\n    <div id=\"root\"></div>\n    <script type=\"module\" src=\"/assets/app.js\"></script>\n</body>"
        );
    }

    #[test]
    fn a_page_without_the_block_is_sent_as_it_is() {
        let plain = b"<body><div id=\"root\"></div></body>".to_vec();
        assert_eq!(for_session(plain.clone(), true), plain);
        // An unclosed block is left alone too.
        let open = b"<body><!--intro--><div></div></body>".to_vec();
        assert_eq!(for_session(open.clone(), true), open);
    }
}
