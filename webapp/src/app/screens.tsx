import type { ReactNode } from "react";
import { HomePage } from "../features/pages/HomePage";
import { PlaceholderPage } from "../features/pages/PlaceholderPage";
import { MentorExplorer } from "../features/mentors/MentorExplorer";
import { MentorsPage } from "../features/mentors/MentorsPage";

/** What the app shows for one pattern of the domain route table. */
export interface Screen {
  /** The human title, used in the document title and on placeholders. */
  title: string;
  render: () => ReactNode;
}

function placeholder(title: string, eyebrow: string, summary: string): Screen {
  return { title, render: () => <PlaceholderPage title={title} eyebrow={eyebrow} summary={summary} /> };
}

/**
 * One entry per pattern of `routes()` from the domain module, no more, no
 * fewer: `router.test.ts` holds the two lists together.
 */
export const SCREENS: Readonly<Record<string, Screen>> = {
  "/": { title: "Home", render: () => <HomePage explorer={<MentorExplorer />} /> },
  "/how-it-work": { title: "How it works", render: () => <HomePage explorer={<MentorExplorer />} /> },
  "/auth/login": placeholder("Sign in", "Account", "Sign in to book sessions and manage your bookings."),
  "/auth/register": placeholder("Create your account", "Account", "Join to book one-on-one sessions with mentors."),
  "/contact": placeholder("Contact us", "Support", "Questions about a booking, a refund or becoming a mentor? We reply within 24 hours."),
  "/mentors": { title: "Find your mentor", render: () => <MentorsPage /> },
  "/mentors/:idSlug": placeholder("Mentor profile", "Mentors", "Experience, services, prices and open slots of this mentor."),
  "/category/technology": { title: "Technology mentors", render: () => <MentorsPage /> },
  "/about": placeholder("About us", "Company", "Why we connect learners with experienced mentors, and how we choose them."),
  "/services": placeholder("Our services", "Company", "One-on-one mentoring, career guidance and business programmes."),
  "/privacy": placeholder("Privacy policy", "Legal", "How we collect, use and protect your personal data."),
  "/terms": placeholder("Terms & conditions", "Legal", "The terms that apply when you use the platform and book sessions."),
  "/refund": placeholder("Refund policy", "Legal", "When and how you can get your money back for a session."),
  "/sitemap": placeholder("Sitemap", "Company", "Every page of the site in one place."),
  "/become-mentor": placeholder("Become a mentor", "Mentors", "Apply to mentor: set your availability and prices, get paid for confirmed sessions."),
  "/why-become-mentor": placeholder("Why become a mentor", "Mentors", "Share what you know, grow your reach and earn on your own schedule."),
  "/b2b/corporate-mentoring": placeholder("Corporate mentoring", "For business", "Structured mentoring programmes for your teams."),
  "/b2b/ceo-talks": placeholder("CEO talks", "For business", "Executive talks from leaders who have built and scaled companies."),
  "/b2b/strategy-consulting": placeholder("Strategy consulting", "For business", "Senior advisers for your toughest strategic questions."),
  "/b2b/industry-mentoring": placeholder("Industry mentoring", "For business", "Mentors from your industry for your people."),
  "/b2b/startup-entrepreneurship": placeholder("Startup & entrepreneurship", "For business", "Founders and operators who help startups find their footing."),
  "/b2b/contact": placeholder("Get a custom quote", "For business", "Tell us what your organisation needs and we’ll tailor a programme."),
  "/activate/:uid/:token": placeholder("Activate your account", "Account", "Verify your e-mail address to start booking."),
  "/auth/forgot-password": placeholder("Forgot password", "Account", "We’ll e-mail you a link to choose a new password."),
  "/password/reset/confirm/:uid/:token": placeholder("Choose a new password", "Account", "Set a new password for your account."),
  "/auth/email-confirmation": placeholder("Confirmation", "Account", "Check your inbox for the next step."),
  "/auth/resend-verification": placeholder("Resend verification e-mail", "Account", "Didn’t get the activation e-mail? We’ll send it again."),
  "/booking-confirmation": placeholder("Booking confirmation", "Bookings", "The details of your booked session."),
  "/my-bookings": placeholder("My bookings", "Bookings", "Your upcoming and past sessions."),
  "/my-bookings/:id": placeholder("Booking details", "Bookings", "Everything about one of your sessions."),
  "/session-request/:requestId": placeholder("Session request", "Bookings", "The status of your session request."),
  "/session-confirmed/:sessionId": placeholder("Session confirmed", "Bookings", "Your session is booked. The meeting link is on its way."),
  "/session-request-pending/:requestId": placeholder("Request pending", "Bookings", "Your mentor will respond to your request soon."),
  "/session-payment-required/:requestId": placeholder("Payment required", "Bookings", "Complete payment to confirm your session."),
  "/session-request-cancelled/:requestId": placeholder("Request cancelled", "Bookings", "This session request was cancelled."),
  "/dashboard/user": placeholder("Your dashboard", "Dashboard", "Your sessions, mentors and profile at a glance."),
  "/dashboard/mentor": placeholder("Mentor dashboard", "Dashboard", "Your availability, bookings and earnings."),
  "/dashboard/admin": placeholder("Admin dashboard", "Dashboard", "Mentors, bookings and payments across the platform."),
  "/confirmation": placeholder("Confirmation", "Bookings", "Your request has been received."),
  "/auth/edit-profile": placeholder("Edit profile", "Account", "Update your name, photo and contact details."),
  "/complete-profile": placeholder("Complete your profile", "Account", "A few details so mentors know who they’re meeting."),
  "/feedback": placeholder("Session feedback", "Bookings", "Tell us how your session went."),
  "/feedbackform": placeholder("Session feedback", "Bookings", "Tell us how your session went."),
};
