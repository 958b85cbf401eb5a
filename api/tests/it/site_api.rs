//! The public site as search engines, link previews and visitors meet it
//! (issue 5): the head of the HTML the server sends, `/sitemap.xml`,
//! `/robots.txt`, the home page's figures, and the contact and custom-quote
//! forms. Every test runs on SQLite and PostgreSQL.

use crate::common;
use api::seo::PAGES;
use api::site::enquiries::{ACKS_PER_ADDRESS, ENQUIRIES_PER_CLIENT};
use api::store::model::{NewMentor, NewService};
use chrono::Utc;
use common::{Engine, TestApp, spawn_app, spawn_without_demo};
use domain_wasm::money::{self, Paise, PriceContext};
use domain_wasm::slug::mentor_path;
use html_escape::encode_double_quoted_attribute as attr;
use percent_encoding::{AsciiSet, CONTROLS, utf8_percent_encode};
use serde_json::{Value, json};

const OPERATOR: &str = "support@mentorbridge.in";

const PATH: &AsciiSet = &CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b'#')
    .add(b'%')
    .add(b'<')
    .add(b'>')
    .add(b'?')
    .add(b'`')
    .add(b'{')
    .add(b'}');

/// `PUBLIC_URL` of the test server: unset, so `http://localhost:PORT`.
fn public_url(app: &TestApp) -> String {
    let port = app.base.rsplit(':').next().expect("port");
    format!("http://localhost:{port}")
}

fn canonical_path(mentor: &Value) -> String {
    let id = mentor["id"].as_u64().expect("id");
    let path = mentor_path(id, mentor["name"].as_str().expect("name"));
    utf8_percent_encode(&path, PATH).to_string()
}

async fn html(app: &TestApp, path: &str) -> (u16, String) {
    let resp = app.get(path).await;
    let status = resp.status().as_u16();
    (status, resp.text().await.expect("body"))
}

/// The `content` of `<meta {key}="{name}" content="...">`, still escaped.
fn meta<'a>(html: &'a str, key: &str, name: &str) -> Option<&'a str> {
    let start = format!("<meta {key}=\"{name}\" content=\"");
    let at = html.find(&start)? + start.len();
    let len = html[at..].find('"')?;
    Some(&html[at..at + len])
}

fn canonical_link(html: &str) -> Option<&str> {
    let start = "<link rel=\"canonical\" href=\"";
    let at = html.find(start)? + start.len();
    let len = html[at..].find('"')?;
    Some(&html[at..at + len])
}

fn title(html: &str) -> &str {
    let at = html.find("<title>").expect("a title") + "<title>".len();
    let len = html[at..].find("</title>").expect("closed");
    &html[at..at + len]
}

fn contact(email: &str) -> Value {
    json!({
        "name": "  Asha   Rao ",
        "email": email,
        "subject": "Refund for a missed session",
        "message": "My mentor did not join yesterday's session.\nCan I reschedule or get a refund?",
        "website": ""
    })
}

fn quote(email: &str) -> Value {
    json!({
        "name": "Vikram Shah",
        "email": email,
        "company": "Acme Textiles Pvt Ltd",
        "phone": "98765 43210",
        "team_size": "51-200",
        "programme": "corporate-mentoring",
        "message": "We want a six-month mentoring programme for 40 new managers.",
        "website": ""
    })
}

