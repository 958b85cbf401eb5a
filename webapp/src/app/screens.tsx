import { Suspense, type ComponentType, type ReactNode } from "react";
import {
  ActivatePage,
  CompleteProfilePage,
  EditProfilePage,
  EmailConfirmationPage,
  ForgotPasswordPage,
  LoginPage,
  RegisterPage,
  ResendVerificationPage,
  RequireRole,
  ResetPasswordPage,
  type Role,
} from "../features/auth";
import { AdminDashboardPage } from "../features/admin";
import { HomePage } from "../features/home";
import { MentorDashboardPage } from "../features/mentor-dashboard";
import { ListingScreenSkeleton, MentorExplorer, MentorProfilePage, MentorsPage, ProfileScreenSkeleton } from "../features/mentors";
import {
  AboutPage,
  BecomeMentorPage,
  BusinessPage,
  ContactPage,
  PageSkeleton,
  PlaceholderPage,
  PrivacyPage,
  QuotePage,
  RefundPage,
  ServicesPage,
  SitemapPage,
  TermsPage,
  WhyBecomeMentorPage,
} from "../features/pages";

/** What the app shows for one pattern of the domain route table. */
export interface Screen {
  /** The human title, shown on placeholders (document titles come from pages.json: components/RouteTitle). */
  title: string;
  render: () => ReactNode;
}

function placeholder(title: string, eyebrow: string, summary: string): Screen {
  return { title, render: () => <PlaceholderPage title={title} eyebrow={eyebrow} summary={summary} /> };
}

/** A screen for some roles only (the mentor and admin dashboards): others see the not-allowed page. */
function forRoles(roles: readonly Role[], screen: Screen): Screen {
  return { title: screen.title, render: () => <RequireRole roles={roles}>{screen.render()}</RequireRole> };
}

/* The account screens, the listing and profile, and the static pages are separate chunks (see each feature's index). */

function ScreenLoading() {
  return (
    <div className="screen-loading" role="status" data-testid="screen-loading">
      <span className="screen-loading__spinner" aria-hidden="true" />
      Loading…
    </div>
  );
}

function lazyScreen(title: string, Component: ComponentType): Screen {
  return {
    title,
    render: () => (
      <Suspense fallback={<ScreenLoading />}>
        <Component />
      </Suspense>
    ),
  };
}

function staticScreen(title: string, Component: ComponentType): Screen {
  return {
    title,
    render: () => (
      <Suspense fallback={<PageSkeleton />}>
        <Component />
      </Suspense>
    ),
  };
}

/**
 * One entry per pattern of `routes()` from the domain module, no more, no
 * fewer: `router.test.ts` holds the two lists together.
 */
export const SCREENS: Readonly<Record<string, Screen>> = {
  "/": { title: "Home", render: () => <HomePage explorer={<MentorExplorer />} /> },
  "/how-it-work": { title: "How it works", render: () => <HomePage explorer={<MentorExplorer />} /> },
  "/auth/login": lazyScreen("Sign in", LoginPage),
  "/auth/register": lazyScreen("Create your account", RegisterPage),
  "/contact": staticScreen("Contact Us", ContactPage),
  "/mentors": {
    title: "Find your mentor",
    render: () => (
      <Suspense fallback={<ListingScreenSkeleton />}>
        <MentorsPage />
      </Suspense>
    ),
  },
  "/mentors/:idSlug": {
    title: "Mentor profile",
    render: () => (
      <Suspense fallback={<ProfileScreenSkeleton />}>
        <MentorProfilePage />
      </Suspense>
    ),
  },
  "/category/technology": {
    title: "Technology mentors",
    render: () => (
      <Suspense fallback={<ListingScreenSkeleton />}>
        <MentorsPage
          title="Technology mentors"
          defaultCategory="technology"
          lead="Engineers, data scientists, architects and security specialists who have shipped at scale. Book a one-on-one session for code reviews, system design, career moves or interview practice."
        />
      </Suspense>
    ),
  },
  "/about": staticScreen("About Us", AboutPage),
  "/services": staticScreen("Our Services", ServicesPage),
  "/privacy": staticScreen("Privacy Policy", PrivacyPage),
  "/terms": staticScreen("Terms & Conditions", TermsPage),
  "/refund": staticScreen("Refund Policy", RefundPage),
  "/sitemap": staticScreen("Sitemap", SitemapPage),
  "/become-mentor": staticScreen("Become a Mentor", BecomeMentorPage),
  "/why-become-mentor": staticScreen("Why Become a Mentor", WhyBecomeMentorPage),
  "/b2b/corporate-mentoring": staticScreen("Corporate Mentoring", BusinessPage),
  "/b2b/ceo-talks": staticScreen("CEO Talks", BusinessPage),
  "/b2b/strategy-consulting": staticScreen("Strategy Consulting", BusinessPage),
  "/b2b/industry-mentoring": staticScreen("Industry Mentoring", BusinessPage),
  "/b2b/startup-entrepreneurship": staticScreen("Startup & Entrepreneurship", BusinessPage),
  "/b2b/contact": staticScreen("Get a Custom Quote", QuotePage),
  "/activate/:uid/:token": lazyScreen("Activate your account", ActivatePage),
  "/auth/forgot-password": lazyScreen("Forgot password", ForgotPasswordPage),
  "/password/reset/confirm/:uid/:token": lazyScreen("Choose a new password", ResetPasswordPage),
  "/auth/email-confirmation": lazyScreen("Confirmation", EmailConfirmationPage),
  "/auth/resend-verification": lazyScreen("Resend verification e-mail", ResendVerificationPage),
  "/booking-confirmation": placeholder("Booking confirmation", "Bookings", "The details of your booked session."),
  "/my-bookings": placeholder("My bookings", "Bookings", "Your upcoming and past sessions."),
  "/my-bookings/:id": placeholder("Booking details", "Bookings", "Everything about one of your sessions."),
  "/session-request/:requestId": placeholder("Session request", "Bookings", "The status of your session request."),
  "/session-confirmed/:sessionId": placeholder("Session confirmed", "Bookings", "Your session is booked. The meeting link is on its way."),
  "/session-request-pending/:requestId": placeholder("Request pending", "Bookings", "Your mentor will respond to your request soon."),
  "/session-payment-required/:requestId": placeholder("Payment required", "Bookings", "Complete payment to confirm your session."),
  "/session-request-cancelled/:requestId": placeholder("Request cancelled", "Bookings", "This session request was cancelled."),
  "/dashboard/user": placeholder("Your dashboard", "Dashboard", "Your sessions, mentors and profile at a glance."),
  "/dashboard/mentor": forRoles(["mentor"], lazyScreen("Mentor dashboard", MentorDashboardPage)),
  "/dashboard/admin": forRoles(["admin"], lazyScreen("Admin dashboard", AdminDashboardPage)),
  "/confirmation": placeholder("Confirmation", "Bookings", "Your request has been received."),
  "/auth/edit-profile": lazyScreen("Edit profile", EditProfilePage),
  "/complete-profile": lazyScreen("Complete your profile", CompleteProfilePage),
  "/feedback": placeholder("Session feedback", "Bookings", "Tell us how your session went."),
  "/feedbackform": placeholder("Session feedback", "Bookings", "Tell us how your session went."),
};
