//! The documented API: one `#[OpenApi]` impl per tag, or per flow for the
//! accounts (`accounts/`). Handlers parse the request, call one use case
//! (`crate::accounts`, `crate::site`) and map its error to an answer.

pub mod accounts;
pub mod admin_commission;
pub mod applications;
pub mod attention;
pub mod bookings;
pub mod disputes;
pub mod explorer;
pub mod ledger;
pub mod media;
pub mod mentor;
pub mod mentors;
pub mod notifications;
pub mod payments;
pub mod payouts;
pub mod receipts;
pub mod refunds;
pub mod reviews;
pub mod site;
pub mod webhooks;

use std::sync::Arc;

use poem_openapi::{OpenApiService, Tags};

use crate::state::AppState;

#[derive(Tags)]
pub enum ApiTags {
    /// The public mentor catalogue.
    Mentors,
    /// Accounts: registration, sign-in, tokens, password reset and profile.
    Accounts,
    /// The public site: home-page figures, the contact and custom-quote forms.
    Site,
    /// Becoming a mentor: applications, their photo, and their status.
    MentorApplications,
    /// A mentor's own profile, photo, services and availability.
    MentorDashboard,
    /// Operations for administrators: the applications queue and the commission.
    Admin,
    /// Booking sessions: requests, answers, changes, no-shows and feedback.
    Bookings,
    /// Paying for a booking: the checkout, its verification, the gateway's
    /// webhooks and the built-in sandbox gateway.
    Payments,
    /// In-app notifications: the list, the unread count, read marks, e-mail
    /// preferences and the live stream.
    Notifications,
}

/// An operation's answers plus the 403 of a role-limited operation
/// (`admin` or `mentor`), documented with the role it needs.
macro_rules! role_answers {
    (admin, $name:ident { $($body:tt)* }) => {
        $crate::routes::role_answers!(@ "Signed in, but not as an administrator.", $name { $($body)* });
    };
    (mentor, $name:ident { $($body:tt)* }) => {
        $crate::routes::role_answers!(@ "Signed in, but not as a mentor with a profile.", $name { $($body)* });
    };
    (@ $forbidden:literal, $name:ident { $($body:tt)* }) => {
        #[derive(poem_openapi::ApiResponse)]
        pub enum $name {
            $($body)*
            #[doc = $forbidden]
            #[oai(status = 403)]
            Forbidden(poem_openapi::payload::Json<$crate::error::Detail>),
        }
    };
}
pub(crate) use role_answers;

/// The value of a role check (`Caller::require_admin`, `require_mentor`),
/// or a return of the operation's own documented 403 answer.
macro_rules! or_forbidden {
    ($check:expr, $answer:ident) => {
        match $check {
            Ok(value) => value,
            Err(_) => {
                return Ok($answer::Forbidden(poem_openapi::payload::Json(
                    $crate::error::Detail::not_permitted(),
                )));
            }
        }
    };
}
pub(crate) use or_forbidden;

/// Every documented API, one per tag or resource.
pub type Apis = (
    mentors::MentorsApi,
    reviews::ReviewsApi,
    explorer::ExplorerApi,
    site::SiteApi,
    accounts::registration::RegistrationApi,
    accounts::session::SessionApi,
    accounts::password::PasswordApi,
    accounts::google::GoogleApi,
    applications::ApplicationsApi,
    applications::AdminApplicationsApi,
    mentor::MentorDashboardApi,
    admin_commission::AdminCommissionApi,
    media::MediaApi,
    accounts::profile::ProfileApi,
    bookings::BookingsApi,
    // A tuple takes at most 16 APIs; a tuple of APIs is an API itself.
    (
        payments::PaymentsApi,
        ledger::AdminLedgerApi,
        receipts::ReceiptsApi,
        refunds::RefundsApi,
        payouts::MentorPayoutsApi,
        payouts::AdminPayoutsApi,
        disputes::DisputesApi,
        notifications::NotificationsApi,
        webhooks::AdminWebhooksApi,
    ),
);

pub fn service(state: Arc<AppState>) -> OpenApiService<Apis, ()> {
    OpenApiService::new(
        (
            mentors::MentorsApi {
                state: state.clone(),
            },
            reviews::ReviewsApi {
                state: state.clone(),
            },
            explorer::ExplorerApi {
                state: state.clone(),
            },
            site::SiteApi {
                state: state.clone(),
            },
            accounts::registration::RegistrationApi(accounts::Accounts {
                state: state.clone(),
            }),
            accounts::session::SessionApi(accounts::Accounts {
                state: state.clone(),
            }),
            accounts::password::PasswordApi(accounts::Accounts {
                state: state.clone(),
            }),
            accounts::google::GoogleApi(accounts::Accounts {
                state: state.clone(),
            }),
            applications::ApplicationsApi {
                state: state.clone(),
            },
            applications::AdminApplicationsApi {
                state: state.clone(),
            },
            mentor::MentorDashboardApi {
                state: state.clone(),
            },
            admin_commission::AdminCommissionApi {
                state: state.clone(),
            },
            media::MediaApi {
                state: state.clone(),
            },
            accounts::profile::ProfileApi(accounts::Accounts {
                state: state.clone(),
            }),
            bookings::BookingsApi {
                state: state.clone(),
            },
            (
                payments::PaymentsApi {
                    state: state.clone(),
                },
                ledger::AdminLedgerApi {
                    state: state.clone(),
                },
                receipts::ReceiptsApi {
                    state: state.clone(),
                },
                refunds::RefundsApi {
                    state: state.clone(),
                },
                payouts::MentorPayoutsApi {
                    state: state.clone(),
                },
                payouts::AdminPayoutsApi {
                    state: state.clone(),
                },
                disputes::DisputesApi {
                    state: state.clone(),
                },
                notifications::NotificationsApi {
                    state: state.clone(),
                },
                webhooks::AdminWebhooksApi { state },
            ),
        ),
        "Mentorship marketplace API",
        env!("CARGO_PKG_VERSION"),
    )
    .description(
        "Find mentors and book one-on-one video sessions. Errors are JSON objects \
         `{\"detail\": \"...\"}`; prices are rupees (`price`) with the exact amount in paise (`price_paise`).",
    )
}