async fn the_sitemap_lists_public_pages_and_every_mentor(engine: Engine) {
    let Some(app) = spawn_app(engine).await else {
        return;
    };
    let public = public_url(&app);
    let resp = app.get("/sitemap.xml").await;
    assert_eq!(resp.status(), 200);
    assert!(
        resp.headers()["content-type"]
            .to_str()
            .expect("ct")
            .starts_with("application/xml")
    );
    let xml = resp.text().await.expect("body");
    assert!(xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"));
    assert!(xml.contains("<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"));
    for path in [
        "/",
        "/mentors",
        "/category/technology",
        "/about",
        "/services",
        "/privacy",
        "/terms",
        "/refund",
        "/sitemap",
        "/contact",
        "/become-mentor",
        "/why-become-mentor",
        "/b2b/corporate-mentoring",
        "/b2b/ceo-talks",
        "/b2b/strategy-consulting",
        "/b2b/industry-mentoring",
        "/b2b/startup-entrepreneurship",
        "/b2b/contact",
    ] {
        assert!(
            xml.contains(&format!("<loc>{public}{path}</loc>")),
            "{path} in the sitemap"
        );
    }
    for private in [
        "/auth/login",
        "/auth/register",
        "/auth/forgot-password",
        "/auth/resend-verification",
        "/auth/email-confirmation",
        "/activate/",
        "/password/reset/",
        "/dashboard/",
        "/my-bookings",
        "/how-it-work",
        "/complete-profile",
    ] {
        assert!(
            !xml.contains(&format!("<loc>{public}{private}")),
            "{private} is not in the sitemap"
        );
    }
    let mentors = app.get_json("/api/mentors/").await;
    let mentors = mentors.as_array().expect("mentors");
    assert!(mentors.len() > 10, "the demo catalogue");
    for mentor in mentors {
        let updated = &mentor["updated_at"].as_str().expect("updated_at")[..10];
        let entry = format!(
            "<loc>{public}{}</loc><lastmod>{updated}",
            canonical_path(mentor)
        );
        assert!(xml.contains(&entry), "{entry}");
    }
    // A name beyond ASCII is percent-encoded.
    assert!(xml.contains("-zo%C3%AB-fernandes</loc>"), "Zoë Fernandes");
    let pages = PAGES.pages.values().filter(|p| p.sitemap).count();
    assert_eq!(xml.matches("<url>").count(), pages + mentors.len());
}

async fn robots_txt_keeps_crawlers_out_of_private_areas(engine: Engine) {
    let Some(app) = spawn_without_demo(engine).await else {
        return;
    };
    let resp = app.get("/robots.txt").await;
    assert_eq!(resp.status(), 200);
    assert!(
        resp.headers()["content-type"]
            .to_str()
            .expect("ct")
            .starts_with("text/plain")
    );
    let body = resp.text().await.expect("body");
    let lines: Vec<&str> = body.lines().collect();
    assert_eq!(lines[0], "User-agent: *");
    for line in [
        "Allow: /",
        "Disallow: /dashboard/",
        "Disallow: /my-bookings",
        "Disallow: /auth/edit-profile",
        "Disallow: /complete-profile",
        "Disallow: /dev/",
        "Disallow: /api/",
        "Allow: /api/mentors/",
    ] {
        assert!(lines.contains(&line), "{line} in {body}");
    }
    assert!(
        !lines.contains(&"Disallow: /"),
        "the public site stays crawlable"
    );
    let sitemap = format!("Sitemap: {}/sitemap.xml", public_url(&app));
    assert!(lines.contains(&sitemap.as_str()), "{body}");
}

async fn mentor_pages_are_described_in_the_html_the_server_sends(engine: Engine) {
    let Some(app) = spawn_app(engine).await else {
        return;
    };
    let public = public_url(&app);
    let mentors = app.get_json("/api/mentors/").await;
    for mentor in mentors.as_array().expect("mentors").iter().take(5) {
        let path = canonical_path(mentor);
        let (status, page) = html(&app, &path).await;
        assert_eq!(status, 200, "{path}");
        let name = mentor["name"].as_str().expect("name");
        let headline = mentor["headline"].as_str().expect("headline");
        assert_eq!(page.matches("<title>").count(), 1, "one title");
        assert!(
            title(&page).starts_with(&format!("{name} — ")),
            "{}",
            title(&page)
        );
        assert!(title(&page).ends_with(" · MentorBridge"));
        let og_title = meta(&page, "property", "og:title").expect("og:title");
        assert!(
            og_title.starts_with(&format!("{} — ", attr(name))),
            "{og_title}"
        );
        let first_word = headline.split(' ').next().expect("a word");
        assert!(og_title.contains(attr(first_word).as_ref()), "{og_title}");
        let description = meta(&page, "name", "description").expect("description");
        assert_eq!(meta(&page, "property", "og:description"), Some(description));
        assert!(description.chars().count() <= 160, "{description}");
        let price = mentor["services"][0]["price_paise"]
            .as_u64()
            .expect("price");
        let label = if price == 0 {
            money::FREE_EXPLORER_LABEL.to_owned()
        } else {
            money::price_label(Paise::new(price), PriceContext::Card)
        };
        assert!(
            description.starts_with(&label),
            "{description} starts with {label}"
        );
        assert_eq!(
            canonical_link(&page),
            Some(format!("{public}{path}").as_str())
        );
        assert_eq!(
            meta(&page, "property", "og:url"),
            Some(format!("{public}{path}").as_str())
        );
        assert_eq!(meta(&page, "property", "og:type"), Some("profile"));
        assert_eq!(
            meta(&page, "property", "og:site_name"),
            Some("MentorBridge")
        );
        let image = mentor["image_url"].as_str().expect("image");
        assert_eq!(
            meta(&page, "property", "og:image"),
            Some(format!("{public}{image}").as_str())
        );
        assert_eq!(meta(&page, "name", "twitter:card"), Some("summary"));
        assert!(meta(&page, "name", "robots").is_none(), "indexable");
        assert!(page.contains("<script type=\"application/ld+json\">"));
        assert!(page.contains("\"@type\":\"Person\""));
        assert!(page.contains("<div id=root></div>"), "still the app");
    }
}

async fn mentor_names_and_bios_are_escaped(engine: Engine) {
    let Some(app) = spawn_without_demo(engine).await else {
        return;
    };
    let name = "Dr. <Evil> \"Quote\" & Co";
    let runner = common::running_account(&app.store).await;
    let ids = app
        .store
        .insert_mentors(
            &[NewMentor {
                user_id: Some(runner),
                name: name.into(),
                headline: "Head of <b>Growth</b>".into(),
                expertise: vec!["Marketing".into()],
                rating: 4.5,
                experience_years: 9,
                bio: "Ends scripts: </script><script>alert(1)</script>".into(),
                image_url: None,
                contact: vec![],
                social_links: vec![],
                education: vec![],
                experience: vec![],
                projects: vec![],
                services: vec![NewService {
                    title: "Intro call".into(),
                    description: String::new(),
                    duration_minutes: 30,
                    price_paise: Paise::new(150_000),
                    instant_confirmation: false,
                }],
                availability: Some(common::open_hours()),
            }],
            Utc::now(),
        )
        .await
        .expect("insert");
    let path = mentor_path(ids[0] as u64, name);
    assert!(path.ends_with("-dr-evil-quote-co"), "{path}");
    let (status, page) = html(&app, &path).await;
    assert_eq!(status, 200);
    assert!(!page.contains("<Evil>") && !page.contains("<b>Growth"));
    assert!(!page.contains("<script>alert"), "{page}");
    assert!(
        title(&page).starts_with("Dr. &lt;Evil&gt; \"Quote\" &amp; Co — Head of &lt;b&gt;Growth"),
        "{}",
        title(&page)
    );
    let og_title = meta(&page, "property", "og:title").expect("og:title");
    assert!(
        og_title.starts_with("Dr. &lt;Evil&gt; &quot;Quote&quot; &amp; Co"),
        "{og_title}"
    );
    let description = meta(&page, "name", "description").expect("description");
    assert!(
        description.starts_with("₹1,500/session · Marketing"),
        "{description}"
    );
    assert!(
        page.contains("\\u003cEvil\\u003e"),
        "JSON-LD escapes markup"
    );
    // The sitemap escapes what it prints too.
    let xml = app.get("/sitemap.xml").await.text().await.expect("xml");
    assert!(xml.contains(&format!("{path}</loc>")));
}

async fn static_pages_have_their_title_description_and_canonical(engine: Engine) {
    let Some(app) = spawn_without_demo(engine).await else {
        return;
    };
    let public = public_url(&app);
    for path in ["/about", "/refund", "/b2b/contact", "/mentors"] {
        let (status, page) = html(&app, path).await;
        assert_eq!(status, 200, "{path}");
        let entry = &PAGES.pages[path];
        assert_eq!(title(&page), format!("{} · MentorBridge", entry.title));
        assert_eq!(page.matches("<title>").count(), 1);
        assert_eq!(
            meta(&page, "name", "description"),
            Some(attr(&entry.description).as_ref())
        );
        assert_eq!(
            meta(&page, "property", "og:title"),
            Some(attr(&entry.title).as_ref())
        );
        assert_eq!(meta(&page, "property", "og:type"), Some("website"));
        assert_eq!(
            canonical_link(&page),
            Some(format!("{public}{path}").as_str())
        );
        assert!(meta(&page, "name", "robots").is_none(), "{path} indexable");
    }
    let (_, about) = html(&app, "/about/").await;
    assert_eq!(title(&about), "About Us · MentorBridge");
    assert_eq!(
        canonical_link(&about),
        Some(format!("{public}/about").as_str())
    );
    // The home page leads with the brand; /how-it-work is the home page.
    let (_, home) = html(&app, "/").await;
    assert!(
        title(&home).starts_with("MentorBridge · "),
        "{}",
        title(&home)
    );
    let (_, how) = html(&app, "/how-it-work").await;
    assert_eq!(canonical_link(&how), Some(format!("{public}/").as_str()));
    // Private screens and e-mailed token links stay out of search results.
    for path in [
        "/dashboard/user",
        "/my-bookings/42",
        "/activate/MQ/abc-123",
        "/password/reset/confirm/MQ/abc-123",
    ] {
        let (status, page) = html(&app, path).await;
        assert_eq!(status, 200, "{path}");
        assert_eq!(meta(&page, "name", "robots"), Some("noindex"), "{path}");
        assert!(canonical_link(&page).is_none(), "{path}");
        assert!(!page.contains("abc-123\""), "{path}: no token in the head");
    }
}

async fn unknown_paths_are_not_found_and_not_indexed(engine: Engine) {
    let Some(app) = spawn_without_demo(engine).await else {
        return;
    };
    for path in ["/no-such-page", "/mentors/999999-nobody", "/b2b/"] {
        let (status, page) = html(&app, path).await;
        assert_eq!(status, 404, "{path}");
        assert_eq!(meta(&page, "name", "robots"), Some("noindex"), "{path}");
        assert_eq!(title(&page), "Page Not Found · MentorBridge");
        assert!(canonical_link(&page).is_none());
        assert!(
            page.contains("<div id=root></div>"),
            "the app's not-found page"
        );
    }
}

async fn home_figures_match_the_catalogue(engine: Engine) {
    let Some(app) = spawn_app(engine).await else {
        return;
    };
    let stats = app.get_json("/api/stats/").await;
    let mentors = app.get_json("/api/mentors/").await;
    let mentors = mentors.as_array().expect("mentors");
    let ratings: Vec<f64> = mentors
        .iter()
        .map(|m| m["rating"].as_f64().expect("rating"))
        .filter(|r| *r > 0.0)
        .collect();
    let mean = ratings.iter().sum::<f64>() / ratings.len() as f64;
    assert_eq!(stats["mentors"], json!(mentors.len()));
    assert_eq!(stats["rated_mentors"], json!(ratings.len()));
    assert_eq!(
        stats["average_rating"].as_f64(),
        Some((mean * 10.0).round() / 10.0)
    );
    // The demo money's paid sessions and the sessions of the demo's
    // reviews (issue 21), and no others.
    let reviews: i64 = mentors
        .iter()
        .map(|m| m["review_count"].as_i64().expect("review_count"))
        .sum();
    assert_eq!(
        stats["completed_sessions"],
        api::demo_money::SESSIONS as i64 + reviews,
    );
    let today = app.state.clock.now().date_naive();
    let stars: Vec<u8> = api::demo::catalogue(today)
        .iter()
        .enumerate()
        .flat_map(|(i, m)| api::demo_reviews::stars_for(i, m.rating))
        .collect();
    assert_eq!(stars.len() as i64, reviews);
    let positive = stars.iter().filter(|s| **s >= 4).count() as f64 * 100.0 / stars.len() as f64;
    assert_eq!(
        stats["positive_feedback_percent"].as_f64().map(f64::round),
        Some(positive.round())
    );
    assert_eq!(stats["countries"], Value::Null);

    let Some(empty) = spawn_without_demo(engine).await else {
        return;
    };
    let stats = empty.get_json("/api/stats/").await;
    assert_eq!(stats["mentors"], 0);
    assert_eq!(stats["rated_mentors"], 0);
    assert_eq!(stats["average_rating"], Value::Null, "no invented figure");
    // The support address the refund page shows is configuration.
    let config = empty.get_json("/api/config/").await;
    assert_eq!(config["support_email"], "support@mentorbridge.in");
}

async fn a_contact_message_is_stored_and_reaches_the_operator_and_the_sender(engine: Engine) {
    let Some(app) = spawn_without_demo(engine).await else {
        return;
    };
    let (status, body) = app
        .post("/api/contact/", contact(" Asha@Example.com "))
        .await;
    assert_eq!(status, 201, "{body}");
    let id = body["id"].as_str().expect("id");
    assert_eq!(id.len(), 22, "an unguessable reference");
    assert!(body["received_at"].as_str().is_some());

    let stored = app.store.enquiry(id).await.expect("stored");
    assert_eq!(stored.kind, "contact");
    assert_eq!(stored.status, "new");
    assert_eq!(stored.name, "Asha Rao");
    assert_eq!(stored.email, "asha@example.com");
    assert_eq!(
        stored.subject.as_deref(),
        Some("Refund for a missed session")
    );
    assert!(stored.message.contains("\nCan I reschedule"));
    assert_eq!(stored.client_ip.as_deref(), Some("127.0.0.1"));

    let to_operator = app.outbox(OPERATOR).await;
    assert_eq!(to_operator.len(), 1, "{to_operator:?}");
    assert_eq!(to_operator[0]["kind"], "enquiry_contact");
    let text = to_operator[0]["text"].as_str().expect("text");
    assert!(
        text.contains("REPLY TO: Asha Rao <asha@example.com>"),
        "{text}"
    );
    assert!(text.contains("Can I reschedule or get a refund?"));
    assert!(text.contains(id));
    assert!(
        to_operator[0]["subject"]
            .as_str()
            .expect("subject")
            .contains("Refund for a missed session")
    );

    let to_sender = app.outbox("asha@example.com").await;
    assert_eq!(to_sender.len(), 1, "{to_sender:?}");
    assert_eq!(to_sender[0]["kind"], "enquiry_contact_ack");
    let text = to_sender[0]["text"].as_str().expect("text");
    assert!(text.contains("within 24 hours"), "{text}");
    assert!(text.contains(id));
}

async fn a_quote_request_is_stored_and_reaches_the_operator_and_the_sender(engine: Engine) {
    let Some(app) = spawn_without_demo(engine).await else {
        return;
    };
    let (status, body) = app
        .post("/api/b2b/quote/", quote("vikram@acme.example"))
        .await;
    assert_eq!(status, 201, "{body}");
    let id = body["id"].as_str().expect("id");
    let stored = app.store.enquiry(id).await.expect("stored");
    assert_eq!(stored.kind, "quote");
    assert_eq!(stored.company.as_deref(), Some("Acme Textiles Pvt Ltd"));
    assert_eq!(stored.phone.as_deref(), Some("+919876543210"));
    assert_eq!(stored.team_size.as_deref(), Some("51-200"));
    assert_eq!(stored.programme.as_deref(), Some("corporate-mentoring"));

    let to_operator = app.outbox(OPERATOR).await;
    assert_eq!(to_operator.len(), 1);
    assert_eq!(to_operator[0]["kind"], "enquiry_quote");
    assert_eq!(
        to_operator[0]["subject"],
        "Custom quote request: Corporate Mentoring — Acme Textiles Pvt Ltd"
    );
    let html = to_operator[0]["html"].as_str().expect("html");
    assert!(html.contains("href=\"mailto:vikram@acme.example\""));
    let to_sender = app.outbox("vikram@acme.example").await;
    assert_eq!(to_sender.len(), 1);
    assert_eq!(to_sender[0]["kind"], "enquiry_quote_ack");
}

async fn bad_fields_get_field_errors(engine: Engine) {
    let Some(app) = spawn_without_demo(engine).await else {
        return;
    };
    let (status, body) = app.post("/api/contact/", json!({})).await;
    assert_eq!(status, 400);
    assert_eq!(
        body,
        json!({
            "name": ["This field is required."],
            "email": ["This field is required."],
            "message": ["This field is required."],
        })
    );
    let (status, body) = app
        .post(
            "/api/contact/",
            json!({"name": "Asha", "email": "asha@", "subject": "s".repeat(151), "message": "Hi there"}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        body,
        json!({
            "email": ["Enter a valid email address."],
            "subject": ["Ensure this field has no more than 150 characters."],
            "message": ["Ensure this field has at least 10 characters."],
        })
    );
    let (status, body) = app
        .post(
            "/api/contact/",
            json!({"name": "Asha", "email": "asha@example.com", "message": "x".repeat(5001)}),
        )
        .await;
    assert_eq!(
        (status, body),
        (
            400,
            json!({"message": ["Ensure this field has no more than 5000 characters."]})
        )
    );
    let mut bad = quote("vikram@acme.example");
    bad["company"] = json!("  ");
    bad["phone"] = json!("12345");
    bad["programme"] = json!("yoga-retreats");
    let (status, body) = app.post("/api/b2b/quote/", bad).await;
    assert_eq!(status, 400);
    assert_eq!(body["company"], json!(["This field is required."]));
    assert_eq!(
        body["phone"],
        json!(["Enter a valid phone number with its country code, e.g. +91 98765 43210."])
    );
    assert_eq!(
        body["programme"],
        json!([
            "\"yoga-retreats\" is not a valid choice. Choose one of: corporate-mentoring, ceo-talks, strategy-consulting, industry-mentoring, startup-entrepreneurship, other."
        ])
    );
    assert_eq!(body.as_object().expect("fields").len(), 3, "{body}");
    let mut no_programme = quote("vikram@acme.example");
    no_programme["programme"] = Value::Null;
    let (status, body) = app.post("/api/b2b/quote/", no_programme).await;
    assert_eq!(
        (status, body),
        (400, json!({"programme": ["This field is required."]}))
    );
    assert!(app.store.enquiries(10).await.expect("list").is_empty());
    assert!(app.outbox(OPERATOR).await.is_empty());
}

async fn the_honeypot_answers_as_usual_but_keeps_and_sends_nothing(engine: Engine) {
    let Some(app) = spawn_without_demo(engine).await else {
        return;
    };
    let mut spam = contact("victim@example.com");
    spam["website"] = json!("https://cheap-pills.example");
    let (status, body) = app.post("/api/contact/", spam).await;
    assert_eq!(status, 201, "{body}");
    let id = body["id"].as_str().expect("id");
    assert_eq!(id.len(), 22);
    assert!(body["received_at"].as_str().is_some());
    let mut spam = quote("victim@example.com");
    spam["website"] = json!("x");
    assert_eq!(app.post("/api/b2b/quote/", spam).await.0, 201);

    assert!(app.store.enquiry(id).await.is_err(), "not stored");
    assert!(app.store.enquiries(10).await.expect("list").is_empty());
    assert!(app.outbox(OPERATOR).await.is_empty());
    assert!(app.outbox("victim@example.com").await.is_empty());
}

async fn enquiries_are_limited_per_client(engine: Engine) {
    let Some(app) = spawn_without_demo(engine).await else {
        return;
    };
    let limit = ENQUIRIES_PER_CLIENT.max as usize;
    for i in 0..limit {
        let (status, body) = app.post("/api/contact/", contact("asha@example.com")).await;
        assert_eq!(status, 201, "message {i}: {body}");
    }
    let resp = app
        .client
        .post(app.url("/api/contact/"))
        .json(&contact("asha@example.com"))
        .send()
        .await
        .expect("request");
    assert_eq!(resp.status(), 429);
    let retry: i64 = resp.headers()["retry-after"]
        .to_str()
        .expect("header")
        .parse()
        .expect("seconds");
    assert!((1..=3600).contains(&retry), "{retry}");
    let body: Value = resp.json().await.expect("json");
    assert!(
        body["detail"]
            .as_str()
            .is_some_and(|d| d.starts_with("Too many attempts."))
    );
    // Every accepted message reached the operator; the sender's address got
    // only a few acknowledgments.
    assert_eq!(app.store.enquiries(50).await.expect("list").len(), limit);
    assert_eq!(app.outbox(OPERATOR).await.len(), limit);
    assert_eq!(
        app.outbox("asha@example.com").await.len(),
        ACKS_PER_ADDRESS.max as usize
    );
    // The quote form keeps its own allowance.
    assert_eq!(
        app.post("/api/b2b/quote/", quote("vikram@acme.example"))
            .await
            .0,
        201
    );
}

on_both_engines!(
    the_sitemap_lists_public_pages_and_every_mentor,
    robots_txt_keeps_crawlers_out_of_private_areas,
    mentor_pages_are_described_in_the_html_the_server_sends,
    mentor_names_and_bios_are_escaped,
    static_pages_have_their_title_description_and_canonical,
    unknown_paths_are_not_found_and_not_indexed,
    home_figures_match_the_catalogue,
    a_contact_message_is_stored_and_reaches_the_operator_and_the_sender,
    a_quote_request_is_stored_and_reaches_the_operator_and_the_sender,
    bad_fields_get_field_errors,
    the_honeypot_answers_as_usual_but_keeps_and_sends_nothing,
    enquiries_are_limited_per_client,
);
