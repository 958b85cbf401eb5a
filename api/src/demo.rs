//! The demo catalogue: 65 fictional mentors used to seed an empty store so
//! that the marketplace can be browsed, filtered and booked straight away.
//!
//! Every mentor belongs to one of the seven browse categories (Technology,
//! Business, Leadership, Management, Marketing, Mental Health, Psychology),
//! which is always the first entry of their `expertise`, so a category
//! filter that matches on expertise finds them. A handful also cover Career
//! Growth, Freelancing, Health & Fitness, academic and creative careers.
//!
//! The catalogue is fully deterministic: the copy lives in the tables below
//! and everything else (contacts, social links, slots) is derived from a
//! mentor's position and name by plain arithmetic. No randomness and no clock
//! reads, so the same `today` always gives the same catalogue. Only the
//! bookable slots depend on `today`; they fall in the 14 days after it,
//! between 09:00 and 21:00 IST.
//!
//! The people are invented. Headlines never claim current employment at a
//! real company ("ex-" or a generic description instead), e-mail addresses
//! and websites use reserved example domains, social handles end in `-demo`
//! or `_demo`, and phone numbers follow the fictitious `+91 98765 0XXXX`
//! pattern. `image_url` is left `None` so the store points each mentor at
//! a generated portrait.

use chrono::{DateTime, NaiveDate, NaiveTime, TimeDelta, Utc};

use crate::store::model::{Education, Experience, NewMentor, NewService, NewSlot, Project};
use crate::store::{NewUser, Role as AccountRole, Store, StoreError};
use domain_wasm::accounts::Email;

/// The deterministic demo catalogue. `today` is the UTC date the catalogue is
/// seeded on; only the available slots depend on it (they fall in the 14 days after it).
pub fn catalogue(today: NaiveDate) -> Vec<NewMentor> {
    // Interleave the categories so that the first page of an unfiltered
    // listing already shows every kind of mentor.
    let rounds = GROUPS.iter().map(|group| group.len()).max().unwrap_or(0);
    let seeds =
        (0..rounds).flat_map(|round| GROUPS.iter().filter_map(move |group| group.get(round)));
    seeds
        .enumerate()
        .map(|(index, seed)| mentor(index, seed, today))
        .collect()
}

