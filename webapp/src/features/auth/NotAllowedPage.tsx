import { Link } from "react-router";
import { pageTitle } from "../../lib/domain";
import type { User } from "../../lib/session";
import "./not-allowed.css";

type Role = User["role"];

/** How the page names each kind of account. */
const ACCOUNT: Record<Role, { name: string; withArticle: string }> = {
  user: { name: "learner", withArticle: "a learner" },
  mentor: { name: "mentor", withArticle: "a mentor" },
  admin: { name: "administrator", withArticle: "an administrator" },
};

/** Each role's own dashboard (SPEC §2). */
const DASHBOARD: Record<Role, string> = {
  user: "/dashboard/user",
  mentor: "/dashboard/mentor",
  admin: "/dashboard/admin",
};

function either(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} or ${names[names.length - 1] ?? ""}`;
}

export interface NotAllowedPageProps {
  /** Who the page is for. */
  roles: readonly Role[];
  /** The signed-in user, or null when their account could not be read. */
  user: User | null;
}

/** What a signed-in user sees on a screen of another role (`RequireRole`). */
export default function NotAllowedPage({ roles, user }: NotAllowedPageProps) {
  const wanted = either(roles.map((r) => ACCOUNT[r].name));
  return (
    <section className="not-allowed" aria-labelledby="not-allowed-title" data-testid="not-allowed">
      <title>{pageTitle("Access Denied")}</title>
      <div className="not-allowed__card">
        <span className="not-allowed__icon" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="32" height="32" focusable="false">
            <rect x="4.5" y="10.5" width="15" height="10" rx="2.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
            <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            <circle cx="12" cy="15.5" r="1.5" fill="currentColor" />
          </svg>
        </span>
        <p className="not-allowed__eyebrow">Access denied</p>
        <h1 id="not-allowed-title" className="not-allowed__title">
          You don’t have access to this page
        </h1>
        <p className="not-allowed__text" data-testid="not-allowed-reason">
          This page is for {wanted} accounts only.
          {user ? (
            <>
              {" "}
              You’re signed in as <strong>{user.name.trim() || user.email}</strong> with {ACCOUNT[user.role].withArticle} account.
            </>
          ) : null}
        </p>
        <div className="button-row">
          {user ? (
            <Link className="btn btn--primary" to={DASHBOARD[user.role]}>
              Go to your dashboard
            </Link>
          ) : null}
          <Link className={user ? "btn btn--secondary" : "btn btn--primary"} to="/">
            Back to home
          </Link>
        </div>
        <ul className="not-allowed__help">
          {user?.role === "user" && roles.includes("mentor") ? (
            <li>
              Want to share what you know? <Link to="/become-mentor">Apply to become a mentor</Link>.
            </li>
          ) : null}
          <li>
            Think you should have access? <Link to="/contact">Contact support</Link>.
          </li>
        </ul>
      </div>
    </section>
  );
}
