import { Link } from "react-router";
import { siteName } from "../lib/domain";

export function Logo({ tone = "dark" }: { tone?: "dark" | "light" }) {
  return (
    <Link to="/" className={`logo logo--${tone}`} aria-label={`${siteName()} home`}>
      <svg className="logo__mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id={`logo-g-${tone}`} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#6d28d9" />
            <stop offset="1" stopColor="#4338ca" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="9" fill={`url(#logo-g-${tone})`} />
        <path d="M7 21.5c3-6.5 6-9.5 9-9.5s6 3 9 9.5" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
        <circle cx="16" cy="9.5" r="2.6" fill="#fbbf24" />
      </svg>
      <span className="logo__text">{siteName()}</span>
    </Link>
  );
}