/// `(degree, institution, year)`.
type Edu = (&'static str, &'static str, i64);
/// `(title, company, start_year, end_year, description)`; `end_year` is
/// `None` for the current role. Listed most recent first.
type Role = (&'static str, &'static str, i64, Option<i64>, &'static str);
/// `(title, description, url)`.
type Proj = (&'static str, &'static str, Option<&'static str>);
/// `(title, description, duration_minutes, price_paise)`. The first service
/// is the one shown on cards.
type Svc = (&'static str, &'static str, i64, i64);

/// The hand-written part of a mentor.
struct Seed {
    name: &'static str,
    headline: &'static str,
    /// The category first, then 1 to 3 specialities.
    expertise: &'static [&'static str],
    rating: f64,
    years: i64,
    bio: &'static str,
    education: &'static [Edu],
    roles: &'static [Role],
    projects: &'static [Proj],
    services: &'static [Svc],
}

/// How many slots a mentor offers, cycled by catalogue position.
const SLOT_COUNTS: [usize; 7] = [3, 5, 2, 6, 0, 4, 1];
/// Slot days are `1 + (index + k * SLOT_DAY_STEP) % 14` for the k-th slot;
/// the step is coprime with 14, so one mentor's slots fall on distinct days
/// and can never overlap.
const SLOT_DAY_STEP: usize = 5;
/// 03:30 UTC, 09:00 IST: the earliest start.
const FIRST_START_MINUTE: i64 = 3 * 60 + 30;
/// Starts are on the half hour from 03:30 to 13:00 UTC, so even a 90-minute
/// session ends by 14:30 UTC (20:00 IST).
const START_CHOICES: usize = 20;

fn mentor(index: usize, seed: &Seed, today: NaiveDate) -> NewMentor {
    let slug = slug(seed.name);
    let is_tech = seed.expertise.first() == Some(&"Technology");

    let mut contact = vec![(
        "email".to_owned(),
        format!("{}@mentors.example", slug.replace('-', ".")),
    )];
    if index % 4 == 1 {
        contact.push((
            "website".to_owned(),
            format!("https://example.com/mentors/{slug}"),
        ));
    }
    if index % 6 == 3 {
        contact.push(("phone".to_owned(), format!("+91 98765 {:05}", index + 1)));
    }

    let mut social_links = vec![(
        "linkedin".to_owned(),
        format!("https://www.linkedin.com/in/{slug}-demo"),
    )];
    if index % 3 != 2 {
        social_links.push((
            "twitter".to_owned(),
            format!("https://twitter.com/{}_demo", slug.replace('-', "_")),
        ));
    }
    if is_tech {
        social_links.push((
            "github".to_owned(),
            format!("https://github.com/{slug}-demo"),
        ));
    }

    NewMentor {
        user_id: None,
        name: seed.name.to_owned(),
        headline: seed.headline.to_owned(),
        expertise: seed.expertise.iter().map(|e| (*e).to_owned()).collect(),
        rating: seed.rating,
        experience_years: seed.years,
        bio: seed.bio.to_owned(),
        image_url: None,
        contact,
        social_links,
        education: seed
            .education
            .iter()
            .map(|&(degree, institution, year)| Education {
                degree: degree.to_owned(),
                institution: institution.to_owned(),
                year: Some(year),
            })
            .collect(),
        experience: seed
            .roles
            .iter()
            .map(|&(title, company, start, end, description)| Experience {
                title: title.to_owned(),
                company: company.to_owned(),
                start_year: Some(start),
                end_year: end,
                description: description.to_owned(),
            })
            .collect(),
        projects: seed
            .projects
            .iter()
            .map(|&(title, description, url)| Project {
                title: title.to_owned(),
                description: description.to_owned(),
                url: url.map(str::to_owned),
            })
            .collect(),
        services: seed
            .services
            .iter()
            .map(
                |&(title, description, duration_minutes, price_paise)| NewService {
                    title: title.to_owned(),
                    description: description.to_owned(),
                    duration_minutes,
                    price_paise,
                },
            )
            .collect(),
        available_slots: slots(index, seed, today),
    }
}

/// Up to six slots on distinct days in the 14 days after `today`, each as
/// long as one of the mentor's services, in chronological order. Mentors
/// without reviews yet get none or two.
fn slots(index: usize, seed: &Seed, today: NaiveDate) -> Vec<NewSlot> {
    if seed.services.is_empty() {
        return Vec::new();
    }
    let count = if seed.rating <= 0.0 {
        if index % 2 == 1 { 2 } else { 0 }
    } else {
        SLOT_COUNTS[index % SLOT_COUNTS.len()]
    };
    let midnight = today.and_time(NaiveTime::MIN).and_utc();
    let mut slots: Vec<NewSlot> = (0..count)
        .map(|k| {
            let day = 1 + (index + k * SLOT_DAY_STEP) % 14;
            let half_hours = (index * 7 + k * 3) % START_CHOICES;
            let (_, _, minutes, _) = seed.services[k % seed.services.len()];
            let starts_at = midnight
                + TimeDelta::days(day as i64)
                + TimeDelta::minutes(FIRST_START_MINUTE + 30 * half_hours as i64);
            NewSlot {
                starts_at,
                ends_at: starts_at + TimeDelta::minutes(minutes),
            }
        })
        .collect();
    slots.sort_by_key(|slot| slot.starts_at);
    slots
}

/// `"Dr. Kavita S. Iyer"` -> `"kavita-s-iyer"`, `"Zoë Fernandes"` ->
/// `"zoe-fernandes"`: lower-case ASCII words joined by hyphens, titles dropped.
fn slug(name: &str) -> String {
    name.split_whitespace()
        .filter(|word| !matches!(*word, "Dr." | "Prof."))
        .map(|word| {
            word.to_lowercase()
                .chars()
                .filter_map(ascii_fold)
                .collect::<String>()
        })
        .filter(|word| !word.is_empty())
        .collect::<Vec<_>>()
        .join("-")
}

fn ascii_fold(c: char) -> Option<char> {
    match c {
        'a'..='z' | '0'..='9' => Some(c),
        'á' | 'à' | 'â' | 'ä' | 'ã' => Some('a'),
        'é' | 'è' | 'ê' | 'ë' => Some('e'),
        'í' | 'ì' | 'î' | 'ï' => Some('i'),
        'ó' | 'ò' | 'ô' | 'ö' | 'õ' => Some('o'),
        'ú' | 'ù' | 'û' | 'ü' => Some('u'),
        'ñ' => Some('n'),
        'ç' => Some('c'),
        _ => None,
    }
}

const GROUPS: [&[Seed]; 7] = [
    TECHNOLOGY,
    BUSINESS,
    LEADERSHIP,
    MANAGEMENT,
    MARKETING,
    MENTAL_HEALTH,
    PSYCHOLOGY,
];

// ---------------------------------------------------------------------------
// Technology
// ---------------------------------------------------------------------------

#[rustfmt::skip]
const TECHNOLOGY: &[Seed] = &[
    Seed {
        name: "Ananya Krishnan",
        headline: "Principal Data Scientist, ex-Flipkart",
        expertise: &["Technology", "Machine Learning", "Python", "MLOps"],
        rating: 4.9,
        years: 12,
        bio: "I have spent twelve years taking machine learning models from notebooks to production, most recently demand-forecasting and search-ranking systems for e-commerce. I help analysts and software engineers move into ML roles, choose portfolio projects that show real judgement, and prepare for the applied-ML interview loop. Bring a model you are stuck on and we will debug it together.",
        education: &[
            ("M.Tech, Computer Science", "IIT Madras", 2013),
            ("B.E., Electronics and Communication", "PSG College of Technology", 2011),
        ],
        roles: &[
            ("Principal Data Scientist", "A Bengaluru retail-analytics startup", 2022, None, "Leads a team of six building pricing and demand-forecasting models."),
            ("Senior Data Scientist", "A large Indian e-commerce marketplace", 2016, Some(2022), "Built the search-ranking and query-understanding models used across the app."),
            ("Data Analyst", "A Chennai analytics consultancy", 2013, Some(2016), "Delivered churn and credit-risk models for banking clients."),
        ],
        projects: &[(
            "Forecasting for kirana stores",
            "An open notebook series on forecasting sparse, festival-heavy retail demand with gradient boosting.",
            Some("https://example.com/ananya/forecasting-notebooks"),
        )],
        services: &[
            ("ML career deep-dive", "A one-hour review of your background, portfolio and target roles, with a written 90-day plan afterwards.", 60, 250_000),
            ("Applied ML mock interview", "A realistic ML system design interview with detailed feedback on framing, metrics and trade-offs.", 45, 200_000),
        ],
    },
    Seed {
        name: "Rohan Mehta",
        headline: "Staff Backend Engineer at a Bengaluru fintech",
        expertise: &["Technology", "System Design", "Go", "Distributed Systems"],
        rating: 4.75,
        years: 10,
        bio: "Rohan designs payment and ledger systems that have to be correct at three in the morning on a festival sale day. He mentors backend engineers preparing for senior and staff interviews, with a focus on system design, API contracts and on-call culture. Expect whiteboard-style sessions and honest feedback.",
        education: &[("B.Tech, Computer Engineering", "NIT Surathkal", 2015)],
        roles: &[
            ("Staff Backend Engineer", "A Bengaluru payments fintech", 2021, None, "Owns the ledger and reconciliation services that settle merchant payouts."),
            ("Senior Software Engineer", "A food-delivery platform", 2017, Some(2021), "Scaled the order-dispatch service through a tenfold growth in traffic."),
            ("Software Engineer", "A Pune enterprise software firm", 2015, Some(2017), "Built reporting APIs for a supply-chain product."),
        ],
        projects: &[(
            "Idempotency keys, explained",
            "A long-form guide with runnable Go examples on making payment APIs safe to retry.",
            Some("https://example.com/rohan/idempotency"),
        )],
        services: &[
            ("System design mock interview", "A senior-level design round, think UPI-scale payments or a ride-hailing dispatcher, followed by structured feedback.", 60, 199_900),
            ("Code and architecture review", "Send a repository or design doc in advance; we walk through it together and agree on the three changes that matter most.", 45, 150_000),
        ],
    },
    Seed {
        name: "Zoë Fernandes",
        headline: "Frontend Engineer and Web Accessibility Specialist",
        expertise: &["Technology", "Frontend", "Accessibility", "React"],
        rating: 4.6,
        years: 7,
        bio: "Zoë builds interfaces that work with a screen reader, a keyboard and a patchy 3G connection. She helps frontend developers learn accessibility properly, from semantic HTML to WCAG audits, and reviews portfolios for people moving from design into code. Her intro calls are free because she would rather you find the right mentor than the fastest one.",
        education: &[("B.Sc., Computer Science", "St. Xavier's College, Mumbai", 2018)],
        roles: &[
            ("Senior Frontend Engineer", "A Goa-based remote-first product studio", 2021, None, "Leads accessibility and design-system work for client web apps."),
            ("Frontend Developer", "A Mumbai digital agency", 2018, Some(2021), "Built responsive sites for banks and media clients."),
        ],
        projects: &[(
            "Indic screen-reader test pages",
            "A set of test pages for checking how screen readers pronounce Konkani, Marathi and Hindi text.",
            Some("https://example.com/zoe/indic-a11y"),
        )],
        services: &[
            ("Free 15-minute intro call", "A quick call to understand what you want to learn and whether I am the right fit.", 15, 0),
            ("Accessibility audit walkthrough", "We audit one page of your site together against WCAG 2.2 and prioritise the fixes.", 60, 180_000),
            ("Frontend portfolio review", "Detailed feedback on your portfolio, GitHub profile and case studies before you apply.", 30, 90_000),
        ],
    },
    Seed {
        name: "Vikram Singh Rathore",
        headline: "Cloud Solutions Architect, ex-AWS",
        expertise: &["Technology", "Cloud Architecture", "DevOps", "Kubernetes"],
        rating: 4.4,
        years: 16,
        bio: "Vikram has spent sixteen years running infrastructure, from racking servers in a Jaipur data centre to designing multi-region Kubernetes platforms. He helps engineers prepare for cloud certifications, plan migrations and cut their monthly cloud bill without losing sleep. Sessions are hands-on, so bring your architecture diagram or your Terraform.",
        education: &[("B.E., Information Technology", "MNIT Jaipur", 2009)],
        roles: &[
            ("Independent Cloud Architect", "Self-employed consultancy", 2020, None, "Advises mid-size Indian companies on cloud migration and cost optimisation."),
            ("Solutions Architect", "A global cloud provider", 2014, Some(2020), "Designed reference architectures for banking and media customers."),
            ("Systems Administrator", "A Jaipur hosting company", 2009, Some(2014), "Ran Linux fleets and the company's first configuration-management rollout."),
        ],
        projects: &[],
        services: &[
            ("Cloud architecture review", "A review of your current setup with a prioritised list of reliability and cost improvements.", 60, 350_000),
            ("Certification study plan", "A personalised plan for the cloud or Kubernetes exam you are targeting.", 30, 120_000),
        ],
    },
    Seed {
        name: "Meenakshi Sundaram",
        headline: "Android Engineering Lead at a consumer fintech app",
        expertise: &["Technology", "Android", "Kotlin"],
        rating: 4.8,
        years: 9,
        bio: "Meenakshi leads a team shipping an Android app used on everything from flagship phones to budget handsets with 2 GB of RAM. She mentors Android developers on Kotlin, Jetpack Compose, app performance and the jump from senior engineer to tech lead. She is especially keen to work with women returning to tech after a career break.",
        education: &[("B.E., Computer Science", "College of Engineering Guindy, Anna University", 2016)],
        roles: &[
            ("Android Engineering Lead", "A consumer fintech app company", 2022, None, "Leads eight engineers on the flagship Android app and its performance budget."),
            ("Android Developer", "A Chennai mobile agency", 2016, Some(2022), "Built and maintained apps for retail and healthcare clients."),
        ],
        projects: &[(
            "Compose on low-end phones",
            "A talk and sample app on keeping Jetpack Compose smooth on budget devices.",
            Some("https://example.com/meenakshi/compose-low-end"),
        )],
        services: &[
            ("Android career session", "Talk through your current role, skills gaps and next step, with a reading list to follow.", 45, 99_900),
            ("Android app performance clinic", "We profile your app together and fix its worst startup and jank issues.", 60, 250_000),
        ],
    },
    Seed {
        name: "Arjun Nair",
        headline: "Application Security Engineer and bug-bounty hunter",
        expertise: &["Technology", "Cybersecurity", "Ethical Hacking"],
        rating: 0.0,
        years: 5,
        bio: "Arjun moved from network support into application security and now spends his days breaking web apps before attackers do. He is new to mentoring and happy to help students and junior developers get started with bug bounties, OWASP basics and security certifications. The first call is free.",
        education: &[("B.Tech, Computer Science", "College of Engineering Trivandrum", 2020)],
        roles: &[
            ("Application Security Engineer", "A Kochi cybersecurity services firm", 2022, None, "Runs penetration tests and secure-code reviews for fintech and health clients."),
            ("Network Support Engineer", "A Thiruvananthapuram IT services company", 2020, Some(2022), "Managed firewalls and VPNs for enterprise customers."),
        ],
        projects: &[],
        services: &[
            ("Free 15-minute intro call", "Tell me where you are and I will suggest a realistic first step into security.", 15, 0),
            ("Bug-bounty starter session", "Set up a safe lab and walk through finding and reporting your first vulnerability.", 60, 80_000),
        ],
    },
    Seed {
        name: "Daniel Okafor",
        headline: "Rust Developer and Open-Source Maintainer based in Pune",
        expertise: &["Technology", "Rust", "Open Source", "Systems Programming"],
        rating: 4.7,
        years: 11,
        bio: "Daniel grew up in Lagos, studied in Manchester and has lived in Pune for six years, where he writes Rust for embedded and networking products. He maintains two open-source libraries and loves helping people land their first meaningful open-source contribution. Sessions cover ownership, async, performance and how to read an unfamiliar codebase.",
        education: &[
            ("M.Sc., Advanced Computer Science", "University of Manchester", 2014),
            ("B.Sc., Computer Science", "University of Lagos", 2012),
        ],
        roles: &[
            ("Senior Rust Engineer", "A Pune industrial IoT company", 2019, None, "Writes the networking layer for factory sensors and gateways."),
            ("Software Engineer", "A UK telecoms software vendor", 2014, Some(2019), "Worked on high-throughput packet-processing services in C++ and later Rust."),
        ],
        projects: &[
            ("tinyframe", "A small, allocation-free framing library for serial protocols, written in Rust.", Some("https://example.com/daniel/tinyframe")),
            ("First PR Fridays", "A monthly online session pairing newcomers with open-source issues they can finish in an afternoon.", None),
        ],
        services: &[
            ("Rust pairing session", "Bring code you are fighting the borrow checker over and we will work through it together.", 60, 400_000),
            ("First open-source contribution", "Pick a project, find a good first issue and plan your pull request.", 30, 150_000),
        ],
    },
    Seed {
        name: "Sneha Kulkarni",
        headline: "Senior Data Engineer at a Pune logistics startup",
        expertise: &["Technology", "Data Engineering", "SQL", "Apache Spark"],
        rating: 3.9,
        years: 6,
        bio: "Sneha builds the pipelines that tell a logistics company where every parcel is. She mentors analysts and backend developers who want to move into data engineering, covering SQL, data modelling, Spark and Airflow. She keeps sessions practical and usually ends with a small take-home exercise.",
        education: &[("B.E., Information Technology", "College of Engineering Pune", 2019)],
        roles: &[
            ("Senior Data Engineer", "A Pune logistics startup", 2022, None, "Owns the shipment-events pipeline and the analytics warehouse."),
            ("Data Engineer", "An IT services company", 2019, Some(2022), "Built batch ETL jobs for an insurance client."),
        ],
        projects: &[],
        services: &[(
            "SQL and data-modelling session",
            "Work through interview-style SQL problems and model a small warehouse schema together.",
            45,
            74_900,
        )],
    },
];

// ---------------------------------------------------------------------------
// Business (including a freelancing and a creative-careers mentor)
// ---------------------------------------------------------------------------

#[rustfmt::skip]
const BUSINESS: &[Seed] = &[
    Seed {
        name: "Rajesh Agarwal",
        headline: "Fractional CFO and board advisor to D2C brands",
        expertise: &["Business", "Finance", "Fundraising", "Unit Economics"],
        rating: 4.5,
        years: 22,
        bio: "Rajesh is a chartered accountant who has been CFO of three consumer brands and has sat on the boards of five more. He works with founders on fundraising, unit economics and getting their books ready for due diligence. His board advisory sessions are meant for funded companies preparing for a round or a difficult board meeting.",
        education: &[
            ("Chartered Accountant", "Institute of Chartered Accountants of India", 2003),
            ("B.Com (Hons)", "Shri Ram College of Commerce, Delhi University", 2001),
        ],
        roles: &[
            ("Fractional CFO and Board Advisor", "Independent practice", 2017, None, "Advises D2C founders on fundraising, pricing and board reporting."),
            ("Chief Financial Officer", "A Delhi consumer-goods brand", 2010, Some(2017), "Led the finance function through two funding rounds and a strategic sale."),
            ("Audit Manager", "A Big Four accounting firm", 2003, Some(2010), "Audited listed manufacturing and retail companies."),
        ],
        projects: &[(
            "The D2C unit-economics template",
            "A free spreadsheet for modelling contribution margin by channel, with a guide to how investors read it.",
            Some("https://example.com/rajesh/d2c-unit-economics"),
        )],
        services: &[
            ("Board advisory session", "A 90-minute working session with founders and the board before a fundraise or key board meeting, with written recommendations afterwards.", 90, 10_000_000),
            ("Fundraising readiness review", "A review of your financial model, data room and pitch numbers.", 60, 1_500_000),
        ],
    },
    Seed {
        name: "Priya Venkatesh",
        headline: "Two-time founder and angel investor",
        expertise: &["Business", "Startups", "Go-to-Market"],
        rating: 4.85,
        years: 14,
        bio: "Priya founded and sold two B2B software companies, the second to a listed IT services firm. She now angel-invests in early-stage Indian startups and mentors first-time founders on finding their first ten customers, pricing and hiring the first sales team. She is direct, and will tell you when an idea needs to change.",
        education: &[
            ("MBA", "IIM Bangalore", 2011),
            ("B.Tech, Electrical Engineering", "IIT Kharagpur", 2009),
        ],
        roles: &[
            ("Angel Investor", "Independent", 2021, None, "Has backed fourteen pre-seed and seed-stage startups."),
            ("Co-founder and CEO", "A B2B HR-tech startup, since acquired", 2016, Some(2021), "Grew the company to 200 enterprise customers before its acquisition."),
            ("Co-founder", "A Chennai marketing-analytics startup, since acquired", 2011, Some(2016), "Led sales and product until the company was acquired."),
        ],
        projects: &[],
        services: &[
            ("Founder strategy session", "An hour on your biggest open question, whether that is positioning, pricing or your next hire.", 60, 500_000),
            ("Pitch deck teardown", "A slide-by-slide review of your deck from an investor's point of view.", 45, 350_000),
        ],
    },
    Seed {
        name: "Farhan Qureshi",
        headline: "Chartered Accountant for small businesses and freelancers",
        expertise: &["Business", "Taxation", "GST", "Compliance"],
        rating: 4.3,
        years: 13,
        bio: "Farhan runs a small CA practice in Lucknow and has filed GST returns for everyone from sweet shops to software consultants. He explains tax and compliance in plain Hindi or English so that small-business owners can make decisions without fear of a notice. Bring your questions about GST registration, presumptive taxation or bookkeeping.",
        education: &[
            ("Chartered Accountant", "Institute of Chartered Accountants of India", 2012),
            ("B.Com", "University of Lucknow", 2009),
        ],
        roles: &[
            ("Founder", "A Lucknow chartered-accountancy practice", 2016, None, "Handles tax, GST and compliance for about 150 small businesses."),
            ("Tax Associate", "A mid-size Delhi accounting firm", 2012, Some(2016), "Prepared corporate tax filings and represented clients in assessments."),
        ],
        projects: &[],
        services: &[
            ("GST and tax consultation", "A focused consultation on your GST, income-tax or compliance question, with a written summary of next steps.", 45, 149_950),
            ("Bookkeeping setup", "Set up a simple, compliant bookkeeping routine for your business.", 60, 250_000),
        ],
    },
    Seed {
        name: "Lakshmi Rao",
        headline: "Supply Chain Consultant, ex-HUL",
        expertise: &["Business", "Supply Chain", "Operations"],
        rating: 4.6,
        years: 18,
        bio: "Lakshmi spent a decade in FMCG supply chain, planning how soap and tea reach a hundred thousand shops, before starting her own consultancy. She now helps manufacturers and D2C brands with demand planning, warehousing and distributor management. Mentees often come to her when a business has outgrown its spreadsheets.",
        education: &[
            ("PGDM, Operations", "NITIE Mumbai", 2007),
            ("B.E., Mechanical Engineering", "Osmania University", 2005),
        ],
        roles: &[
            ("Principal Consultant", "Her own supply-chain advisory firm", 2017, None, "Advises manufacturers and consumer brands on planning and distribution."),
            ("Supply Chain Manager", "A multinational FMCG company", 2007, Some(2017), "Ran demand planning for the South India region."),
        ],
        projects: &[],
        services: &[
            ("Supply chain diagnostic", "A structured review of your planning, inventory and distribution with a list of quick wins.", 90, 600_000),
            ("Career chat: operations and supply chain", "Advice for students and early-career professionals choosing an operations path.", 30, 120_000),
        ],
    },
    Seed {
        name: "Harpreet Kaur",
        headline: "Marketplace growth coach for online sellers",
        expertise: &["Business", "E-commerce", "Marketplaces"],
        rating: 4.2,
        years: 9,
        bio: "Harpreet started selling phulkari dupattas online from Ludhiana and built the business to five marketplaces and her own storefront. She coaches small sellers on listings, pricing, returns and advertising spend. Her advice comes from her own mistakes, and she shares those freely.",
        education: &[("B.A., Economics", "Panjab University", 2016)],
        roles: &[
            ("Founder", "A Ludhiana handicrafts e-commerce brand", 2017, None, "Runs an online textile brand selling across major Indian marketplaces."),
            ("Marketplace Account Manager", "An e-commerce services agency", 2016, Some(2017), "Managed catalogues and ads for thirty small sellers."),
        ],
        projects: &[],
        services: &[
            ("Seller account review", "We go through your listings, pricing and ad reports and agree on a 30-day plan.", 60, 100_000),
            ("Quick marketplace Q&A", "A short call for one specific question about fees, returns or ads.", 15, 49_900),
        ],
    },
    Seed {
        name: "Thomas George",
        headline: "Family-business advisor and former strategy consultant",
        expertise: &["Business", "Family Business", "Strategy", "Succession Planning"],
        rating: 4.7,
        years: 20,
        bio: "Thomas spent eight years in management consulting before joining his family's spice-export business in Kottayam. Since 2016 he has advised second- and third-generation owners on succession, professionalising management and settling disputes before they reach a lawyer. He is a patient listener and a calm presence in difficult family conversations.",
        education: &[
            ("MBA", "XLRI Jamshedpur", 2005),
            ("B.Com", "St. Berchmans College, Changanassery", 2003),
        ],
        roles: &[
            ("Family Business Advisor", "Independent practice", 2016, None, "Advises family-owned businesses on governance and succession."),
            ("Director", "A Kerala spice-export family business", 2013, Some(2016), "Modernised operations and hired the first professional managers."),
            ("Consultant", "A global strategy consulting firm", 2005, Some(2013), "Worked on growth strategy for consumer and industrial clients."),
        ],
        projects: &[],
        services: &[
            ("Family business strategy session", "A confidential session on succession, governance or the next generation's role.", 90, 1_200_000),
            ("Next-generation owner call", "For heirs joining the family business who want an outside perspective.", 45, 400_000),
        ],
    },
    Seed {
        name: "Aditi Bhatt",
        headline: "Strategy manager and case-interview coach, ex-McKinsey",
        expertise: &["Business", "Consulting", "Case Interviews"],
        rating: 4.95,
        years: 6,
        bio: "Aditi has coached more than 300 candidates through consulting case interviews, and many of them now work at top strategy firms. She teaches a structured but natural way to crack market-sizing, profitability and growth cases. Every mock comes with a scorecard so you can see progress between sessions.",
        education: &[
            ("MBA", "IIM Ahmedabad", 2019),
            ("B.A. (Hons), Economics", "Lady Shri Ram College, Delhi University", 2016),
        ],
        roles: &[
            ("Strategy Manager", "A Mumbai consumer-internet company", 2023, None, "Leads strategy projects on pricing and new-category launches."),
            ("Associate", "A global management consultancy", 2019, Some(2023), "Worked on retail and banking strategy engagements across India and Southeast Asia."),
        ],
        projects: &[],
        services: &[
            ("Case interview mock", "A full-length case interview with a detailed scorecard and feedback.", 45, 299_900),
            ("Consulting CV review", "Line-by-line feedback on your CV for consulting applications.", 30, 150_000),
        ],
    },
    Seed {
        name: "Kunal Deshpande",
        headline: "Bootstrapped SaaS founder from Nagpur",
        expertise: &["Business", "Bootstrapping", "SaaS"],
        rating: 0.0,
        years: 4,
        bio: "Kunal left a job in software testing to build a small invoicing tool for local distributors, and it now pays his team of four. He is new to mentoring and wants to help founders outside the metros who are building without venture capital. The intro call is free.",
        education: &[("B.E., Computer Technology", "Yeshwantrao Chavan College of Engineering, Nagpur", 2020)],
        roles: &[
            ("Founder", "A bootstrapped invoicing SaaS for distributors", 2022, None, "Built the product and grew it to profitability without outside funding."),
            ("QA Engineer", "A Nagpur IT services company", 2021, Some(2022), "Tested billing and inventory software for retail clients."),
        ],
        projects: &[],
        services: &[
            ("Free 15-minute intro call", "Tell me about your product and I will share what worked for us.", 15, 0),
            ("Bootstrapping plan session", "Build a realistic plan to reach your first paying customers without raising money.", 45, 99_900),
        ],
    },
    Seed {
        name: "Nikhil Joshi",
        headline: "Independent software consultant helping developers go freelance",
        expertise: &["Business", "Freelancing", "Pricing", "Client Management"],
        rating: 4.55,
        years: 9,
        bio: "Nikhil left a salaried job in 2019 and has since worked with clients in eleven countries from a small office in Dehradun. He helps developers and designers start freelancing: finding the first clients, writing proposals, pricing in dollars and handling invoices, contracts and GST. He is happy to share real numbers from his own practice.",
        education: &[("B.Tech, Computer Science", "Graphic Era University, Dehradun", 2016)],
        roles: &[
            ("Independent Software Consultant", "Self-employed", 2019, None, "Builds web platforms for startups and small businesses abroad."),
            ("Software Engineer", "A Noida product company", 2016, Some(2019), "Worked on a learning-management system used by schools."),
        ],
        projects: &[(
            "Freelance rate calculator",
            "A simple calculator for setting an hourly rate from your target income, taxes and unbilled time.",
            Some("https://example.com/nikhil/rate-calculator"),
        )],
        services: &[
            ("Free 15-minute intro call", "A short call to see whether freelancing suits your situation.", 15, 0),
            ("Going freelance: the first 90 days", "A plan for your first clients, pricing, contracts and invoicing.", 60, 300_000),
        ],
    },
    Seed {
        name: "Meher Contractor",
        headline: "Illustrator and founder of a Mumbai design studio",
        expertise: &["Business", "Creative Careers", "Illustration"],
        rating: 4.7,
        years: 12,
        bio: "Meher illustrated children's books for six years before starting a Mumbai studio that now designs packaging and picture books. She mentors illustrators and designers who want to turn creative work into a sustainable business, from building a portfolio to negotiating licensing and royalties. She reviews portfolios with kindness and detail.",
        education: &[("B.F.A., Applied Art", "Sir J.J. Institute of Applied Art, Mumbai", 2012)],
        roles: &[
            ("Founder and Creative Director", "A Mumbai illustration and packaging studio", 2019, None, "Runs a team of five illustrators and designers."),
            ("Freelance Illustrator", "Self-employed", 2013, Some(2019), "Illustrated more than twenty picture books for Indian publishers."),
        ],
        projects: &[(
            "The illustrator's licensing primer",
            "A plain-language guide to licensing, royalties and rights for Indian illustrators.",
            Some("https://example.com/meher/licensing-primer"),
        )],
        services: &[
            ("Portfolio and pricing review", "Detailed feedback on your portfolio and how you price commissions.", 60, 150_000),
            ("Studio business clinic", "For small studios: pricing, contracts, hiring and cash flow.", 90, 450_000),
        ],
    },
];

// ---------------------------------------------------------------------------
// Leadership (including a career-growth mentor)
// ---------------------------------------------------------------------------

#[rustfmt::skip]
const LEADERSHIP: &[Seed] = &[
    Seed {
        name: "Dr. Kavita S. Iyer",
        headline: "Executive coach to CXOs and former Chief Human Resources Officer",
        expertise: &["Leadership", "Executive Coaching", "Change Management"],
        rating: 4.9,
        years: 27,
        bio: "Kavita spent two decades in HR leadership, the last six years as CHRO of a large engineering conglomerate, before completing her doctorate in organisational behaviour. She now coaches CEOs and their leadership teams through transitions, mergers and succession. Her engagements are quarterly retainers built around agreed goals, always preceded by a free chemistry call.",
        education: &[
            ("PhD, Organisational Behaviour", "Tata Institute of Social Sciences", 2018),
            ("PGDM, Human Resources", "XLRI Jamshedpur", 1998),
        ],
        roles: &[
            ("Executive Coach", "Independent practice", 2019, None, "Coaches CEOs and CXO teams in listed and family-owned companies."),
            ("Chief Human Resources Officer", "A large Indian engineering conglomerate", 2013, Some(2019), "Led HR for 40,000 employees through a major restructuring."),
            ("HR Business Partner", "A multinational pharmaceutical company", 1998, Some(2013), "Held HR roles across India and Singapore."),
        ],
        projects: &[],
        services: &[
            ("Executive coaching retainer", "A quarter of one-on-one coaching for a CXO: a 90-minute kickoff, fortnightly sessions and stakeholder interviews.", 90, 15_000_000),
            ("Chemistry call", "A free conversation to see whether coaching together makes sense.", 30, 0),
        ],
    },
    Seed {
        name: "Sanjay Malhotra",
        headline: "Independent director and former managing director in manufacturing",
        expertise: &["Leadership", "Board Governance", "Strategy"],
        rating: 4.8,
        years: 30,
        bio: "Sanjay led a listed auto-components company as managing director for nine years and now serves as an independent director on three boards. He advises promoters and CEOs on governance, board dynamics and building a leadership bench. His sessions are for senior leaders preparing for board roles or working through a strategic decision.",
        education: &[
            ("MBA", "Faculty of Management Studies, Delhi University", 1995),
            ("B.E., Mechanical Engineering", "Delhi College of Engineering", 1993),
        ],
        roles: &[
            ("Independent Director", "Boards of three listed companies", 2019, None, "Chairs the audit and nomination committees on two of the boards."),
            ("Managing Director", "A listed auto-components manufacturer", 2010, Some(2019), "Took the company into three export markets and doubled revenue."),
            ("General Manager, Operations", "A Gurugram automotive supplier", 1995, Some(2010), "Rose from plant engineer to running four factories."),
        ],
        projects: &[],
        services: &[
            ("Board advisory session", "A confidential advisory session for promoters, CEOs or new independent directors, with a written note afterwards.", 90, 20_000_000),
            ("Independent director readiness", "For senior executives preparing for their first board seat.", 60, 2_500_000),
        ],
    },
    Seed {
        name: "Rekha Pillai",
        headline: "VP Engineering, ex-Freshworks",
        expertise: &["Leadership", "Engineering Leadership", "Scaling Teams"],
        rating: 4.65,
        years: 17,
        bio: "Rekha helped grow an engineering organisation from twelve people to three hundred and learned most of her lessons the hard way. She mentors engineering managers and directors on hiring, org design, performance conversations and working with product and sales leaders. She is particularly interested in helping women step into director and VP roles.",
        education: &[
            ("M.S., Computer Science", "University of Texas at Austin", 2008),
            ("B.Tech, Computer Science", "NIT Calicut", 2006),
        ],
        roles: &[
            ("VP Engineering", "A Chennai B2B SaaS company", 2021, None, "Leads 180 engineers across four product lines."),
            ("Director of Engineering", "A customer-support software company", 2014, Some(2021), "Scaled the platform engineering group from twelve to three hundred people."),
            ("Software Engineer", "A US enterprise software company", 2008, Some(2014), "Built storage and search features for a document-management product."),
        ],
        projects: &[],
        services: &[
            ("Engineering leadership session", "An hour on a real leadership challenge: a reorg, a tough hire or a struggling team.", 60, 750_000),
            ("Director-track career plan", "Map your path from manager to director with concrete milestones.", 45, 500_000),
        ],
    },
    Seed {
        name: "Ahmed Siddiqui",
        headline: "Army veteran and leadership facilitator",
        expertise: &["Leadership", "Resilience", "Decision Making"],
        rating: 4.4,
        years: 24,
        bio: "Ahmed served twenty years in the Indian Army, including command of an infantry battalion, before moving into leadership training. He runs workshops on decision-making under pressure and mentors young managers who suddenly find themselves leading people older than them. His style is warm, structured and full of stories.",
        education: &[
            ("M.Sc., Defence and Strategic Studies", "University of Madras", 2010),
            ("B.Sc.", "National Defence Academy, Pune", 2001),
        ],
        roles: &[
            ("Leadership Facilitator", "An independent leadership-training practice", 2021, None, "Runs leadership programmes for corporate and startup teams."),
            ("Commissioned Officer", "Indian Army", 2001, Some(2021), "Served in infantry and staff roles, retiring as a colonel."),
        ],
        projects: &[],
        services: &[(
            "Leading under pressure",
            "Work through a real situation you are facing using a simple military decision framework.",
            60,
            200_000,
        )],
    },
    Seed {
        name: "Nandini Ghosh",
        headline: "Women-in-leadership coach (ICF PCC)",
        expertise: &["Leadership", "Women in Leadership", "Executive Presence"],
        rating: 4.7,
        years: 15,
        bio: "Nandini moved from banking to coaching after noticing how many talented women stalled just below senior leadership. She coaches women managers on executive presence, negotiation and asking for the promotion they have already earned. Sessions are confidential, practical and grounded in her own nine years in corporate banking in Kolkata and Mumbai.",
        education: &[
            ("Professional Certified Coach", "International Coaching Federation", 2019),
            ("MBA, Finance", "IIM Calcutta", 2010),
        ],
        roles: &[
            ("Leadership Coach", "Independent practice", 2019, None, "Coaches women managers and runs leadership cohorts."),
            ("Vice President, Corporate Banking", "A private-sector bank", 2010, Some(2019), "Managed relationships with large corporate clients."),
        ],
        projects: &[],
        services: &[
            ("One-on-one leadership coaching", "A coaching session focused on one goal, with reflection prompts afterwards.", 60, 300_000),
            ("Promotion conversation prep", "Plan and rehearse the conversation with your manager.", 30, 150_000),
        ],
    },
    Seed {
        name: "Sarah Mitchell",
        headline: "Leadership development consultant, ex-Unilever",
        expertise: &["Leadership", "Cross-cultural Teams", "Coaching"],
        rating: 4.5,
        years: 19,
        bio: "Sarah is British and has lived in Bengaluru since 2015, designing leadership programmes for companies with teams across India, Europe and the US. She helps managers lead across time zones and cultures, give feedback that lands, and run meetings that people do not dread. She mentors in English and is learning Kannada.",
        education: &[("MSc, Occupational Psychology", "University of Nottingham", 2006)],
        roles: &[
            ("Leadership Development Consultant", "Independent practice in Bengaluru", 2015, None, "Designs and delivers leadership programmes for global teams."),
            ("Learning and Development Manager", "A global consumer-goods company", 2006, Some(2015), "Ran leadership programmes across the UK and South Asia."),
        ],
        projects: &[],
        services: &[(
            "Cross-cultural leadership session",
            "Practical help leading a distributed team, with tools you can use the same week.",
            60,
            900_000,
        )],
    },
    Seed {
        name: "Tenzing Bhutia",
        headline: "Non-profit director leading grassroots education teams",
        expertise: &["Leadership", "Social Impact", "Non-profit Management"],
        rating: 3.8,
        years: 11,
        bio: "Tenzing runs a Gangtok-based non-profit that trains community teachers in remote villages of Sikkim and North Bengal. He mentors young people who want to lead in the social sector, covering fundraising, volunteer management and leading without authority. He offers his first session free to students and early-career changemakers.",
        education: &[
            ("M.A., Social Work", "Tata Institute of Social Sciences", 2014),
            ("B.A., Sociology", "North-Eastern Hill University", 2012),
        ],
        roles: &[
            ("Executive Director", "A Sikkim education non-profit", 2019, None, "Leads a team of forty community teachers and coordinators."),
            ("Programme Manager", "A national education fellowship", 2014, Some(2019), "Ran teacher-training programmes in three states."),
        ],
        projects: &[(
            "Village library kits",
            "An open guide to setting up a fifty-book library in a single-teacher school.",
            None,
        )],
        services: &[
            ("Free 30-minute intro session", "An open conversation about careers and leadership in the social sector.", 30, 0),
            ("Fundraising for small non-profits", "How to write grant proposals and approach CSR funders.", 60, 100_000),
        ],
    },
    Seed {
        name: "Ishita Banerjee",
        headline: "Startup COO helping founders build a leadership team",
        expertise: &["Leadership", "Startup Operations", "Hiring"],
        rating: 4.6,
        years: 10,
        bio: "Ishita joined a Kolkata edtech startup as its fifth employee and became COO as it grew to four hundred people. She mentors founders and early leaders on building a leadership team, setting goals that people actually track and keeping the culture intact through fast hiring. She is candid about the things she would do differently.",
        education: &[
            ("PGDM", "IIM Lucknow", 2015),
            ("B.Sc., Economics", "Presidency University, Kolkata", 2013),
        ],
        roles: &[
            ("Chief Operating Officer", "A Kolkata edtech startup", 2020, None, "Runs operations, people and finance for a 400-person company."),
            ("Head of Operations", "The same edtech startup", 2017, Some(2020), "Set up the sales and student-success teams."),
            ("Business Analyst", "A consumer-lending company", 2015, Some(2017), "Built reporting and collections analytics."),
        ],
        projects: &[],
        services: &[
            ("Leadership team design", "Work out which leaders to hire next and how to structure their roles.", 60, 450_000),
            ("OKR reset", "Rewrite your company goals so that teams can own and measure them.", 45, 300_000),
        ],
    },
    Seed {
        name: "Suresh Balasubramanian",
        headline: "Career coach for mid-career professionals",
        expertise: &["Leadership", "Career Growth", "Career Transitions"],
        rating: 4.75,
        years: 21,
        bio: "Suresh spent eighteen years in IT services, going from developer to delivery head, before a late switch into career coaching. He helps professionals in their thirties and forties who feel stuck: changing domains, moving from delivery to product, or preparing for leadership interviews. He uses a simple, structured framework and gives plenty of homework.",
        education: &[
            ("Executive Programme in Leadership", "IIM Kozhikode", 2015),
            ("B.E., Electronics", "PSG College of Technology", 2004),
        ],
        roles: &[
            ("Career Coach", "Independent practice", 2022, None, "Coaches mid-career professionals through role and industry changes."),
            ("Delivery Head", "A large IT services company", 2004, Some(2022), "Ran delivery for banking clients with teams of up to 600 people."),
        ],
        projects: &[],
        services: &[
            ("Career transition session", "A structured session on where you are, where you want to be and the steps in between.", 60, 250_000),
            ("Leadership interview prep", "A mock interview for senior-manager and director roles.", 45, 200_000),
            ("Quick CV check", "A short review of your CV headline and summary.", 15, 49_900),
        ],
    },
];

// ---------------------------------------------------------------------------
// Management (including a career-growth mentor)
// ---------------------------------------------------------------------------

#[rustfmt::skip]
const MANAGEMENT: &[Seed] = &[
    Seed {
        name: "Deepak Reddy",
        headline: "Engineering Manager at a Hyderabad SaaS company",
        expertise: &["Management", "Engineering Management", "Hiring"],
        rating: 4.8,
        years: 13,
        bio: "Deepak has managed engineering teams for seven years after six years as a backend developer. He helps new managers with the awkward parts of the job: one-on-ones, performance reviews, saying no to stakeholders and hiring well. He shares the templates he actually uses.",
        education: &[("B.Tech, Computer Science", "JNTU Hyderabad", 2012)],
        roles: &[
            ("Engineering Manager", "A Hyderabad B2B SaaS company", 2018, None, "Manages two teams building the billing and integrations platform."),
            ("Senior Software Engineer", "A global bank's technology centre", 2012, Some(2018), "Built trade-settlement services in Java."),
        ],
        projects: &[],
        services: &[
            ("New manager session", "Work through your toughest people-management situation and leave with a practical plan.", 60, 249_900),
            ("Hiring loop review", "Review your interview process and scorecards to hire more fairly and faster.", 45, 200_000),
        ],
    },
    Seed {
        name: "Pooja Saxena",
        headline: "Senior Product Manager, ex-Microsoft",
        expertise: &["Management", "Product Management", "Roadmapping"],
        rating: 4.9,
        years: 9,
        bio: "Pooja moved from software testing into product management and has since shipped products for enterprise and consumer users. She helps aspiring PMs break in, and helps new PMs write better specs, prioritise ruthlessly and work well with engineering. Her mock product interviews are known for tough follow-up questions.",
        education: &[
            ("MBA", "Indian School of Business, Hyderabad", 2018),
            ("B.Tech, Information Technology", "Banasthali Vidyapith", 2016),
        ],
        roles: &[
            ("Senior Product Manager", "A Gurugram travel-tech company", 2022, None, "Owns the booking and payments experience."),
            ("Product Manager", "A global software company's India development centre", 2018, Some(2022), "Shipped collaboration features for enterprise customers."),
            ("Quality Engineer", "A Noida IT services company", 2016, Some(2018), "Tested mobile banking apps."),
        ],
        projects: &[],
        services: &[
            ("PM mock interview", "A product-sense or execution interview with detailed feedback.", 45, 300_000),
            ("Breaking into product management", "A plan for switching into PM from engineering, design, QA or consulting.", 60, 350_000),
        ],
    },
    Seed {
        name: "Manish Dubey",
        headline: "Programme Manager (PMP) for large IT deliveries",
        expertise: &["Management", "Project Management", "Agile"],
        rating: 4.1,
        years: 19,
        bio: "Manish has run multi-year IT programmes with hundreds of people across India, Poland and Mexico. He mentors project managers preparing for the PMP exam and those moving from project to programme management. Expect practical advice on status reporting, risk registers and handling escalations calmly.",
        education: &[
            ("Project Management Professional (PMP)", "Project Management Institute", 2012),
            ("MCA", "Devi Ahilya Vishwavidyalaya, Indore", 2006),
        ],
        roles: &[
            ("Senior Programme Manager", "A multinational IT services company", 2014, None, "Runs a 300-person programme for a European insurer."),
            ("Project Manager", "An Indore software services firm", 2006, Some(2014), "Managed fixed-price projects for retail clients."),
        ],
        projects: &[],
        services: &[
            ("PMP exam coaching", "A study plan and practice questions targeted at your weak areas.", 60, 120_000),
            ("Escalation handling session", "Role-play a difficult client or stakeholder conversation.", 30, 80_000),
        ],
    },
    Seed {
        name: "Anjali Varghese",
        headline: "Head of Operations at a multi-speciality hospital chain",
        expertise: &["Management", "Healthcare Operations", "Process Improvement"],
        rating: 4.55,
        years: 16,
        bio: "Anjali trained as a nurse, moved into hospital administration and now runs operations across four hospitals in Kerala. She mentors nurses, doctors and administrators who want to move into healthcare management, and helps operations teams cut waiting times. Her sessions mix Lean tools with a lot of patience for how hospitals really work.",
        education: &[
            ("Master of Hospital Administration", "Tata Institute of Social Sciences", 2012),
            ("B.Sc., Nursing", "Government College of Nursing, Kottayam", 2009),
        ],
        roles: &[
            ("Head of Operations", "A Kerala multi-speciality hospital chain", 2019, None, "Runs operations across four hospitals and 1,200 beds."),
            ("Operations Manager", "A Kochi tertiary-care hospital", 2012, Some(2019), "Reduced outpatient waiting times by 40 percent."),
            ("Staff Nurse", "A government medical college hospital", 2009, Some(2012), "Worked in the cardiac intensive care unit."),
        ],
        projects: &[],
        services: &[
            ("Healthcare management career session", "Plan a move from clinical work into hospital management.", 45, 150_000),
            ("Process improvement clinic", "Map one of your hospital's processes and find the bottleneck.", 90, 350_000),
        ],
    },
    Seed {
        name: "Ravi Kumar Yadav",
        headline: "Area manager for a regional grocery chain",
        expertise: &["Management", "Retail Operations", "People Management"],
        rating: 3.6,
        years: 12,
        bio: "Ravi started as a cashier in Patna and now manages twelve grocery stores across Bihar and Jharkhand. He helps new store managers and supervisors handle staffing, shrinkage, customer complaints and targets. His sessions are in Hindi or English and he keeps the price low because he remembers how hard the first promotion was.",
        education: &[("B.Com", "Patna University", 2013)],
        roles: &[
            ("Area Manager", "A regional grocery retail chain", 2020, None, "Manages twelve stores and about 250 staff."),
            ("Store Manager", "A regional grocery retail chain", 2016, Some(2020), "Ran the chain's busiest Patna store."),
            ("Cashier and Supervisor", "A Patna supermarket", 2013, Some(2016), "Worked the tills and later supervised the front end."),
        ],
        projects: &[],
        services: &[(
            "Store manager coaching",
            "A practical session on one store problem: staffing, shrinkage or targets.",
            30,
            49_900,
        )],
    },
    Seed {
        name: "Fatima Ansari",
        headline: "Agile coach and Scrum trainer",
        expertise: &["Management", "Agile", "Scrum"],
        rating: 4.7,
        years: 11,
        bio: "Fatima has coached more than forty teams through agile adoption, and she is the first to say that most of them did not need more ceremonies. She helps Scrum Masters, managers and teams run retrospectives that change something, plan realistically and stop measuring the wrong things. She also mentors people preparing for agile certifications.",
        education: &[
            ("Certified Scrum Professional", "Scrum Alliance", 2018),
            ("B.E., Computer Engineering", "Jamia Millia Islamia", 2014),
        ],
        roles: &[
            ("Agile Coach", "A Delhi transformation consultancy", 2019, None, "Coaches product and engineering teams at banks and startups."),
            ("Scrum Master", "A Noida product company", 2014, Some(2019), "Ran delivery for three product teams."),
        ],
        projects: &[],
        services: &[
            ("Agile team health check", "Review how your team plans and delivers, and choose one improvement to try.", 60, 180_000),
            ("Retrospective design", "Design a retrospective format for a specific team problem.", 30, 90_000),
        ],
    },
    Seed {
        name: "Kenji Watanabe",
        headline: "Lean manufacturing consultant in Chennai's auto corridor",
        expertise: &["Management", "Lean Manufacturing", "Operational Excellence"],
        rating: 4.6,
        years: 25,
        bio: "Kenji learned his trade on the shop floor of a Japanese carmaker in Nagoya and came to Chennai in 2008 to help set up a supplier plant. He has stayed ever since, helping Indian manufacturers apply Lean and Kaizen in a way that suits their teams. He mentors plant managers and industrial engineers, and his Tamil is better than he admits.",
        education: &[("B.Eng., Mechanical Engineering", "Nagoya Institute of Technology", 2000)],
        roles: &[
            ("Principal Consultant", "A Chennai operational-excellence consultancy", 2015, None, "Leads Lean transformation projects at automotive and electronics plants."),
            ("Plant Manager", "A Japanese automotive supplier's Chennai plant", 2008, Some(2015), "Set up and ran a 900-person components plant."),
            ("Production Engineer", "A Japanese carmaker", 2000, Some(2008), "Worked on assembly-line improvement in Nagoya."),
        ],
        projects: &[],
        services: &[
            ("Lean plant walk-through", "Share a video or layout of your line and we identify waste and quick wins together.", 90, 800_000),
            ("Industrial engineering career chat", "Advice for young engineers starting out in manufacturing.", 30, 150_000),
        ],
    },
    Seed {
        name: "Divya Shetty",
        headline: "Customer-operations leader mentoring first-time team leads",
        expertise: &["Management", "People Management", "First-time Managers"],
        rating: 0.0,
        years: 14,
        bio: "Divya has managed customer-operations teams in Mangaluru and Bengaluru for fourteen years, most recently a team of 120. She has just joined as a mentor and wants to help first-time team leads through their first ninety days. Book a free intro call to see whether her approach suits you.",
        education: &[
            ("MBA, Human Resources", "Manipal Institute of Management", 2012),
            ("Bachelor of Business Management", "St. Aloysius College, Mangaluru", 2010),
        ],
        roles: &[
            ("Senior Operations Manager", "A Bengaluru customer-experience outsourcing firm", 2018, None, "Leads a 120-person support operation for global clients."),
            ("Team Lead", "A Mangaluru BPO", 2011, Some(2018), "Managed voice and email support teams."),
        ],
        projects: &[],
        services: &[
            ("Free 15-minute intro call", "A short call to understand your team and what you need help with.", 15, 0),
            ("First 90 days as a manager", "A practical plan for your first three months leading a team.", 60, 150_000),
        ],
    },
    Seed {
        name: "Aparna Deshmukh",
        headline: "HR business partner helping professionals with promotions and pay",
        expertise: &["Management", "Career Growth", "Salary Negotiation"],
        rating: 4.45,
        years: 12,
        bio: "Aparna has sat in hundreds of appraisal and compensation meetings as an HR business partner in Pune. She now uses that view from the other side of the table to help professionals prepare for reviews, negotiate offers and plan promotions. She will help you build the case and practise saying it out loud.",
        education: &[("MBA, Human Resources", "Symbiosis Institute of Business Management, Pune", 2013)],
        roles: &[
            ("HR Business Partner", "A Pune engineering-services company", 2018, None, "Partners with engineering leaders on performance, pay and promotions."),
            ("HR Executive", "An automotive manufacturer's Pune plant", 2013, Some(2018), "Handled recruitment and employee relations."),
        ],
        projects: &[],
        services: &[
            ("Salary negotiation prep", "Review your offer or appraisal, set a target and rehearse the conversation.", 45, 149_900),
            ("Promotion case review", "Build the evidence for your promotion and plan when and how to raise it.", 30, 99_900),
        ],
    },
];

// ---------------------------------------------------------------------------
// Marketing (including a freelancing and a creative-direction mentor)
// ---------------------------------------------------------------------------

#[rustfmt::skip]
const MARKETING: &[Seed] = &[
    Seed {
        name: "Siddharth Bhandari",
        headline: "Head of Growth, ex-Zomato",
        expertise: &["Marketing", "Growth Marketing", "Performance Marketing"],
        rating: 4.85,
        years: 10,
        bio: "Siddharth has spent ten years spending other people's marketing budgets carefully, mostly on app installs and repeat orders. He mentors marketers moving into growth roles, covering experimentation, attribution, CRM and how to talk to finance about acquisition costs. He expects you to bring data to the session.",
        education: &[
            ("PGDM, Marketing", "MICA Ahmedabad", 2015),
            ("B.Com", "Hansraj College, Delhi University", 2013),
        ],
        roles: &[
            ("Head of Growth", "A Gurugram quick-commerce startup", 2022, None, "Leads paid acquisition, CRM and referral programmes."),
            ("Growth Manager", "A food-delivery platform", 2017, Some(2022), "Ran city-launch campaigns and retention experiments."),
            ("Marketing Associate", "A digital marketing agency", 2015, Some(2017), "Managed search and social campaigns for consumer brands."),
        ],
        projects: &[],
        services: &[
            ("Growth strategy session", "Review your funnel and choose the next three experiments to run.", 60, 400_000),
            ("Growth marketing career chat", "For marketers who want to move into growth roles.", 30, 150_000),
        ],
    },
    Seed {
        name: "Pallavi Borah",
        headline: "SEO and content strategist for B2B software brands",
        expertise: &["Marketing", "SEO", "Content Strategy"],
        rating: 4.6,
        years: 8,
        bio: "Pallavi grew organic traffic for a Guwahati travel startup before moving into B2B content strategy for software companies. She helps marketers and founders build content that ranks and converts, from keyword research to editorial calendars. She is also happy to mentor writers from the Northeast breaking into digital marketing.",
        education: &[
            ("M.A., Mass Communication", "Tezpur University", 2017),
            ("B.A., English", "Cotton College, Guwahati", 2015),
        ],
        roles: &[
            ("Content Strategy Lead", "A remote-first B2B SaaS company", 2021, None, "Owns SEO and content for the company's blog and documentation."),
            ("Content Marketer", "A Guwahati travel startup", 2017, Some(2021), "Grew the blog to two lakh monthly visitors."),
        ],
        projects: &[],
        services: &[
            ("SEO audit walkthrough", "We audit your site together and build a prioritised fix list.", 60, 150_000),
            ("Content calendar workshop", "Plan three months of content mapped to keywords and buyer stages.", 90, 300_000),
        ],
    },
    Seed {
        name: "Arvind Natarajan",
        headline: "Brand strategist, ex-Ogilvy",
        expertise: &["Marketing", "Brand Strategy", "Advertising"],
        rating: 4.4,
        years: 23,
        bio: "Arvind has written brand strategies for biscuits, banks and a state tourism board. Twenty-three years in advertising taught him how to find the one true thing a brand can own. He mentors strategists and founders on positioning, briefs and giving creative feedback that makes the work better.",
        education: &[
            ("PGDM, Communications", "MICA Ahmedabad", 2002),
            ("B.A., Economics", "Loyola College, Chennai", 2000),
        ],
        roles: &[
            ("Independent Brand Strategist", "Self-employed", 2018, None, "Works with founders and agencies on positioning and brand architecture."),
            ("Executive Strategy Director", "A multinational advertising agency", 2009, Some(2018), "Led strategy for banking, FMCG and tourism clients."),
            ("Account Planner", "A Chennai advertising agency", 2002, Some(2009), "Wrote strategy for regional consumer brands."),
        ],
        projects: &[],
        services: &[
            ("Brand positioning workshop", "A working session to sharpen your positioning and brand promise.", 90, 1_000_000),
            ("Creative brief review", "Feedback on a brief before it goes to the agency.", 30, 250_000),
        ],
    },
    Seed {
        name: "Tanvi Jain",
        headline: "Social media and creator-partnerships strategist",
        expertise: &["Marketing", "Social Media", "Influencer Marketing"],
        rating: 4.2,
        years: 5,
        bio: "Tanvi has run creator campaigns for beauty and fashion brands, working with more than 500 creators on Instagram and YouTube. She helps brand marketers plan creator partnerships, and helps new creators understand rates, contracts and brand briefs. She keeps her advice current because the platforms change every month.",
        education: &[("Bachelor of Management Studies", "Narsee Monjee College of Commerce and Economics, Mumbai", 2020)],
        roles: &[
            ("Social Media Manager", "A Mumbai beauty brand", 2022, None, "Runs the brand's social channels and creator programme."),
            ("Influencer Marketing Executive", "A Mumbai influencer agency", 2020, Some(2022), "Matched creators with brand campaigns."),
        ],
        projects: &[],
        services: &[
            ("Creator campaign plan", "Plan a creator campaign with budget, briefs and measurement.", 45, 79_900),
            ("Creator rate-card review", "For creators: set your rates and review a brand contract.", 30, 59_900),
        ],
    },
    Seed {
        name: "María González",
        headline: "Product marketing director for SaaS companies going global",
        expertise: &["Marketing", "Product Marketing", "B2B SaaS"],
        rating: 4.7,
        years: 14,
        bio: "María is from Madrid and moved to Bengaluru in 2017 to build the marketing team of a SaaS company expanding into Europe and Latin America. She mentors product marketers on positioning, launches and sales enablement, and advises Indian SaaS founders selling abroad. Sessions are in English or Spanish.",
        education: &[
            ("Máster en Marketing Digital", "ESIC Business & Marketing School, Madrid", 2011),
            ("Grado en Administración de Empresas", "Universidad Complutense de Madrid", 2009),
        ],
        roles: &[
            ("Director of Product Marketing", "A Bengaluru SaaS company", 2017, None, "Leads positioning, launches and competitive intelligence."),
            ("Product Marketing Manager", "A Madrid software company", 2011, Some(2017), "Launched products in Spain and Latin America."),
        ],
        projects: &[],
        services: &[
            ("Product launch review", "Review your launch plan, messaging and sales enablement.", 60, 650_000),
            ("Selling to Europe and Latin America", "Advice for Indian SaaS teams entering Spanish-speaking markets.", 45, 500_000),
        ],
    },
    Seed {
        name: "Abhishek Pandey",
        headline: "Marketing analytics and attribution consultant",
        expertise: &["Marketing", "Marketing Analytics", "Attribution"],
        rating: 3.7,
        years: 7,
        bio: "Abhishek helps marketing teams answer the question every CFO asks: what did we get for that spend? He mentors analysts and marketers on tracking plans, attribution, dashboards and marketing mix modelling. He is a patient teacher for people who are not yet comfortable with numbers.",
        education: &[("M.Sc., Statistics", "Banaras Hindu University", 2018)],
        roles: &[
            ("Marketing Analytics Consultant", "Self-employed", 2022, None, "Builds measurement and attribution setups for consumer brands."),
            ("Analytics Manager", "A Noida digital agency", 2018, Some(2022), "Built dashboards and attribution models for agency clients."),
        ],
        projects: &[],
        services: &[
            ("Tracking and attribution review", "Review your tracking plan and attribution model.", 60, 199_900),
            ("Dashboard teardown", "Feedback on one marketing dashboard and what to change.", 30, 89_900),
        ],
    },
    Seed {
        name: "Shalini Mukherjee",
        headline: "Rural marketing specialist for FMCG and agri brands",
        expertise: &["Marketing", "Rural Marketing", "FMCG"],
        rating: 4.65,
        years: 18,
        bio: "Shalini has spent eighteen years taking consumer and agricultural products to small-town and rural India, from haat activations to wall paintings and van campaigns. She mentors marketers who have only worked on metro audiences and need to understand Bharat. Her sessions are full of stories from the field and surprisingly hard data.",
        education: &[
            ("PGDM, Rural Management", "Institute of Rural Management Anand", 2007),
            ("B.Sc., Agriculture", "Bidhan Chandra Krishi Viswavidyalaya", 2005),
        ],
        roles: &[
            ("Rural Marketing Consultant", "Independent practice", 2018, None, "Advises FMCG, seed and fertiliser brands on rural go-to-market."),
            ("Rural Marketing Manager", "A large Indian FMCG company", 2011, Some(2018), "Ran rural activation across eastern India."),
            ("Area Sales Officer", "An agri-inputs company", 2007, Some(2011), "Sold seeds and fertilisers through village retailers."),
        ],
        projects: &[],
        services: &[
            ("Rural go-to-market session", "Plan a rural launch or activation with realistic costs and reach.", 90, 550_000),
            ("Rural marketing career chat", "For students and young marketers interested in rural and agri markets.", 30, 100_000),
        ],
    },
    Seed {
        name: "Yash Thakkar",
        headline: "Email and lifecycle marketer at an Ahmedabad snacks brand",
        expertise: &["Marketing", "Email Marketing", "Lifecycle Marketing"],
        rating: 0.0,
        years: 3,
        bio: "Yash runs email and WhatsApp campaigns for an Ahmedabad snacks brand and has learned a lot about what makes people click. He has just started mentoring and wants to help students and career switchers land their first marketing job. His intro calls are free.",
        education: &[("Bachelor of Business Administration", "Nirma University, Ahmedabad", 2022)],
        roles: &[(
            "Lifecycle Marketing Executive",
            "An Ahmedabad D2C snacks brand",
            2022,
            None,
            "Runs email, SMS and WhatsApp campaigns and automations.",
        )],
        projects: &[],
        services: &[
            ("Free 15-minute intro call", "A short call about breaking into marketing.", 15, 0),
            ("Email campaign review", "Feedback on one of your campaigns or automations.", 30, 49_900),
        ],
    },
    Seed {
        name: "Ritu Arora",
        headline: "Freelance copywriter turned content-agency founder",
        expertise: &["Marketing", "Freelancing", "Copywriting"],
        rating: 4.5,
        years: 9,
        bio: "Ritu started freelancing as a copywriter while on maternity leave and now runs a content agency with twelve writers. She helps writers and marketers start freelancing, find steady clients, price projects and avoid unpaid revision loops. The first call is free, because the right first step depends on your situation.",
        education: &[("M.A., English Literature", "Panjab University", 2015)],
        roles: &[
            ("Founder", "A Chandigarh content agency", 2020, None, "Runs a twelve-writer agency serving SaaS and fintech clients."),
            ("Freelance Copywriter", "Self-employed", 2016, Some(2020), "Wrote websites, emails and ads for startups."),
        ],
        projects: &[],
        services: &[
            ("Free 15-minute intro call", "A short call to understand your writing and your goals.", 15, 0),
            ("Freelance writing business plan", "Positioning, pricing and finding your first retainer clients.", 60, 200_000),
        ],
    },
    Seed {
        name: "Kabir Sethi",
        headline: "Creative director and brand identity designer",
        expertise: &["Marketing", "Creative Direction", "Brand Identity"],
        rating: 4.8,
        years: 15,
        bio: "Kabir has designed identities for restaurants, publishers and a few hundred startups from his studio in Delhi. He mentors designers on portfolios, presenting work to clients and growing into creative direction. He also runs critique sessions for people who want unvarnished feedback on their work.",
        education: &[("B.Des., Communication Design", "National Institute of Design, Ahmedabad", 2010)],
        roles: &[
            ("Founder and Creative Director", "A Delhi brand-identity studio", 2016, None, "Leads identity and packaging projects for consumer and publishing clients."),
            ("Senior Designer", "A Delhi design consultancy", 2010, Some(2016), "Designed identities and signage systems."),
        ],
        projects: &[(
            "Type in the City",
            "A photo archive of hand-painted shop signs from Old Delhi, with notes on each lettering style.",
            Some("https://example.com/kabir/type-in-the-city"),
        )],
        services: &[
            ("Portfolio critique", "An honest, detailed critique of your design portfolio.", 60, 350_000),
            ("Client presentation rehearsal", "Practise presenting creative work and handling feedback.", 45, 400_000),
        ],
    },
];

// ---------------------------------------------------------------------------
// Mental Health (including two health-and-fitness mentors)
// ---------------------------------------------------------------------------

#[rustfmt::skip]
const MENTAL_HEALTH: &[Seed] = &[
    Seed {
        name: "Dr. Meera Nambiar",
        headline: "Counselling psychologist specialising in anxiety and burnout",
        expertise: &["Mental Health", "Anxiety", "Burnout"],
        rating: 4.9,
        years: 14,
        bio: "Meera is a counselling psychologist who has worked with professionals in Bengaluru for fourteen years. She helps people recognise burnout early, manage anxiety and build routines that hold up during demanding jobs. These are mentoring conversations rather than therapy, and she will point you to clinical care when that is what you need.",
        education: &[
            ("PhD, Psychology", "Christ University, Bengaluru", 2019),
            ("M.Sc., Counselling Psychology", "Christ University, Bengaluru", 2011),
        ],
        roles: &[
            ("Counselling Psychologist", "A Bengaluru private practice", 2016, None, "Works with professionals on anxiety, stress and burnout."),
            ("Counsellor", "An employee-assistance programme provider", 2011, Some(2016), "Provided short-term counselling to employees of corporate clients."),
        ],
        projects: &[],
        services: &[
            ("Burnout check-in", "A structured conversation about workload, warning signs and what to change first.", 45, 200_000),
            ("Anxiety skills session", "Practical techniques for managing work-related anxiety.", 60, 250_000),
        ],
    },
    Seed {
        name: "Rahul Dasgupta",
        headline: "Workplace wellbeing consultant",
        expertise: &["Mental Health", "Workplace Wellbeing", "Stress Management"],
        rating: 4.3,
        years: 12,
        bio: "Rahul designs wellbeing programmes for companies that want more than a yoga day and a helpline number. He mentors HR leaders and managers on spotting distress, having supportive conversations and building sustainable workloads. He also helps individuals plan a healthier relationship with work.",
        education: &[("M.A., Applied Psychology", "University of Calcutta", 2013)],
        roles: &[
            ("Wellbeing Consultant", "Independent practice", 2019, None, "Designs wellbeing programmes for mid-size companies."),
            ("Employee Wellbeing Lead", "A Kolkata IT services company", 2013, Some(2019), "Built the company's first mental-health first-aider network."),
        ],
        projects: &[],
        services: &[
            ("Manager wellbeing session", "How to support a struggling team member, with a conversation plan.", 45, 120_000),
            ("Wellbeing programme review", "For HR teams: review your current programme and its gaps.", 60, 350_000),
        ],
    },
    Seed {
        name: "Sunita Hegde",
        headline: "Mindfulness teacher and certified MBSR instructor",
        expertise: &["Mental Health", "Mindfulness", "Meditation"],
        rating: 4.75,
        years: 20,
        bio: "Sunita taught school for ten years before training as a mindfulness teacher, and has run courses in Mysuru for another decade. She helps busy people start and keep a meditation practice that fits real life, without incense or jargon. Her first 15-minute session is free and includes a short guided practice.",
        education: &[
            ("MBSR Teacher Certification", "Brown University Mindfulness Center", 2016),
            ("B.Ed.", "University of Mysore", 2005),
        ],
        roles: &[
            ("Mindfulness Teacher", "Independent practice in Mysuru", 2015, None, "Runs eight-week mindfulness courses online and in person."),
            ("School Teacher", "A Mysuru higher-secondary school", 2005, Some(2015), "Taught English and started the school's counselling programme."),
        ],
        projects: &[],
        services: &[
            ("Free 15-minute guided practice", "A short guided practice and a conversation about what you want from meditation.", 15, 0),
            ("Mindfulness coaching session", "Build a daily practice and work through what is getting in the way.", 45, 90_000),
        ],
    },
    Seed {
        name: "Aarav Bhattacharya",
        headline: "Peer-support mentor for students facing exam stress",
        expertise: &["Mental Health", "Student Wellbeing", "Exam Stress"],
        rating: 0.0,
        years: 2,
        bio: "Aarav cleared JEE on his second attempt and remembers how isolating that year in Kota felt. He is a trained peer-support volunteer who now helps students manage exam stress, study routines and family expectations. He is not a therapist and will help you find professional support if you need it.",
        education: &[
            ("B.Tech, Civil Engineering", "Jadavpur University", 2024),
            ("Certificate in Peer Counselling", "A Kolkata mental-health non-profit", 2023),
        ],
        roles: &[(
            "Peer-Support Volunteer",
            "A student mental-health helpline",
            2023,
            None,
            "Takes weekly shifts supporting students in distress.",
        )],
        projects: &[],
        services: &[
            ("Free 15-minute intro call", "A relaxed first chat about what is stressing you out.", 15, 0),
            ("Exam-season check-in", "A supportive session on study routines, sleep and handling pressure.", 30, 49_900),
        ],
    },
    Seed {
        name: "Grace D'Souza",
        headline: "Grief and life-transitions counsellor",
        expertise: &["Mental Health", "Grief Counselling", "Life Transitions"],
        rating: 4.6,
        years: 17,
        bio: "Grace has counselled people through bereavement, divorce, migration and retirement for seventeen years in Mangaluru and Goa. She offers a calm space to talk about loss and change, and practical help with the first months after. She also mentors counsellors who want to specialise in grief work.",
        education: &[("M.Sc., Counselling Psychology", "Roshni Nilaya School of Social Work, Mangaluru", 2008)],
        roles: &[
            ("Counsellor", "A Goa private counselling practice", 2015, None, "Specialises in grief and major life transitions."),
            ("Hospice Counsellor", "A Mangaluru palliative-care centre", 2008, Some(2015), "Supported patients and families in palliative care."),
        ],
        projects: &[],
        services: &[
            ("Grief support session", "A gentle, unhurried session to talk about a loss.", 60, 180_000),
            ("Mentoring for new counsellors", "Case discussion and career guidance for counsellors starting out in grief work.", 45, 150_000),
        ],
    },
    Seed {
        name: "Imran Lone",
        headline: "Addiction recovery counsellor in Srinagar",
        expertise: &["Mental Health", "Addiction Recovery", "Relapse Prevention"],
        rating: 4.55,
        years: 10,
        bio: "Imran has worked in de-addiction centres in Srinagar and Delhi for ten years. He mentors people in recovery and their families, and helps social workers and counsellors who are new to substance-use work. He is non-judgemental, practical and available in Kashmiri, Urdu, Hindi and English.",
        education: &[("M.A., Social Work", "University of Kashmir", 2015)],
        roles: &[
            ("Senior Counsellor", "A Srinagar de-addiction centre", 2019, None, "Runs individual and family counselling for people in recovery."),
            ("Counsellor", "A Delhi de-addiction non-profit", 2015, Some(2019), "Ran outpatient relapse-prevention groups."),
        ],
        projects: &[],
        services: &[
            ("Recovery mentoring session", "Support for someone in recovery, or for a worried family member.", 45, 99_900),
            ("Supervision for new counsellors", "Case discussion for counsellors starting in substance-use work.", 60, 150_000),
        ],
    },
    Seed {
        name: "Lalitha Raman",
        headline: "Perinatal mental-health counsellor in Chennai",
        expertise: &["Mental Health", "Perinatal Mental Health", "Parenting"],
        rating: 4.8,
        years: 11,
        bio: "Lalitha supports parents through pregnancy, birth and the first year, when so much changes at once. She helps new mothers and fathers talk about anxiety, low mood and the pressure to feel grateful all the time. She works alongside gynaecologists and psychiatrists in Chennai and refers when clinical care is needed.",
        education: &[("M.Sc., Psychology", "University of Madras", 2014)],
        roles: &[
            ("Perinatal Counsellor", "A Chennai women's health clinic", 2018, None, "Supports parents during pregnancy and the postpartum year."),
            ("Counsellor", "A Chennai community mental-health project", 2014, Some(2018), "Ran support groups for new mothers."),
        ],
        projects: &[],
        services: &[
            ("New parent check-in", "A supportive conversation for expecting or new parents.", 60, 220_000),
            ("Postpartum planning for couples", "Plan sleep, support and roles before the baby arrives.", 90, 350_000),
        ],
    },
    Seed {
        name: "Olivia Bennett",
        headline: "UK-trained trauma-informed counsellor working online",
        expertise: &["Mental Health", "Trauma-informed Care", "Self-compassion"],
        rating: 3.9,
        years: 8,
        bio: "Olivia trained and practised in Bristol before moving to Puducherry in 2021, and now works online with clients across India and the UK. She mentors teachers, HR staff and health workers on trauma-informed practice, and supports individuals working on self-criticism and boundaries. She keeps sessions paced and collaborative.",
        education: &[("MSc, Counselling and Psychotherapy", "University of Bristol", 2017)],
        roles: &[
            ("Counsellor", "Independent online practice", 2021, None, "Works online with adults on trauma, self-criticism and boundaries."),
            ("Counsellor", "A Bristol community counselling service", 2017, Some(2021), "Provided short-term counselling for adults."),
        ],
        projects: &[],
        services: &[
            ("Trauma-informed practice mentoring", "For teachers, HR and health workers who want to work in a trauma-informed way.", 60, 350_000),
            ("Boundaries and self-compassion session", "A gentle, practical session on self-criticism and saying no.", 45, 250_000),
        ],
    },
    Seed {
        name: "Karthik Subbiah",
        headline: "Strength coach and sports nutritionist",
        expertise: &["Mental Health", "Health & Fitness", "Strength Training", "Nutrition"],
        rating: 4.65,
        years: 9,
        bio: "Karthik is a strength coach from Coorg who works with desk-bound professionals and amateur runners in Bengaluru. He helps people build a training routine they can keep for years, eat well on a vegetarian or South Indian diet, and notice how sleep, stress and exercise affect their mood. He does not sell supplements.",
        education: &[
            ("M.Sc., Sports Nutrition", "University of Mysore", 2016),
            ("Bachelor of Physical Education", "Mangalore University", 2014),
        ],
        roles: &[
            ("Strength Coach", "A Bengaluru training studio", 2019, None, "Coaches adults on strength training and nutrition."),
            ("Fitness Trainer", "A Mysuru gym", 2016, Some(2019), "Ran group classes and personal training."),
        ],
        projects: &[],
        services: &[
            ("Training and nutrition plan", "A session to set up a realistic strength and nutrition routine.", 45, 59_900),
            ("Monthly check-in", "Review your progress and adjust your plan.", 30, 49_900),
        ],
    },
    Seed {
        name: "Bhavna Trivedi",
        headline: "Yoga therapist for anxiety and sleep",
        expertise: &["Mental Health", "Health & Fitness", "Yoga"],
        rating: 4.85,
        years: 13,
        bio: "Bhavna is a yoga therapist in Vadodara who works with people dealing with anxiety, poor sleep and chronic back pain. She teaches short breathing and movement practices you can do at a desk or before bed. Her sessions complement, and never replace, medical or psychological treatment.",
        education: &[
            ("M.Sc., Yoga Therapy", "S-VYASA University, Bengaluru", 2013),
            ("B.A., Psychology", "The Maharaja Sayajirao University of Baroda", 2011),
        ],
        roles: &[
            ("Yoga Therapist", "A Vadodara wellness clinic", 2016, None, "Runs therapeutic yoga programmes for anxiety, sleep and back pain."),
            ("Yoga Instructor", "A Bengaluru yoga research centre", 2012, Some(2016), "Taught group and therapeutic classes."),
        ],
        projects: &[],
        services: &[
            ("Yoga for sleep", "A personalised breathing and relaxation routine for better sleep.", 45, 89_900),
            ("Desk yoga for anxiety", "Short practices to calm the nervous system during a working day.", 30, 59_900),
        ],
    },
];

// ---------------------------------------------------------------------------
// Psychology (including an academic-careers mentor)
// ---------------------------------------------------------------------------

#[rustfmt::skip]
const PSYCHOLOGY: &[Seed] = &[
    Seed {
        name: "Dr. Arun Prakash",
        headline: "Clinical psychologist and CBT trainer",
        expertise: &["Psychology", "Clinical Psychology", "CBT"],
        rating: 4.7,
        years: 19,
        bio: "Arun is an RCI-registered clinical psychologist who trained at NIMHANS and has practised in Coimbatore for nineteen years. He trains psychologists in cognitive behavioural therapy and mentors postgraduate students through internships and their first clinical jobs. His sessions for students are practical and exam-aware.",
        education: &[
            ("PhD, Psychology", "Bharathiar University", 2014),
            ("M.Phil., Clinical Psychology", "NIMHANS, Bengaluru", 2006),
        ],
        roles: &[
            ("Consultant Clinical Psychologist", "A Coimbatore multi-speciality hospital", 2012, None, "Leads the psychology service and its CBT training programme."),
            ("Clinical Psychologist", "A Coimbatore psychiatric clinic", 2006, Some(2012), "Provided assessment and therapy for adults."),
        ],
        projects: &[],
        services: &[
            ("CBT skills supervision", "Case-based supervision for psychologists learning CBT.", 60, 300_000),
            ("Clinical psychology career guidance", "For students planning clinical psychology applications and internships.", 45, 150_000),
        ],
    },
    Seed {
        name: "Subhashree Mohanty",
        headline: "Organisational psychologist and assessment specialist",
        expertise: &["Psychology", "Organisational Psychology", "Psychometrics"],
        rating: 4.4,
        years: 12,
        bio: "Subhashree designs assessment centres and psychometric tests used to hire and promote managers. She mentors HR professionals and psychology graduates who want to work in organisational psychology, and helps them understand validity, bias and good test design. She is based in Bhubaneswar and works with clients across India.",
        education: &[
            ("Certificate in Occupational Testing", "British Psychological Society", 2016),
            ("M.A., Psychology", "Utkal University", 2013),
        ],
        roles: &[
            ("Principal Consultant, Assessments", "A talent-assessment firm", 2018, None, "Designs assessment centres for leadership hiring."),
            ("Assessment Consultant", "A Bhubaneswar HR consultancy", 2013, Some(2018), "Ran psychometric assessments for campus hiring."),
        ],
        projects: &[],
        services: &[
            ("Organisational psychology career session", "How to build a career in assessment, organisation development or people analytics.", 45, 275_000),
            ("Assessment design review", "Review a test or assessment centre you are building.", 60, 450_000),
        ],
    },
    Seed {
        name: "José Mathew",
        headline: "Child and adolescent psychologist in Kochi",
        expertise: &["Psychology", "Child Psychology", "Learning Disabilities"],
        rating: 4.8,
        years: 16,
        bio: "José has assessed and supported children with dyslexia, ADHD and anxiety for sixteen years. He guides parents on what an assessment actually tells them and how to work with schools, and mentors psychology students interested in working with children. Parents often say he is the first professional who explained things without jargon.",
        education: &[
            ("M.Phil., Clinical Psychology", "Central Institute of Psychiatry, Ranchi", 2009),
            ("M.Sc., Psychology", "Mahatma Gandhi University, Kottayam", 2007),
        ],
        roles: &[
            ("Child Psychologist", "A Kochi child-development centre", 2014, None, "Leads assessments and therapy for children and adolescents."),
            ("Clinical Psychologist", "A Thrissur hospital", 2009, Some(2014), "Worked in the child-guidance clinic."),
        ],
        projects: &[],
        services: &[
            ("Parent guidance session", "Understand your child's assessment report and plan next steps with the school.", 60, 160_000),
            ("Student mentoring: child psychology", "For students who want to work with children.", 30, 80_000),
        ],
    },
    Seed {
        name: "Nisha Goyal",
        headline: "Behavioural scientist for consumer products",
        expertise: &["Psychology", "Behavioural Science", "Consumer Behaviour"],
        rating: 4.6,
        years: 7,
        bio: "Nisha applies behavioural science to product design: why people drop out of onboarding, ignore reminders or pick the middle plan. She mentors psychology graduates moving into product, UX research and behavioural-design roles. She loves a good experiment and will help you design one.",
        education: &[
            ("M.Sc., Behavioural Science", "London School of Economics", 2018),
            ("B.A. (Hons), Psychology", "Jesus and Mary College, Delhi University", 2016),
        ],
        roles: &[
            ("Behavioural Scientist", "A Mumbai personal-finance app", 2021, None, "Designs nudges and experiments that help users save."),
            ("UX Researcher", "A Gurugram consumer-internet company", 2018, Some(2021), "Ran user research for onboarding and payments."),
        ],
        projects: &[(
            "Nudge teardown series",
            "Short write-ups analysing the behavioural design of everyday Indian apps.",
            Some("https://example.com/nisha/nudge-teardowns"),
        )],
        services: &[
            ("Behavioural design session", "Apply behavioural science to one problem in your product.", 60, 250_000),
            ("Breaking into behavioural science", "A career plan for psychology and economics graduates.", 30, 120_000),
        ],
    },
    Seed {
        name: "Vivek Sharma",
        headline: "Sports psychologist for cricketers and esports players",
        expertise: &["Psychology", "Sports Psychology", "Performance"],
        rating: 4.2,
        years: 9,
        bio: "Vivek works with academy cricketers, badminton players and competitive gamers on focus, confidence and handling pressure. He mentors athletes and coaches, and helps psychology students understand how to enter sports psychology in India. His sessions include simple routines you can use on match day.",
        education: &[("M.Sc., Sports Psychology", "Lakshmibai National Institute of Physical Education", 2016)],
        roles: &[
            ("Sports Psychologist", "A Delhi sports-science centre", 2019, None, "Works with academy athletes and esports teams."),
            ("Assistant Sports Psychologist", "A state cricket academy", 2016, Some(2019), "Supported junior players on mental skills."),
        ],
        projects: &[],
        services: &[
            ("Performance mindset session", "Build a pre-performance routine for your sport or game.", 45, 175_000),
            ("Sports psychology career chat", "For students considering sports psychology.", 30, 100_000),
        ],
    },
    Seed {
        name: "Amrita Dhillon",
        headline: "Counselling psychologist guiding students into psychology careers",
        expertise: &["Psychology", "Careers in Psychology", "Counselling Skills"],
        rating: 4.9,
        years: 6,
        bio: "Amrita answers the questions she wishes someone had answered for her: which master's to choose, how RCI registration works and whether you need an MPhil at all. She mentors undergraduates and early-career counsellors on applications, internships and building supervised practice hours. She replies to every follow-up message.",
        education: &[
            ("M.A., Counselling Psychology", "Amity University, Noida", 2019),
            ("B.A., Psychology", "Government College for Women, Amritsar", 2017),
        ],
        roles: &[(
            "Counselling Psychologist",
            "An Amritsar counselling centre",
            2019,
            None,
            "Provides counselling to young adults and runs student workshops.",
        )],
        projects: &[],
        services: &[
            ("Psychology careers session", "Plan your degree, internships and registration path.", 45, 69_900),
            ("Application review", "Feedback on your statement of purpose for psychology programmes.", 30, 59_900),
        ],
    },
    Seed {
        name: "Hannah Schmidt",
        headline: "Cognitive psychologist and research-methods mentor",
        expertise: &["Psychology", "Cognitive Science", "Research Methods"],
        rating: 4.55,
        years: 12,
        bio: "Hannah is a German cognitive psychologist who completed her doctorate in Leipzig and has spent five years as a visiting researcher in Hyderabad. She mentors students on research design, statistics in R and writing for journals. She is patient with beginners and precise about methods.",
        education: &[
            ("PhD, Cognitive Psychology", "Max Planck Institute for Human Cognitive and Brain Sciences, Leipzig", 2017),
            ("M.Sc., Psychology", "Leipzig University", 2013),
        ],
        roles: &[
            ("Visiting Researcher", "A Hyderabad cognitive-science research centre", 2020, None, "Studies attention and multilingualism."),
            ("Postdoctoral Researcher", "A German university", 2017, Some(2020), "Ran eye-tracking studies on reading."),
            ("Doctoral Researcher", "A Leipzig research institute", 2013, Some(2017), "Researched attention in bilingual speakers."),
        ],
        projects: &[(
            "Open reading-time dataset",
            "Eye-tracking data from Hindi-English bilingual readers, shared with analysis scripts.",
            Some("https://example.com/hannah/reading-times"),
        )],
        services: &[
            ("Research design consultation", "Design or troubleshoot a study, from hypotheses to analysis plan.", 60, 400_000),
            ("R for psychologists", "Hands-on help with your data analysis in R.", 90, 500_000),
        ],
    },
    Seed {
        name: "Mohit Rawat",
        headline: "Relationship counsellor for couples and young adults",
        expertise: &["Psychology", "Relationships", "Couples Counselling"],
        rating: 3.6,
        years: 8,
        bio: "Mohit works with couples and young adults in Dehradun and online on communication, conflict and trust. He mentors people who want to understand their relationship patterns, and counsellors starting couples work. He keeps sessions structured so that both partners leave with something to practise.",
        education: &[("M.A., Psychology", "Hemvati Nandan Bahuguna Garhwal University", 2017)],
        roles: &[
            ("Relationship Counsellor", "A Dehradun counselling practice", 2020, None, "Works with couples and individuals on relationship issues."),
            ("Counsellor", "A Dehradun college counselling cell", 2017, Some(2020), "Counselled students on relationships and stress."),
        ],
        projects: &[],
        services: &[
            ("Couples communication session", "A structured session for couples on communication and conflict.", 60, 200_000),
            ("Individual relationship session", "Talk through a relationship pattern you want to change.", 45, 150_000),
        ],
    },
    Seed {
        name: "Prof. Revathi Srinivasan",
        headline: "Professor of psychology mentoring PhD and study-abroad applicants",
        expertise: &["Psychology", "Academic Research", "Higher Studies"],
        rating: 4.75,
        years: 26,
        bio: "Revathi has taught psychology for twenty-six years and supervised more than thirty doctoral students. She mentors students applying for PhDs and master's programmes in India and abroad, and early-career academics on publishing and grant writing. She reads every statement of purpose twice before the session.",
        education: &[
            ("PhD, Psychology", "University of Hyderabad", 2003),
            ("M.A., Psychology", "University of Madras", 1998),
        ],
        roles: &[
            ("Professor of Psychology", "A central university in South India", 2012, None, "Teaches research methods and supervises doctoral students."),
            ("Associate Professor", "A Chennai arts and science college", 1999, Some(2012), "Taught developmental psychology and ran the research cell."),
        ],
        projects: &[],
        services: &[
            ("PhD application strategy", "Choose programmes and supervisors and plan your application timeline.", 60, 120_000),
            ("Statement of purpose review", "Detailed feedback on your statement of purpose, read in advance.", 45, 100_000),
        ],
    },
];

/// A demo account: who it is and how to sign in as them.
pub struct DemoAccount {
    pub role: AccountRole,
    pub email: &'static str,
    pub name: &'static str,
    /// Demo only: printed at start and in the README, never used outside demo mode.
    pub password: &'static str,
}

/// The learner, mentor and administrator of demo mode.
pub const DEMO_ACCOUNTS: [DemoAccount; 3] = [
    DemoAccount {
        role: AccountRole::User,
        email: "learner@demo.mentorbridge.in",
        name: "Demo Learner",
        password: "Learner#2026",
    },
    DemoAccount {
        role: AccountRole::Mentor,
        email: "mentor@demo.mentorbridge.in",
        name: "Demo Mentor",
        password: "Mentor#2026",
    },
    DemoAccount {
        role: AccountRole::Admin,
        email: "admin@demo.mentorbridge.in",
        name: "Demo Admin",
        password: "Admin#2026",
    },
];

/// Creates the demo accounts that do not exist yet (active, with their
/// demo passwords) and links the demo mentor account to the first mentor
/// profile without an account. Returns how many were created.
pub async fn ensure_accounts(store: &Store, now: DateTime<Utc>) -> Result<usize, StoreError> {
    let mut created = 0;
    for account in &DEMO_ACCOUNTS {
        let email = Email::parse(account.email).map_err(|p| StoreError::Corrupt {
            what: "demo e-mail address",
            value: format!("{}: {}", account.email, p.message()),
        })?;
        let user = match store.user_by_email(&email).await {
            Ok(u) => u,
            Err(StoreError::NotFound) => {
                let hash = crate::auth::passwords::hash(account.password.to_owned())
                    .await
                    .map_err(|e| StoreError::Corrupt {
                        what: "demo password hash",
                        value: e.to_string(),
                    })?;
                let new = NewUser {
                    email: email.clone(),
                    name: account.name.to_owned(),
                    password_hash: Some(hash),
                    google_sub: None,
                    role: account.role,
                    is_active: true,
                    contact_number: Some("+919876543210".to_owned()),
                };
                let mut tx = store.begin().await?;
                match tx.create_user(&new, now).await {
                    Ok(u) => {
                        tx.commit().await?;
                        created += 1;
                        u
                    }
                    // Another process made it meanwhile.
                    Err(StoreError::Violation(_)) => {
                        drop(tx);
                        store.user_by_email(&email).await?
                    }
                    Err(e) => return Err(e),
                }
            }
            Err(e) => return Err(e),
        };
        if account.role == AccountRole::Mentor
            && user.mentor_id.is_none()
            && let Some(first) = store
                .list_mentors()
                .await?
                .iter()
                .find(|m| m.user_id.is_none())
        {
            let mut tx = store.begin().await?;
            tx.link_mentor(first.id, user.id).await?;
            tx.commit().await?;
        }
    }
    Ok(created)
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, HashSet};

    use chrono::{DateTime, NaiveDate, NaiveTime, TimeDelta, Utc};

    use super::catalogue;
    use crate::store::model::NewMentor;

    const CATEGORIES: [&str; 7] = [
        "Technology",
        "Business",
        "Leadership",
        "Management",
        "Marketing",
        "Mental Health",
        "Psychology",
    ];
    const DURATIONS: [i64; 5] = [15, 30, 45, 60, 90];
    /// The year the role histories were written against.
    const REFERENCE_YEAR: i64 = 2025;
    /// Real employers that may only appear as "ex-Name", never as a current job.
    const REAL_COMPANIES: [&str; 42] = [
        "Google",
        "Alphabet",
        "Microsoft",
        "Amazon",
        "AWS",
        "Flipkart",
        "Infosys",
        "TCS",
        "Wipro",
        "HCL",
        "Cognizant",
        "Accenture",
        "Deloitte",
        "KPMG",
        "PwC",
        "EY",
        "McKinsey",
        "BCG",
        "Bain",
        "Swiggy",
        "Zomato",
        "Razorpay",
        "Paytm",
        "PhonePe",
        "CRED",
        "Zerodha",
        "Freshworks",
        "Zoho",
        "Myntra",
        "Nykaa",
        "Ola",
        "Uber",
        "Meta",
        "Facebook",
        "Apple",
        "Netflix",
        "Oracle",
        "IBM",
        "Unilever",
        "HUL",
        "Ogilvy",
        "Reliance",
    ];

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2025, 3, 14).expect("valid date")
    }

    fn mentors() -> Vec<NewMentor> {
        catalogue(today())
    }

    fn category(m: &NewMentor) -> &str {
        m.expertise.first().map(String::as_str).unwrap_or_default()
    }

    fn first_price(m: &NewMentor) -> i64 {
        m.services
            .first()
            .expect("every mentor has a service")
            .price_paise
    }

    fn midnight(date: NaiveDate) -> DateTime<Utc> {
        date.and_time(NaiveTime::MIN).and_utc()
    }

    /// Sentences end in `.`, `!` or `?` followed by whitespace or the end.
    fn sentence_count(text: &str) -> usize {
        let chars: Vec<char> = text.chars().collect();
        chars
            .iter()
            .enumerate()
            .filter(|&(i, c)| {
                matches!(c, '.' | '!' | '?') && chars.get(i + 1).is_none_or(|n| n.is_whitespace())
            })
            .count()
    }

    /// Words naming a real company without the "ex-" prefix.
    fn real_company_claims(text: &str) -> Vec<String> {
        text.split(|c: char| c.is_whitespace() || matches!(c, ',' | '(' | ')' | ';' | ':' | '/'))
            .map(|word| {
                word.trim_end_matches('.')
                    .trim_end_matches("'s")
                    .trim_end_matches('\'')
            })
            .filter(|word| REAL_COMPANIES.contains(word))
            .map(str::to_owned)
            .collect()
    }

    #[test]
    fn test_helpers_spot_what_they_should() {
        assert_eq!(
            real_company_claims("Staff Engineer at Flipkart"),
            ["Flipkart"]
        );
        assert_eq!(
            real_company_claims("Architect (AWS), formerly at McKinsey's Delhi office."),
            ["AWS", "McKinsey"]
        );
        assert!(real_company_claims("Principal Data Scientist, ex-Flipkart").is_empty());
        assert!(real_company_claims("Olam and Olay are not Ola").len() == 1);
        assert_eq!(sentence_count("One. Two, with 2.5 GB! Three?"), 3);
        assert_eq!(sentence_count("No full stop"), 0);
    }

    #[test]
    fn catalogue_has_at_least_64_mentors() {
        let mentors = mentors();
        assert!(mentors.len() >= 64, "only {} mentors", mentors.len());
    }

    #[test]
    fn every_category_has_at_least_six_mentors() {
        let mentors = mentors();
        let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
        for m in &mentors {
            *counts.entry(category(m)).or_default() += 1;
        }
        for c in CATEGORIES {
            let n = counts.get(c).copied().unwrap_or(0);
            assert!(n >= 6, "{c} has only {n} mentors: {counts:?}");
        }
        assert_eq!(
            counts.len(),
            CATEGORIES.len(),
            "unexpected categories: {counts:?}"
        );
    }

    #[test]
    fn expertise_starts_with_category_and_has_two_to_four_entries() {
        for m in &mentors() {
            assert!(
                (2..=4).contains(&m.expertise.len()),
                "{}: {:?}",
                m.name,
                m.expertise
            );
            assert!(
                CATEGORIES.contains(&category(m)),
                "{}: first expertise {:?}",
                m.name,
                m.expertise
            );
            let unique: HashSet<&String> = m.expertise.iter().collect();
            assert_eq!(
                unique.len(),
                m.expertise.len(),
                "{}: duplicate expertise",
                m.name
            );
            assert!(
                m.expertise.iter().all(|e| !e.trim().is_empty()),
                "{}: empty expertise",
                m.name
            );
        }
    }

    #[test]
    fn cross_domain_mentors_are_present() {
        let mentors = mentors();
        let has = |needle: &str| {
            mentors
                .iter()
                .filter(|m| m.expertise.iter().any(|e| e.contains(needle)))
                .count()
        };
        for domain in [
            "Career Growth",
            "Freelancing",
            "Health & Fitness",
            "Academic",
            "Creative",
        ] {
            assert!(has(domain) >= 1, "no mentor covers {domain}");
        }
        assert!(has("Career Growth") + has("Freelancing") + has("Health & Fitness") >= 5);
    }

    #[test]
    fn names_are_unique_and_varied() {
        let mentors = mentors();
        let names: HashSet<&str> = mentors.iter().map(|m| m.name.as_str()).collect();
        assert_eq!(names.len(), mentors.len(), "duplicate names");
        assert!(
            mentors.iter().any(|m| !m.name.is_ascii()),
            "no name with a non-ASCII letter"
        );
        assert!(
            mentors
                .iter()
                .any(|m| m.name.starts_with("Dr. ") || m.name.starts_with("Prof. ")),
            "no name with a title"
        );
        assert!(
            mentors.iter().any(|m| m.name.contains('\'')),
            "no name with an apostrophe"
        );
        for m in &mentors {
            assert_eq!(m.name.trim(), m.name);
            assert!(
                m.name.split_whitespace().count() >= 2,
                "{} needs a surname",
                m.name
            );
        }
    }

    #[test]
    fn headlines_are_specific_and_claim_no_current_job_at_a_real_company() {
        for m in &mentors() {
            assert!(
                (15..=90).contains(&m.headline.chars().count()),
                "{}: headline {:?}",
                m.name,
                m.headline
            );
            for text in [m.headline.as_str(), m.bio.as_str()] {
                assert_eq!(
                    real_company_claims(text),
                    Vec::<String>::new(),
                    "{}: {text:?}",
                    m.name
                );
            }
            for role in &m.experience {
                let claims = real_company_claims(&format!("{} {}", role.company, role.description));
                assert_eq!(
                    claims,
                    Vec::<String>::new(),
                    "{}: role at {:?}",
                    m.name,
                    role.company
                );
            }
        }
        assert!(
            mentors().iter().any(|m| m.headline.contains("ex-")),
            "no ex- headline"
        );
    }

    #[test]
    fn ratings_are_varied_and_in_range() {
        let ratings: Vec<f64> = mentors().iter().map(|m| m.rating).collect();
        for &r in &ratings {
            assert!((0.0..=5.0).contains(&r), "rating {r}");
            assert!(
                ((r * 100.0).round() - r * 100.0).abs() < 1e-9,
                "rating {r} has more than two decimals"
            );
        }
        assert!(
            ratings.iter().filter(|&&r| r == 0.0).count() >= 4,
            "need 4 new mentors"
        );
        assert!(
            ratings.iter().filter(|&&r| r > 4.5).count() >= 10,
            "need 10 above 4.5"
        );
        assert!(ratings.contains(&4.5), "need one exactly 4.5");
        assert!(
            ratings.iter().filter(|&&r| (3.5..4.5).contains(&r)).count() >= 5,
            "need some in 3.5..4.5"
        );
        assert!(
            ratings
                .iter()
                .any(|&r| ((r * 10.0).round() - r * 10.0).abs() > 1e-9),
            "need a two-decimal rating"
        );
        let distinct: HashSet<u64> = ratings.iter().map(|r| r.to_bits()).collect();
        assert!(
            distinct.len() >= 15,
            "only {} distinct ratings",
            distinct.len()
        );
    }

    #[test]
    fn experience_years_are_varied() {
        let mentors = mentors();
        let years: Vec<i64> = mentors.iter().map(|m| m.experience_years).collect();
        assert!(years.iter().all(|y| (1..=30).contains(y)), "{years:?}");
        assert!(years.iter().filter(|&&y| y > 10).count() >= 8);
        assert!(years.iter().filter(|&&y| y > 15).count() >= 4);
        assert!(
            years.iter().filter(|&&y| y <= 5).count() >= 3,
            "need some early-career mentors"
        );
        let distinct: HashSet<i64> = years.iter().copied().collect();
        assert!(
            distinct.len() >= 15,
            "only {} distinct values",
            distinct.len()
        );
    }

    #[test]
    fn some_mentors_qualify_for_the_pro_badge() {
        let pro = mentors()
            .iter()
            .filter(|m| m.rating > 0.0 && m.rating <= 4.5 && m.experience_years > 10)
            .count();
        assert!(
            pro >= 3,
            "only {pro} reviewed mentors with rating <= 4.5 and over 10 years"
        );
    }

    #[test]
    fn experience_years_match_role_history() {
        for m in &mentors() {
            let first = m
                .experience
                .iter()
                .filter_map(|e| e.start_year)
                .min()
                .expect("a start year");
            let span = REFERENCE_YEAR - first;
            assert!(
                (span - m.experience_years).abs() <= 2,
                "{}: {} years but first role in {first}",
                m.name,
                m.experience_years
            );
        }
    }

    #[test]
    fn bios_are_two_to_four_real_sentences() {
        let mentors = mentors();
        let bios: HashSet<&str> = mentors.iter().map(|m| m.bio.as_str()).collect();
        assert_eq!(bios.len(), mentors.len(), "bios must not repeat");
        for m in &mentors {
            let n = sentence_count(&m.bio);
            assert!((2..=4).contains(&n), "{}: {n} sentences", m.name);
            assert!(
                m.bio.ends_with(['.', '!', '?']),
                "{}: unfinished bio",
                m.name
            );
            assert!(m.bio.len() >= 150, "{}: bio too short", m.name);
            let lower = m.bio.to_lowercase();
            for filler in ["lorem", "ipsum", "todo", "placeholder"] {
                assert!(!lower.contains(filler), "{}: {filler}", m.name);
            }
        }
    }

    #[test]
    fn images_and_user_ids_are_left_to_the_store() {
        for m in &mentors() {
            assert_eq!(m.image_url, None, "{}", m.name);
            assert!(
                !m.image_url
                    .as_deref()
                    .unwrap_or_default()
                    .starts_with("http")
            );
            assert_eq!(m.user_id, None, "{}", m.name);
        }
    }

    #[test]
    fn contact_uses_example_domains_only() {
        let mentors = mentors();
        let mut emails = HashSet::new();
        let mut phones = 0;
        for m in &mentors {
            let email: Vec<&str> = m
                .contact
                .iter()
                .filter(|(k, _)| k == "email")
                .map(|(_, v)| v.as_str())
                .collect();
            assert_eq!(email.len(), 1, "{}: exactly one email", m.name);
            for (kind, value) in &m.contact {
                match kind.as_str() {
                    "email" => {
                        let (local, domain) = value.split_once('@').expect("an address");
                        assert_eq!(domain, "mentors.example", "{value}");
                        assert!(!local.is_empty() && local.is_ascii(), "{value}");
                        assert!(emails.insert(value.clone()), "duplicate email {value}");
                    }
                    "website" => assert!(value.starts_with("https://example.com/"), "{value}"),
                    "phone" => {
                        phones += 1;
                        let rest = value
                            .strip_prefix("+91 98765 0")
                            .expect("fictitious prefix");
                        assert!(
                            rest.len() == 4 && rest.chars().all(|c| c.is_ascii_digit()),
                            "{value}"
                        );
                    }
                    other => panic!("{}: unexpected contact kind {other}", m.name),
                }
            }
        }
        assert!(
            mentors
                .iter()
                .any(|m| m.contact.iter().any(|(k, _)| k == "website"))
        );
        assert!(phones < mentors.len() / 2, "phones should be the exception");
    }

    #[test]
    fn social_links_use_fictitious_handles_on_real_networks() {
        for m in &mentors() {
            let networks: Vec<&str> = m.social_links.iter().map(|(n, _)| n.as_str()).collect();
            assert!(networks.contains(&"linkedin"), "{}: no linkedin", m.name);
            let unique: HashSet<&&str> = networks.iter().collect();
            assert_eq!(
                unique.len(),
                networks.len(),
                "{}: duplicate network",
                m.name
            );
            for (network, url) in &m.social_links {
                let host = match network.as_str() {
                    "linkedin" => "https://www.linkedin.com/in/",
                    "twitter" => "https://twitter.com/",
                    "github" => "https://github.com/",
                    other => panic!("{}: unexpected network {other}", m.name),
                };
                let handle = url.strip_prefix(host).expect("the network's host");
                assert!(
                    handle.ends_with("-demo") || handle.ends_with("_demo"),
                    "{url}"
                );
                assert!(
                    handle.is_ascii() && !handle.contains(['/', ' ', '.']),
                    "{url}"
                );
            }
            let is_tech = m.expertise.first().is_some_and(|e| e == "Technology");
            assert_eq!(
                networks.contains(&"github"),
                is_tech,
                "{}: github only for tech mentors",
                m.name
            );
        }
    }

    #[test]
    fn education_entries_are_plausible() {
        for m in &mentors() {
            assert!((1..=2).contains(&m.education.len()), "{}", m.name);
            for e in &m.education {
                assert!(
                    !e.degree.is_empty() && !e.institution.is_empty(),
                    "{}",
                    m.name
                );
                let year = e.year.expect("a year");
                assert!(
                    (1985..=REFERENCE_YEAR).contains(&year),
                    "{}: {year}",
                    m.name
                );
            }
        }
        let institutions: HashSet<String> = mentors()
            .iter()
            .flat_map(|m| m.education.iter().map(|e| e.institution.clone()))
            .collect();
        for known in [
            "IIT Madras",
            "IIM Ahmedabad",
            "NIMHANS, Bengaluru",
            "Tata Institute of Social Sciences",
        ] {
            assert!(institutions.contains(known), "missing {known}");
        }
    }

    #[test]
    fn experience_entries_are_well_formed() {
        for m in &mentors() {
            assert!((1..=3).contains(&m.experience.len()), "{}", m.name);
            let current = m.experience.iter().filter(|e| e.end_year.is_none()).count();
            assert_eq!(current, 1, "{}: exactly one current role", m.name);
            assert!(
                m.experience[0].end_year.is_none(),
                "{}: current role first",
                m.name
            );
            for e in &m.experience {
                let start = e.start_year.expect("a start year");
                assert!(start <= REFERENCE_YEAR, "{}", m.name);
                if let Some(end) = e.end_year {
                    assert!(
                        end >= start && end <= REFERENCE_YEAR,
                        "{}: {start}-{end}",
                        m.name
                    );
                }
                assert!(!e.title.is_empty() && !e.company.is_empty(), "{}", m.name);
                assert_eq!(
                    sentence_count(&e.description),
                    1,
                    "{}: {:?}",
                    m.name,
                    e.description
                );
            }
            let starts: Vec<i64> = m.experience.iter().filter_map(|e| e.start_year).collect();
            assert!(
                starts.windows(2).all(|w| w[0] >= w[1]),
                "{}: roles not most recent first",
                m.name
            );
        }
    }

    #[test]
    fn projects_are_optional_and_use_example_urls() {
        let mentors = mentors();
        for m in &mentors {
            assert!(m.projects.len() <= 2, "{}", m.name);
            for p in &m.projects {
                assert!(
                    !p.title.is_empty() && !p.description.is_empty(),
                    "{}",
                    m.name
                );
                if let Some(url) = &p.url {
                    assert!(url.starts_with("https://example.com/"), "{url}");
                }
            }
        }
        assert!(mentors.iter().any(|m| m.projects.is_empty()));
        assert!(mentors.iter().any(|m| !m.projects.is_empty()));
    }

    #[test]
    fn services_have_allowed_durations_and_prices() {
        for m in &mentors() {
            assert!((1..=3).contains(&m.services.len()), "{}", m.name);
            let titles: HashSet<&str> = m.services.iter().map(|s| s.title.as_str()).collect();
            assert_eq!(
                titles.len(),
                m.services.len(),
                "{}: duplicate service",
                m.name
            );
            for s in &m.services {
                assert!(
                    DURATIONS.contains(&s.duration_minutes),
                    "{}: {}",
                    m.name,
                    s.duration_minutes
                );
                assert!(s.price_paise >= 0, "{}", m.name);
                assert!(
                    !s.title.is_empty() && !s.description.is_empty(),
                    "{}",
                    m.name
                );
                if s.price_paise == 0 {
                    assert!(
                        s.duration_minutes <= 30,
                        "{}: free sessions are short",
                        m.name
                    );
                }
            }
        }
    }

    #[test]
    fn first_service_prices_are_spread() {
        let prices: Vec<i64> = mentors().iter().map(first_price).collect();
        let paid: Vec<i64> = prices.iter().copied().filter(|&p| p > 0).collect();
        assert!(
            prices.iter().filter(|&&p| p == 0).count() >= 8,
            "need 8 free first services"
        );
        let mid = paid
            .iter()
            .filter(|p| (49_900..=1_500_000).contains(*p))
            .count();
        assert!(
            mid * 2 > paid.len(),
            "most paid prices should be ₹499..₹15,000"
        );
        assert!(
            prices.iter().filter(|&&p| p >= 10_000_000).count() >= 3,
            "need 3 at ₹1,00,000+"
        );
        assert!(
            prices.iter().any(|p| p % 100 != 0),
            "need a price with paise"
        );
        assert!(prices.contains(&99_900), "need ₹999");
        assert!(prices.contains(&100_000), "need ₹1,000");
        assert!(
            paid.iter().all(|&p| p >= 49_900),
            "paid prices start at ₹499"
        );
    }

    #[test]
    fn slots_fall_in_the_next_fourteen_days_in_ist_working_hours() {
        let today = today();
        let window_start = midnight(today + TimeDelta::days(1));
        let window_end = midnight(today + TimeDelta::days(15));
        let earliest = NaiveTime::from_hms_opt(3, 30, 0).expect("valid time");
        let latest = NaiveTime::from_hms_opt(15, 30, 0).expect("valid time");
        for m in &mentors() {
            for s in &m.available_slots {
                assert!(
                    s.starts_at > midnight(today),
                    "{}: slot not in the future",
                    m.name
                );
                assert!(
                    s.starts_at >= window_start && s.ends_at <= window_end,
                    "{}: {s:?}",
                    m.name
                );
                assert!(s.ends_at > s.starts_at, "{}: {s:?}", m.name);
                assert_eq!(
                    s.starts_at.date_naive(),
                    s.ends_at.date_naive(),
                    "{}",
                    m.name
                );
                assert!(
                    s.starts_at.time() >= earliest && s.ends_at.time() <= latest,
                    "{}: {s:?}",
                    m.name
                );
            }
        }
    }

    #[test]
    fn slots_match_a_service_and_do_not_overlap() {
        for m in &mentors() {
            let durations: Vec<i64> = m.services.iter().map(|s| s.duration_minutes).collect();
            for s in &m.available_slots {
                let minutes = (s.ends_at - s.starts_at).num_minutes();
                assert!(
                    durations.contains(&minutes),
                    "{}: {minutes}-minute slot",
                    m.name
                );
            }
            for pair in m.available_slots.windows(2) {
                assert!(
                    pair[0].ends_at <= pair[1].starts_at,
                    "{}: overlapping or unsorted slots",
                    m.name
                );
            }
        }
    }

    #[test]
    fn slot_counts_vary_and_some_mentors_have_none() {
        let mentors = mentors();
        assert!(mentors.iter().all(|m| m.available_slots.len() <= 6));
        assert!(mentors.iter().any(|m| m.available_slots.is_empty()));
        assert!(mentors.iter().any(|m| m.available_slots.len() == 6));
        let bookable = mentors
            .iter()
            .filter(|m| !m.available_slots.is_empty())
            .count();
        assert!(
            bookable * 3 >= mentors.len() * 2,
            "only {bookable} mentors are bookable"
        );
    }

    #[test]
    fn catalogue_is_deterministic() {
        assert_eq!(catalogue(today()), catalogue(today()));
        let other = NaiveDate::from_ymd_opt(2031, 12, 25).expect("valid date");
        assert_eq!(catalogue(other), catalogue(other));
    }

    #[test]
    fn only_the_slots_depend_on_the_date() {
        let today = today();
        let tomorrow = today + TimeDelta::days(1);
        let strip = |mut ms: Vec<NewMentor>| {
            for m in &mut ms {
                m.available_slots.clear();
            }
            ms
        };
        assert_eq!(strip(catalogue(today)), strip(catalogue(tomorrow)));
        // The slots move with the date: the same offsets from the new day.
        for (a, b) in catalogue(today).iter().zip(catalogue(tomorrow).iter()) {
            assert_eq!(a.available_slots.len(), b.available_slots.len());
            for (x, y) in a.available_slots.iter().zip(&b.available_slots) {
                assert_eq!(y.starts_at - x.starts_at, TimeDelta::days(1));
                assert_eq!(y.ends_at - x.ends_at, TimeDelta::days(1));
            }
        }
    }

    #[test]
    fn categories_are_interleaved_in_catalogue_order() {
        let mentors = mentors();
        let first: HashSet<&str> = mentors
            .iter()
            .take(CATEGORIES.len())
            .map(category)
            .collect();
        assert_eq!(
            first.len(),
            CATEGORIES.len(),
            "the first page should show every category"
        );
    }
}
