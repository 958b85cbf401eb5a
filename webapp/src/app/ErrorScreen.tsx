import { useRouteError } from "react-router";
import { pageTitle } from "../lib/domain";
import { useFirstScreenDone } from "../lib/first-screen";
import "./layout.css";

/** The full-screen fallback when a screen throws (SPEC §2: "Oops! Something went wrong."). */
export function ErrorScreen() {
  // Whatever the server drew gives way to the error.
  useFirstScreenDone();
  return (
    <main className="error-screen" data-testid="error-screen">
      <title>{pageTitle("Something went wrong")}</title>
      <div className="error-screen__card" role="alert">
        <svg viewBox="0 0 48 48" width="56" height="56" aria-hidden="true" focusable="false">
          <circle cx="24" cy="24" r="21" fill="#fef3c7" />
          <path d="M24 13v14" stroke="#b45309" strokeWidth="3.5" strokeLinecap="round" />
          <circle cx="24" cy="34" r="2.3" fill="#b45309" />
        </svg>
        <h1>Oops! Something went wrong.</h1>
        <p>An unexpected error stopped this page from loading. Reload to try again, or go back to the home page.</p>
        <div className="button-row button-row--center">
          <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
            Reload page
          </button>
          {/* A full page load: the app's state may be what broke. */}
          <a className="btn btn--secondary" href="/">
            Go to home
          </a>
        </div>
      </div>
    </main>
  );
}

/** The router's error element: logs the error, then shows the error screen. */
export function RouteErrorScreen() {
  const error = useRouteError();
  console.error("Unhandled error while rendering a screen:", error);
  return <ErrorScreen />;
}
