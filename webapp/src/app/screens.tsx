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
import { ApplySection } from "../features/apply";
import { BookingPage, BookingReview, ConfirmationPage, FeedbackPage, MyBookingsPage } from "../features/bookings";
import { HomePage } from "../features/home";
import { MentorDashboardPage } from "../features/mentor-dashboard";
import { UserDashboardPage } from "../features/user-dashboard";
import { ListingScreenSkeleton, MentorExplorer, MentorProfilePage, MentorsPage, ProfileScreenSkeleton } from "../features/mentors";
import {
  AboutPage,
  BecomeMentorPage,
  BusinessPage,
  ContactPage,
  PageSkeleton,
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
 * A mentor's page with the booking review a chosen time opens (mentors and
 * bookings are separate features). `timeZone` shows times in that zone
 * instead of the viewer's (tests).
 */
export function MentorProfileScreen({ timeZone }: { timeZone?: string }) {
  return <MentorProfilePage timeZone={timeZone} bookingReview={BookingReview} />;
}

/** The become-mentor page with the mentor application composed in (pages and apply are separate features). */
function BecomeMentorScreen() {
  return <BecomeMentorPage applyForm={<ApplySection />} />;
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
        <MentorProfileScreen />
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
  "/become-mentor": staticScreen("Become a Mentor", BecomeMentorScreen),
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
  "/booking-confirmation": lazyScreen("Booking confirmation", ConfirmationPage),
  "/my-bookings": lazyScreen("My bookings", MyBookingsPage),
  "/my-bookings/:id": lazyScreen("Booking details", BookingPage),
  "/session-request/:requestId": lazyScreen("Session request", BookingPage),
  "/session-confirmed/:sessionId": lazyScreen("Session confirmed", BookingPage),
  "/session-request-pending/:requestId": lazyScreen("Request pending", BookingPage),
  "/session-payment-required/:requestId": lazyScreen("Payment required", BookingPage),
  "/session-request-cancelled/:requestId": lazyScreen("Request cancelled", BookingPage),
  "/dashboard/user": lazyScreen("Your dashboard", UserDashboardPage),
  "/dashboard/mentor": forRoles(["mentor"], lazyScreen("Mentor dashboard", MentorDashboardPage)),
  "/dashboard/admin": forRoles(["admin"], lazyScreen("Admin dashboard", AdminDashboardPage)),
  "/confirmation": lazyScreen("Confirmation", ConfirmationPage),
  "/auth/edit-profile": lazyScreen("Edit profile", EditProfilePage),
  "/complete-profile": lazyScreen("Complete your profile", CompleteProfilePage),
  "/feedback": lazyScreen("Session feedback", FeedbackPage),
  "/feedbackform": lazyScreen("Session feedback", FeedbackPage),
};
