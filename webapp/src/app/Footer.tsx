import { Link } from "react-router";
import { siteName } from "../lib/domain";
import { Logo } from "./Logo";
import { BUSINESS_LINKS, COMPANY_LINKS, LEGAL_LINKS, type NavLink } from "./navigation";

function Column({ title, links }: { title: string; links: readonly NavLink[] }) {
  return (
    <nav className="site-footer__column" aria-label={title}>
      <h2 className="site-footer__heading">{title}</h2>
      <ul>
        {links.map((link) => (
          <li key={link.to + link.label}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <Logo tone="light" />
          <p>
            One-on-one video sessions with experienced mentors in career, business, technology, health, academics,
            freelancing and the creative fields.
          </p>
          <ul className="site-footer__assurances">
            <li>Secure payments: UPI, cards, net banking, wallets</li>
            <li>Full refund or reschedule if a mentor misses a session</li>
          </ul>
        </div>
        <Column title="Company" links={COMPANY_LINKS} />
        <Column title="For business" links={BUSINESS_LINKS} />
        <Column title="Legal" links={LEGAL_LINKS} />
      </div>
      <div className="site-footer__bottom">
        <div className="container site-footer__bottom-inner">
          <p>
            © {year} {siteName()}. All rights reserved.
          </p>
          <p>Made in India for learners everywhere.</p>
        </div>
      </div>
    </footer>
  );
}
