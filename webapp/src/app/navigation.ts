/** The links of the header and footer (SPEC §2 "Layout"). */
import { routes, shareTitle } from "../lib/domain";

export interface NavLink {
  to: string;
  label: string;
}

export const MAIN_LINKS: readonly NavLink[] = [
  { to: "/", label: "Home" },
  { to: "/mentors", label: "Mentors" },
  { to: "/contact", label: "Contact" },
];

const QUOTE_PATH = "/b2b/contact";

/**
 * The business menu: every `/b2b/` programme screen of the route table, in
 * its order, named by its title in pages.json, then the quote form. Both
 * come from the home page's module (the programme list itself is in the
 * on-demand module, which the header on every page must not wait for).
 */
export const BUSINESS_LINKS: readonly NavLink[] = [
  ...routes()
    .filter((route) => route.pattern.startsWith("/b2b/") && route.pattern !== QUOTE_PATH)
    .map((route) => ({ to: route.pattern, label: shareTitle(route.pattern) })),
  { to: QUOTE_PATH, label: "Get Custom Quote" },
];

export const COMPANY_LINKS: readonly NavLink[] = [
  { to: "/about", label: "About Us" },
  { to: "/services", label: "Our Services" },
  { to: "/mentors", label: "Find Mentors" },
  { to: "/contact", label: "Contact Us" },
];

export const LEGAL_LINKS: readonly NavLink[] = [
  { to: "/privacy", label: "Privacy Policy" },
  { to: "/terms", label: "Terms & Conditions" },
  { to: "/sitemap", label: "Sitemap" },
];

export const SIGN_IN: NavLink = { to: "/auth/login", label: "Sign In" };
export const GET_STARTED: NavLink = { to: "/auth/register", label: "Get Started" };
/** Shown instead of Sign In / Get Started when logged in, with a Logout button. */
export const PROFILE: NavLink = { to: "/dashboard/user", label: "Profile" };
export const LOGOUT_LABEL = "Logout";
/** Beside Profile for mentors (issue 21). */
export const MENTOR_DASHBOARD: NavLink = { to: "/dashboard/mentor", label: "Mentor dashboard" };
/** Beside Profile for administrators (issue 21): the admin dashboard is linked from here. */
export const ADMIN_DASHBOARD: NavLink = { to: "/dashboard/admin", label: "Admin" };

/** A dashboard link of the header, and which waiting items it counts (`GET /api/me/attention/`'s kinds). */
export interface DashboardLink extends NavLink {
  counts?: "pay" | "answer_request";
}

/**
 * The dashboards a signed-in person sees in the header, in order: SPEC §2's
 * Profile (the learner's dashboard, counting sessions to pay for) for
 * everyone, then a mentor's dashboard (counting requests to answer) or an
 * administrator's.
 */
export function dashboardLinks(role: string | undefined): DashboardLink[] {
  const links: DashboardLink[] = [{ ...PROFILE, counts: "pay" }];
  if (role === "mentor") links.push({ ...MENTOR_DASHBOARD, counts: "answer_request" });
  else if (role === "admin") links.push(ADMIN_DASHBOARD);
  return links;
}
