//! What a site serves about its payments (issue 19): the page's
//! Content-Security-Policy composed from what is configured (the base
//! policy, Google Identity Services' origins with GOOGLE_CLIENT_ID,
//! Razorpay Checkout's with PAYMENT_GATEWAY=razorpay, nothing else), and
//! the notice on every page of a staging site that runs the sandbox.

use crate::common;
use common::{Engine, Options, TestApp, TestDb, spawn_app_on};

const CHECKOUT: &str = "https://checkout.example-gateway.test:8443/v1/checkout.js";
const GATEWAY_API: &str = "https://api.example-gateway.test";

async fn site(google: bool, razorpay: bool, public_url: Option<&str>) -> Option<TestApp> {
    let db = TestDb::fresh(Engine::Sqlite).await?;
    Some(
        spawn_app_on(
            db,
            Options {
                demo_data: false,
                google: google.then(|| {
                    (
                        "client-1.apps.googleusercontent.com".to_owned(),
                        "http://127.0.0.1:9/jwks".to_owned(),
                    )
                }),
                razorpay: razorpay.then(|| (GATEWAY_API.to_owned(), CHECKOUT.to_owned())),
                public_url: public_url.map(str::to_owned),
                ..Options::default()
            },
        )
        .await,
    )
}

/// The served policy's directives, by name.
async fn policy(app: &TestApp, path: &str) -> std::collections::BTreeMap<String, Vec<String>> {
    let response = app.get(path).await;
    assert_eq!(response.status().as_u16(), 200, "{path}");
    let header = response
        .headers()
        .get("content-security-policy")
        .expect("a policy")
        .to_str()
        .expect("text")
        .to_owned();
    header
        .split(';')
        .map(str::trim)
        .filter(|d| !d.is_empty())
        .map(|d| {
            let mut words = d.split_whitespace().map(str::to_owned);
            let name = words.next().expect("a directive");
            (name, words.collect())
        })
        .collect()
}

fn sources(policy: &std::collections::BTreeMap<String, Vec<String>>, name: &str) -> Vec<String> {
    policy.get(name).cloned().unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_policy_opens_only_what_is_configured() {
    let google_script = "https://accounts.google.com/gsi/client";
    let google_frame = "https://accounts.google.com/gsi/";
    let checkout_origin = "https://checkout.example-gateway.test:8443";
    for (google, razorpay) in [(false, false), (true, false), (false, true), (true, true)] {
        let Some(app) = site(google, razorpay, None).await else {
            return;
        };
        let p = policy(&app, "/").await;
        let same = policy(&app, "/mentors").await;
        assert_eq!(p, same, "one policy for every page");
        let script = sources(&p, "script-src");
        let frame = sources(&p, "frame-src");
        let connect = sources(&p, "connect-src");
        assert_eq!(&script[..2], ["'self'", "'wasm-unsafe-eval'"], "{p:?}");
        assert_eq!(sources(&p, "default-src"), ["'self'"]);
        assert_eq!(sources(&p, "frame-ancestors"), ["'none'"]);
        assert_eq!(sources(&p, "object-src"), ["'none'"]);
        assert_eq!(
            script.contains(&google_script.to_owned()),
            google,
            "{script:?}"
        );
        assert_eq!(
            frame.contains(&google_frame.to_owned()),
            google,
            "{frame:?}"
        );
        assert_eq!(
            script.contains(&checkout_origin.to_owned()),
            razorpay,
            "{script:?}"
        );
        assert_eq!(
            frame.contains(&checkout_origin.to_owned()),
            razorpay,
            "{frame:?}"
        );
        assert_eq!(
            frame.contains(&GATEWAY_API.to_owned()),
            razorpay,
            "{frame:?}"
        );
        assert_eq!(
            connect.contains(&GATEWAY_API.to_owned()),
            razorpay,
            "{connect:?}"
        );
        assert!(
            !connect.contains(&checkout_origin.to_owned()),
            "the script's origin is not called: {connect:?}"
        );
        let expected_script = 2 + usize::from(google) + usize::from(razorpay);
        assert_eq!(script.len(), expected_script, "nothing else: {script:?}");
        let expected_frame = usize::from(google) + 2 * usize::from(razorpay);
        assert_eq!(frame.len(), expected_frame, "nothing else: {frame:?}");
        assert_eq!(p.contains_key("frame-src"), google || razorpay);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_staging_site_on_the_sandbox_says_so_on_every_page() {
    let notice = "data-testid=\"sandbox-notice\"";
    let Some(local) = site(false, false, None).await else {
        return;
    };
    let page = local.get("/").await.text().await.expect("a page");
    assert!(!page.contains(notice), "not on this machine's own site");
    // A public address with SANDBOX_PAYMENTS=on (the test helper sets it
    // for a public-looking sandbox server).
    let Some(staging) = site(false, false, Some("https://staging.mentors.example.com")).await
    else {
        return;
    };
    for path in ["/", "/mentors", "/dashboard/user", "/no-such-page"] {
        let page = staging.get(path).await.text().await.expect("a page");
        assert!(page.contains(notice), "{path}");
        assert!(page.contains("no real money moves"), "{path}");
        assert!(
            page.starts_with("<!doctype html>"),
            "the document comes first: {path}"
        );
    }
    // A live site on Razorpay shows none.
    let Some(live) = site(false, true, Some("https://mentors.example.com")).await else {
        return;
    };
    let page = live.get("/").await.text().await.expect("a page");
    assert!(!page.contains(notice));
}
