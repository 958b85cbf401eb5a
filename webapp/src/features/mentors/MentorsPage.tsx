import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { cardLabels, type CardLabels, listingCategories, searchDebounceMs, shownPrice, sorts } from "../../lib/domain";
import { RouteTitle } from "../../components/RouteTitle";
import { useFirstScreenDone } from "../../lib/first-screen";
import { portraitUrl, reviewCount, textField, type Mentor } from "../../lib/api/mentors";
import {
  applyQuery,
  categoryCounts,
  indexMentors,
  isFiltered,
  readQuery,
  writeQuery,
  type ListingQuery,
  type SortId,
} from "./listing";
import { LoadError } from "./LoadError";
import { MentorCard, SkeletonCard } from "../../components/MentorCard";
import { useMentors } from "../../lib/useMentors";
import "../../components/mentors.css";
import "./listing.css";

const SKELETON_COUNT = 8;

interface LabelledMentor {
  mentor: Mentor;
  labels: CardLabels;
  /** The shown price (`shownPrice`). */
  price: number;
}

/**
 * Pairs each mentor with its card labels. The domain module refuses input no
 * mentor can have (a fractional id, a negative price), and a card needs a
 * numeric id for its link; such an item is left out rather than taking the
 * whole list down.
 */
function labelMentors(mentors: readonly Mentor[]): LabelledMentor[] {
  return mentors.flatMap((mentor) => {
    try {
      if (typeof mentor.id !== "number") throw new TypeError(`id ${JSON.stringify(mentor.id)} is not a number`);
      const price = shownPrice(mentor.services.map((s) => s.price));
      return [{ mentor, labels: cardLabels(mentor.id, mentor.name, mentor.rating, reviewCount(mentor), mentor.experience_years, price), price }];
    } catch (error) {
      console.warn(`Mentor ${String(mentor.id)} left out:`, error);
      return [];
    }
  });
}

function MentorGrid({ items }: { items: readonly LabelledMentor[] }) {
  return (
    <ul className="mentor-grid" aria-label="Mentors">
      {items.map(({ mentor, labels, price }) => (
        <li key={String(mentor.id)}>
          <MentorCard
            name={mentor.name}
            headline={textField(mentor, "headline")}
            expertise={mentor.expertise}
            imageUrl={portraitUrl(mentor)}
            labels={labels}
            price={price}
          />
        </li>
      ))}
    </ul>
  );
}

/* ---------- The view in the URL ---------- */

type Update = (patch: Partial<ListingQuery>, options?: { replace?: boolean }) => void;

/**
 * The listing's view read from `?q=&category=&sort=&free=1`, and a way to
 * change it. A control's change renders at once (`flushSync`) rather than in
 * a transition, so a clicked chip or switch never flicks back to its old
 * state while the new list renders.
 */
function useListingQuery(defaultCategory: string): { query: ListingQuery; update: Update; clear: () => void } {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readQuery(params, defaultCategory), [params, defaultCategory]);
  const update = useCallback<Update>(
    (patch, options) =>
      setParams((current) => writeQuery({ ...readQuery(current, defaultCategory), ...patch }, defaultCategory), {
        replace: options?.replace ?? false,
        preventScrollReset: true,
        flushSync: true,
      }),
    [setParams, defaultCategory],
  );
  const clear = useCallback(() => setParams(new URLSearchParams(), { preventScrollReset: true, flushSync: true }), [setParams]);
  return { query, update, clear };
}

/* ---------- Controls ---------- */

