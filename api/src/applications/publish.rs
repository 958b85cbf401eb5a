//! The mentor profile an approval publishes, made from the application:
//! what the applicant wrote becomes their public profile, which they then
//! edit from their dashboard.

use crate::store::applications::Application;
use crate::store::model::{NewMentor, NewService};

/// "Staff Engineer at Acme", or whichever of the two the applicant gave;
/// their areas of expertise when they gave neither.
pub fn headline(current_role: &str, company: &str, expertise: &[String]) -> String {
    match (current_role.trim(), company.trim()) {
        ("", "") => expertise.join(", "),
        (role, "") => role.to_owned(),
        ("", company) => company.to_owned(),
        (role, company) => format!("{role} at {company}"),
    }
}

/// The network a link belongs to, by its host (one link per network on a
/// profile: `website` for any other).
pub fn network_of(url: &str) -> &'static str {
    let host = url::Url::parse(url)
        .ok()
        .and_then(|u| u.host_str().map(str::to_ascii_lowercase))
        .unwrap_or_default();
    let host = host.strip_prefix("www.").unwrap_or(&host);
    match host {
        "github.com" => "github",
        "twitter.com" => "twitter",
        "x.com" => "x",
        "youtube.com" | "youtu.be" => "youtube",
        "instagram.com" => "instagram",
        "medium.com" => "medium",
        "linkedin.com" => "linkedin",
        _ => "website",
    }
}

/// The profile of the approved application `a`, linked to its account.
/// `image_url` is the uploaded photo's address, when there is one (the
/// store draws a portrait otherwise).
pub fn new_mentor(a: &Application, image_url: Option<String>) -> NewMentor {
    let f = &a.form;
    let mut social_links: Vec<(String, String)> = Vec::new();
    let mut add = |network: &str, url: &str| {
        if !url.is_empty() && !social_links.iter().any(|(n, _)| n == network) {
            social_links.push((network.to_owned(), url.to_owned()));
        }
    };
    add("linkedin", &f.linkedin);
    for link in &f.links {
        add(network_of(link), link);
    }
    let mut contact = vec![("email".to_owned(), f.email.clone())];
    if !f.phone.is_empty() {
        contact.push(("phone".to_owned(), f.phone.clone()));
    }
    NewMentor {
        user_id: Some(a.user_id),
        name: f.name.clone(),
        headline: headline(&f.current_role, &f.company, &f.expertise),
        expertise: f.expertise.clone(),
        rating: 0.0,
        experience_years: f.experience_years,
        bio: f.bio.clone(),
        image_url,
        contact,
        social_links,
        education: Vec::new(),
        experience: Vec::new(),
        projects: Vec::new(),
        services: f
            .services
            .iter()
            .map(|s| NewService {
                title: s.title.clone(),
                description: s.description.clone(),
                duration_minutes: s.duration_minutes,
                price_paise: s.price_paise,
                instant_confirmation: domain_wasm::mentoring::instant_by_default(
                    s.price_paise.to_i64(),
                ),
            })
            .collect(),
        // Set on the dashboard: until then the profile is not listed.
        availability: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headlines_say_role_and_company() {
        let areas = vec!["Technology".to_owned(), "Career".to_owned()];
        assert_eq!(headline("CTO", "Acme", &areas), "CTO at Acme");
        assert_eq!(headline("CTO", " ", &areas), "CTO");
        assert_eq!(headline("", "Acme", &areas), "Acme");
        assert_eq!(headline("", "", &areas), "Technology, Career");
    }

    #[test]
    fn links_are_sorted_into_networks() {
        assert_eq!(network_of("https://github.com/asha"), "github");
        assert_eq!(network_of("https://www.youtube.com/@asha"), "youtube");
        assert_eq!(network_of("https://asha.dev/"), "website");
        assert_eq!(network_of("not a url"), "website");
    }
}
