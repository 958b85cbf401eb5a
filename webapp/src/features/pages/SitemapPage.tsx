import { Link } from "react-router";
import { siteName } from "../../lib/domain";
import type { IconName } from "../../components/icons";
import { Icon } from "../../components/icons";
import { Hero, StaticPage } from "./StaticKit";

interface SitemapLink {
  to: string;
  label: string;
  text: string;
  icon: IconName;
}

/** The links of SPEC §2 "Sitemap", grouped; nothing more, nothing less. */
export const SITEMAP_GROUPS: readonly { title: string; links: readonly SitemapLink[] }[] = [
  {
    title: "Get started",
    links: [
      { to: "/", label: "Home", text: "Mentors, categories and answers to common questions.", icon: "home" },
      { to: "/auth/login", label: "Login", text: "Sign in to book and manage your sessions.", icon: "login" },
      { to: "/auth/register", label: "Register", text: "Create a free account in a minute.", icon: "userPlus" },
    ],
  },
  {
    title: "Company",
    links: [
      { to: "/about", label: "About Us", text: `Our mission and how ${siteName()} vets mentors.`, icon: "users" },
      { to: "/services", label: "Our Services", text: "One-on-one sessions, guidance and business programmes.", icon: "layers" },
      { to: "/mentors", label: "Find Mentors", text: "Search every mentor by field, price and experience.", icon: "search" },
      { to: "/contact", label: "Contact Us", text: "Questions about bookings, refunds or mentoring.", icon: "message" },
    ],
  },
  {
    title: "Legal",
    links: [
      { to: "/privacy", label: "Privacy Policy", text: "What we collect and how we protect it.", icon: "lock" },
      { to: "/refund", label: "Refund Policy", text: "When and how you can get your money back.", icon: "refresh" },
      { to: "/terms", label: "Terms & Conditions", text: "The rules of using the platform.", icon: "file" },
    ],
  },
];

function descId(to: string): string {
  return `sitemap-desc${to.replace(/[^a-z]+/g, "-")}`;
}

function groupId(title: string): string {
  return `sitemap-${title.toLowerCase().replace(/\s+/g, "-")}`;
}

export default function SitemapPage() {
  return (
    <StaticPage testId="sitemap-page">
      <Hero tone="light" eyebrow="Sitemap" title="Sitemap" lead={`Every main page of ${siteName()} in one place.`} />
      <div className="container sp-sitemap">
        <nav aria-label="Sitemap" data-testid="sitemap-links">
          <div className="sp-sitemap__groups">
            {SITEMAP_GROUPS.map((group) => (
              <section key={group.title} className="sp-sitemap__group" aria-labelledby={groupId(group.title)}>
                <h2 id={groupId(group.title)} className="sp-sitemap__title">
                  {group.title}
                </h2>
                <ul className="sp-sitemap__list">
                  {group.links.map((link) => (
                    <li key={link.to} className="sp-sitemap__item">
                      <span className="sp-sitemap__icon">
                        <Icon name={link.icon} size={20} />
                      </span>
                      <span className="sp-sitemap__text">
                        <Link to={link.to} className="sp-sitemap__link stretched-link" aria-describedby={descId(link.to)}>
                          {link.label}
                        </Link>
                        <span id={descId(link.to)} className="sp-sitemap__desc">
                          {link.text}
                        </span>
                      </span>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </nav>
        <p className="sp-sitemap__help">
          Can’t find what you are looking for?{" "}
          <Link to="/contact" data-testid="sitemap-contact">
            Contact our team
          </Link>{" "}
          and we’ll point you in the right direction.
        </p>
      </div>
    </StaticPage>
  );
}
