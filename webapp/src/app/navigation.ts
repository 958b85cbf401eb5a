/** The links of the header and footer (SPEC §2 "Layout"). */
export interface NavLink {
  to: string;
  label: string;
}

export const MAIN_LINKS: readonly NavLink[] = [
  { to: "/", label: "Home" },
  { to: "/mentors", label: "Mentors" },
  { to: "/contact", label: "Contact" },
];

export const BUSINESS_LINKS: readonly NavLink[] = [
  { to: "/b2b/corporate-mentoring", label: "Corporate Mentoring" },
  { to: "/b2b/ceo-talks", label: "CEO Talks" },
  { to: "/b2b/strategy-consulting", label: "Strategy Consulting" },
  { to: "/b2b/industry-mentoring", label: "Industry Mentoring" },
  { to: "/b2b/startup-entrepreneurship", label: "Startup & Entrepreneurship" },
  { to: "/b2b/contact", label: "Get Custom Quote" },
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