function SearchIcon() {
  return (
    <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="9" cy="9" r="5.75" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M13.5 13.5L17 17" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The search box. What is typed shows at once; the list (and the URL)
 * follow after a pause in typing, or at once on Enter. A new search adds a
 * history entry; refining it replaces that entry, so Back leaves the search.
 */
function SearchBox({ value, onCommit }: { value: string; onCommit: (q: string, replace: boolean) => void }) {
  const [draft, setDraft] = useState(value);
  const inputRef = useRef<HTMLInputElement>(null);

  // The URL changed under us (Back, Clear filters): show its search.
  useEffect(() => {
    setDraft((d) => (d.trim() === value ? d : value));
  }, [value]);

  const commit = useCallback((text: string) => onCommit(text.trim(), value !== "" && text.trim() !== ""), [onCommit, value]);

  useEffect(() => {
    if (draft.trim() === value) return;
    const timer = setTimeout(() => commit(draft), searchDebounceMs());
    return () => clearTimeout(timer);
  }, [draft, value, commit]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim() !== value) commit(draft);
  };

  return (
    <form className="listing-search" role="search" aria-label="Mentors" onSubmit={onSubmit}>
      <label htmlFor="mentor-search" className="sr-only">
        Search mentors by name or expertise
      </label>
      <span className="listing-search__icon">
        <SearchIcon />
      </span>
      <input
        ref={inputRef}
        id="mentor-search"
        className="listing-search__input"
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        spellCheck={false}
        placeholder="Search by name or expertise"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        data-testid="mentor-search"
      />
      {draft ? (
        <button
          type="button"
          className="listing-search__clear"
          onClick={() => {
            setDraft("");
            commit("");
            inputRef.current?.focus();
          }}
        >
          <span className="sr-only">Clear search</span>
          <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
            <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      ) : null}
      <button type="submit" className="btn btn--primary listing-search__submit">
        Search
      </button>
    </form>
  );
}

function CategoryFilter({
  selected,
  counts,
  onChange,
}: {
  selected: string;
  counts: ReadonlyMap<string, number> | undefined;
  onChange: (id: string) => void;
}) {
  return (
    <fieldset className="category-filter" data-testid="category-filter">
      <legend className="category-filter__legend">Category</legend>
      <div className="category-filter__options">
        {listingCategories().map((category) => {
          const count = counts?.get(category.id);
          return (
            <label key={category.id} className="category-filter__option">
              <input
                type="radio"
                name="mentor-category"
                value={category.id}
                checked={category.id === selected}
                onChange={() => onChange(category.id)}
              />
              <span className="category-filter__name">{category.name}</span>
              {count === undefined ? null : (
                <span className="category-filter__count">
                  <span className="sr-only">, </span>
                  {count}
                  <span className="sr-only"> {count === 1 ? "mentor" : "mentors"}</span>
                </span>
              )}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

function SortSelect({ value, onChange }: { value: SortId; onChange: (sort: SortId) => void }) {
  const id = useId();
  return (
    <div className="listing-sort">
      <label htmlFor={id} className="listing-sort__label">
        Sort by
      </label>
      <select
        id={id}
        className="listing-sort__select"
        value={value}
        onChange={(event) => onChange(event.target.value as SortId)}
        data-testid="mentor-sort"
      >
        {sorts().map((sort) => (
          <option key={sort.id} value={sort.id}>
            {sort.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function FreeToggle({ checked, onChange }: { checked: boolean; onChange: (free: boolean) => void }) {
  return (
    <label className="free-toggle">
      <input
        type="checkbox"
        role="switch"
        className="free-toggle__input"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        data-testid="free-toggle"
      />
      <span className="free-toggle__track" aria-hidden="true">
        <span className="free-toggle__thumb" />
      </span>
      <span className="free-toggle__label">Free sessions only</span>
    </label>
  );
}

/* ---------- The page ---------- */

function countText(n: number): string {
  return `${n} ${n === 1 ? "mentor" : "mentors"}`;
}

/** What the polite live region says after each change of the results. */
function resultSummary(shown: number, query: ListingQuery): string {
  const category = listingCategories().find((c) => c.id === query.category);
  const parts = [`${countText(shown)} found`];
  if (query.q) parts.push(`for “${query.q}”`);
  if (category && category.id !== "all") parts.push(`in ${category.name}`);
  if (query.free) parts.push("with a free session");
  return `${parts.join(" ")}.`;
}

export interface MentorsPageProps {
  /** The page heading; the category route passes its own. */
  title?: string;
  /** The category shown when the URL names none: `all`, or `technology` on /category/technology. */
  defaultCategory?: string;
  /** The intro line under the heading. */
  lead?: string;
}

const DEFAULT_LEAD =
  "Book a one-on-one video session with practitioners in career, business, technology, health, academics, freelancing and the creative fields. Many offer a free first session.";

export function MentorsPage({ title = "Find your mentor", defaultCategory = "all", lead = DEFAULT_LEAD }: MentorsPageProps) {
  const { state, retry } = useMentors();
  const { query, update, clear } = useListingQuery(defaultCategory);
  // The introduction the server drew gives way to this one (its cards load below).
  useFirstScreenDone();

  const mentors = state.status === "ready" ? state.mentors : undefined;
  const index = useMemo(() => (mentors === undefined ? undefined : indexMentors(mentors)), [mentors]);
  const labelled = useMemo(() => new Map(labelMentors(mentors ?? []).map((item) => [item.mentor, item])), [mentors]);
  const items = useMemo(
    () => (index === undefined ? [] : applyQuery(index, query).flatMap((m) => labelled.get(m) ?? [])),
    [index, query, labelled],
  );
  const counts = useMemo(() => (index === undefined ? undefined : categoryCounts(index, query)), [index, query]);
  const filtered = isFiltered(query, defaultCategory);

  const onSearch = useCallback((q: string, replace: boolean) => update({ q }, { replace }), [update]);

  return (
    <div className="mentors-page">
      <RouteTitle />
      <header className="page-intro page-intro--listing">
        <div className="container">
          <p className="eyebrow">Mentors</p>
          <h1 className="page-intro__title">{title}</h1>
          <p className="page-intro__lead">{lead}</p>
          <SearchBox value={query.q} onCommit={onSearch} />
          <ul className="trust-row" aria-label="Why learners book here">
            <li>Verified mentors</li>
            <li>Pay by UPI, card, net banking or wallet</li>
            <li>Meeting link sent instantly</li>
          </ul>
        </div>
      </header>

      <section className="container mentors-page__results" aria-labelledby="mentors-results-heading">
        <div className="listing-layout">
          <div className="listing-sidebar">
            <CategoryFilter selected={query.category} counts={counts} onChange={(category) => update({ category })} />
          </div>

          <div className="listing-results">
            <div className="results-bar">
              <div className="results-bar__summary">
                <h2 id="mentors-results-heading" className="results-bar__title">
                  {state.status === "ready" ? (
                    <>
                      <span data-testid="mentor-count">{items.length}</span> {items.length === 1 ? "mentor" : "mentors"}
                      {filtered ? null : " available"}
                    </>
                  ) : (
                    "Available mentors"
                  )}
                </h2>
                {filtered && state.status === "ready" ? (
                  <button type="button" className="results-bar__clear" onClick={clear}>
                    Clear filters
                  </button>
                ) : null}
              </div>
              <div className="results-bar__controls">
                <FreeToggle checked={query.free} onChange={(free) => update({ free })} />
                <SortSelect value={query.sort} onChange={(sort) => update({ sort })} />
              </div>
            </div>

            <p className="sr-only" role="status" aria-live="polite" data-testid="results-status">
              {state.status === "loading" ? "Loading mentors…" : state.status === "ready" ? resultSummary(items.length, query) : ""}
            </p>

            {state.status === "loading" ? (
              <div className="mentor-grid" aria-busy="true" data-testid="mentors-loading">
                {Array.from({ length: SKELETON_COUNT }, (_, i) => (
                  <SkeletonCard key={i} />
                ))}
              </div>
            ) : null}

            {state.status === "error" ? <LoadError message={state.message} onRetry={retry} testId="mentors-error" /> : null}

            {state.status === "ready" && items.length === 0 && !filtered ? (
              <div className="state-panel" data-testid="mentors-empty">
                <h3>No mentors found</h3>
                <p>We're continuously adding new mentors. Check back soon!</p>
                <Link className="btn btn--secondary" to="/">
                  Back to home
                </Link>
              </div>
            ) : null}

            {state.status === "ready" && items.length === 0 && filtered ? (
              <div className="state-panel" data-testid="mentors-empty">
                <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false" className="state-panel__icon">
                  <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
                  <path d="M15.5 15.5L20 20M8 10.5h5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
                </svg>
                <h3>No mentors match these filters</h3>
                <p>Try fewer words, another category, or include paid sessions.</p>
                <button type="button" className="btn btn--primary" onClick={clear}>
                  Clear filters
                </button>
              </div>
            ) : null}

            {state.status === "ready" && items.length > 0 ? <MentorGrid items={items} /> : null}
          </div>
        </div>
      </section>
    </div>
  );
}

export default MentorsPage;
