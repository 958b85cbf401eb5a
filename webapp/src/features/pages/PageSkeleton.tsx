import "./pages.css";

/**
 * Shown while a static page's code loads (they are separate chunks): the
 * outline of a hero and a few lines of text. It appears only when loading
 * takes a moment, so fast loads do not flash.
 */
export function PageSkeleton() {
  return (
    <div className="page-skeleton" role="status" data-testid="page-skeleton">
      <span className="sr-only">Loading…</span>
      <div className="page-skeleton__hero" aria-hidden="true">
        <div className="container">
          <div className="skeleton page-skeleton__eyebrow" />
          <div className="skeleton page-skeleton__title" />
          <div className="skeleton page-skeleton__line" />
          <div className="skeleton page-skeleton__line page-skeleton__line--short" />
        </div>
      </div>
      <div className="container page-skeleton__body" aria-hidden="true">
        <div className="skeleton page-skeleton__block" />
        <div className="skeleton page-skeleton__block" />
        <div className="skeleton page-skeleton__block" />
      </div>
    </div>
  );
}
