import { Link } from "react-router";
import { notFoundShareTitle, notFoundTitle } from "../lib/domain";
import "./not-found.css";

/** The not-found page; its heading and title are the crate's (`data/pages.json`), as the server's 404 HTML. */
export function NotFoundPage() {
  return (
    <section className="status-page" aria-labelledby="not-found-title" data-testid="not-found">
      <title>{notFoundTitle()}</title>
      <div className="status-page__card">
        <p className="status-page__code" aria-hidden="true">
          404
        </p>
        <h1 id="not-found-title" className="status-page__title">
          {notFoundShareTitle()}
        </h1>
        <p className="status-page__text">
          The page you’re looking for doesn’t exist or has moved. Check the address, or pick up from one of these.
        </p>
        <div className="button-row">
          <Link className="btn btn--primary" to="/">
            Go to home
          </Link>
          <Link className="btn btn--secondary" to="/mentors">
            Browse mentors
          </Link>
        </div>
      </div>
    </section>
  );
}
