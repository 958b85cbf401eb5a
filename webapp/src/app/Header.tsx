import { useEffect, useId, useState, type FocusEvent, type KeyboardEvent } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { countOf, useAttention, useAttentionRefresh, waitingLabel, type AttentionItem } from "../lib/attention";
import { useNotificationStream } from "../lib/notifications";
import { session, useSession } from "../lib/session";
import "./bell.css";
import { Logo } from "./Logo";
import { NotificationBell } from "./NotificationBell";
import { useDisclosure } from "./useDisclosure";
import { BUSINESS_LINKS, dashboardLinks, GET_STARTED, LOGOUT_LABEL, MAIN_LINKS, SIGN_IN, type DashboardLink } from "./navigation";

/** The count of waiting items beside a dashboard link, seen as a number; the link's name says it in words (`linkName`). */
function Count({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <span className="nav-count" aria-hidden="true" data-testid="attention-count">
      {count}
    </span>
  );
}

/** A dashboard link's accessible name with its count: "Mentor dashboard, 2 waiting for you" (undefined: the text alone). */
function linkName(link: DashboardLink, count: number): string | undefined {
  return count > 0 ? `${link.label}, ${waitingLabel(count)}` : undefined;
}

function linkCount(link: DashboardLink, items: readonly AttentionItem[]): number {
  return link.counts ? countOf(items, link.counts) : 0;
}

function Chevron() {
  return (
    <svg className="chevron" viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
      <path fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" d="M5.5 7.5L10 12l4.5-4.5" />
    </svg>
  );
}

/** The "Business" disclosure: a button that shows and hides a list of links. */
function BusinessMenu() {
  const { open, setOpen, rootRef, buttonRef, closeOnEscape, pathname } = useDisclosure();
  const panelId = useId();

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (closeOnEscape(event)) return;
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const links = Array.from(rootRef.current?.querySelectorAll<HTMLAnchorElement>(".dropdown__link") ?? []);
    if (links.length === 0) return;
    event.preventDefault();
    if (!open) setOpen(true);
    const index = links.indexOf(document.activeElement as HTMLAnchorElement);
    const step = event.key === "ArrowDown" ? 1 : -1;
    const next = index === -1 ? (step === 1 ? 0 : links.length - 1) : (index + step + links.length) % links.length;
    // The panel may have just opened: focus after it is shown.
    requestAnimationFrame(() => links[next]?.focus());
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  const active = pathname.startsWith("/b2b/");

  return (
    <div className="dropdown" ref={rootRef} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        className={`nav-link dropdown__toggle${active ? " is-active" : ""}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        Business
        <Chevron />
      </button>
      <div id={panelId} className="dropdown__panel" hidden={!open}>
        <p className="dropdown__heading">Mentoring for organisations</p>
        <ul>
          {BUSINESS_LINKS.map((link, i) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                className={`dropdown__link${i === BUSINESS_LINKS.length - 1 ? " dropdown__link--cta" : ""}`}
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/**
 * The phone menu: navigation first (the site's links, then the signed-in
 * person's dashboards with their counts, then the business links), and
 * the account's buttons last; Logout is a quiet button there, never the
 * menu's main one.
 */
function MobileMenu({ open, id, dashboards, items }: { open: boolean; id: string; dashboards: DashboardLink[] | null; items: readonly AttentionItem[] }) {
  const loggedIn = dashboards !== null;
  return (
    <div id={id} className="mobile-menu" hidden={!open}>
      <nav aria-label="Mobile">
        <ul className="mobile-menu__list">
          {MAIN_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end className="mobile-menu__link">
                {link.label}
              </NavLink>
            </li>
          ))}
          {(dashboards ?? []).map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end className="mobile-menu__link" aria-label={linkName(link, linkCount(link, items))}>
                {link.label}
                <Count count={linkCount(link, items)} />
              </NavLink>
            </li>
          ))}
        </ul>
        <p className="mobile-menu__heading">Business</p>
        <ul className="mobile-menu__list mobile-menu__list--sub">
          {BUSINESS_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} className="mobile-menu__link">
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="mobile-menu__actions">
          {loggedIn ? (
            <button type="button" className="btn btn--ghost btn--block mobile-menu__logout" onClick={() => session.logout()}>
              {LOGOUT_LABEL}
            </button>
          ) : (
            <>
              <Link to={SIGN_IN.to} className="btn btn--secondary btn--block">
                {SIGN_IN.label}
              </Link>
              <Link to={GET_STARTED.to} className="btn btn--primary btn--block">
                {GET_STARTED.label}
              </Link>
            </>
          )}
        </div>
      </nav>
    </div>
  );
}

export function Header({ overlay }: { overlay: boolean }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const { pathname } = useLocation();
  const snapshot = useSession();
  const loggedIn = snapshot.status === "user";
  const dashboards = snapshot.status === "user" ? dashboardLinks(snapshot.user?.role) : null;
  const items = useAttention();
  useAttentionRefresh(loggedIn, pathname);
  useNotificationStream(loggedIn);
  const waiting = loggedIn ? (dashboards ?? []).reduce((n, link) => n + linkCount(link, items), 0) : 0;

  useEffect(() => setMenuOpen(false), [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === "Escape") setMenuOpen(false);
    };
    const desktop = window.matchMedia("(min-width: 960px)");
    const onResize = () => {
      if (desktop.matches) setMenuOpen(false);
    };
    document.addEventListener("keydown", onKey);
    desktop.addEventListener("change", onResize);
    return () => {
      document.removeEventListener("keydown", onKey);
      desktop.removeEventListener("change", onResize);
    };
  }, [menuOpen]);

  const variant = overlay && !menuOpen ? "site-header--overlay" : "site-header--solid";

  return (
    <header className={`site-header ${variant}${menuOpen ? " is-menu-open" : ""}`}>
      <div className="container site-header__bar">
        <Logo tone={overlay && !menuOpen ? "light" : "dark"} />
        <nav className="site-nav" aria-label="Main">
          <ul className="site-nav__list">
            {MAIN_LINKS.slice(0, 2).map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end className={({ isActive }) => `nav-link${isActive ? " is-active" : ""}`}>
                  {link.label}
                </NavLink>
              </li>
            ))}
            <li>
              <BusinessMenu />
            </li>
            {MAIN_LINKS.slice(2).map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end className={({ isActive }) => `nav-link${isActive ? " is-active" : ""}`}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-header__actions">
          {loggedIn ? <NotificationBell /> : null}
          {dashboards ? (
            <>
              {dashboards.map((link) => (
                <NavLink
                  key={link.to}
                  to={link.to}
                  end
                  className={({ isActive }) => `nav-link site-header__signin${isActive ? " is-active" : ""}`}
                  aria-label={linkName(link, linkCount(link, items))}
                >
                  {link.label}
                  <Count count={linkCount(link, items)} />
                </NavLink>
              ))}
              <button type="button" className="btn btn--secondary site-header__cta site-header__logout" onClick={() => session.logout()}>
                {LOGOUT_LABEL}
              </button>
            </>
          ) : (
            <>
              <Link to={SIGN_IN.to} className="nav-link site-header__signin">
                {SIGN_IN.label}
              </Link>
              <Link to={GET_STARTED.to} className="btn btn--primary site-header__cta">
                {GET_STARTED.label}
              </Link>
            </>
          )}
          <button
            type="button"
            className="menu-toggle"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((o) => !o)}
          >
            <span className="sr-only">{menuOpen ? "Close menu" : waiting > 0 ? `Open menu, ${waitingLabel(waiting)}` : "Open menu"}</span>
            {waiting > 0 && !menuOpen ? (
              <span className="menu-toggle__count" aria-hidden="true" data-testid="menu-attention-count">
                {waiting}
              </span>
            ) : null}
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              {menuOpen ? (
                <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M6 6l12 12M18 6L6 18" />
              ) : (
                <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M4 7h16M4 12h16M4 17h16" />
              )}
            </svg>
          </button>
        </div>
      </div>
      <MobileMenu open={menuOpen} id={menuId} dashboards={dashboards} items={items} />
    </header>
  );
}
