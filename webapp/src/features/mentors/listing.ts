/**
 * The mentor listing's view state (search, category, sort, free filter) and
 * how it lives in the URL query: `?q=&category=&sort=&free=1`.
 *
 * Plain UI logic only. Which category a mentor is in, the ranking score and
 * the price a mentor is shown at come from the domain module
 * (`categoryMembers`, `mentorScore`, `cardPrice`).
 */
import { cardPrice, categoryMembers, explorerCategories, mentorScore, type Mentor } from "../../lib/domain";

export const SORTS = [
  { id: "best", label: "Best match" },
  { id: "rating", label: "Highest rated" },
  { id: "experience", label: "Most experienced" },
  { id: "price-asc", label: "Price: low to high" },
  { id: "price-desc", label: "Price: high to low" },
] as const;

export type SortId = (typeof SORTS)[number]["id"];

const DEFAULT_SORT: SortId = "best";

/** Milliseconds the search box waits after the last keystroke before filtering. */
export const SEARCH_DEBOUNCE_MS = 250;

export interface ListingQuery {
  /** The search text as typed (trimmed). */
  q: string;
  /** An id of `explorerCategories()`. */
  category: string;
  sort: SortId;
  /** Only mentors whose shown price is free. */
  free: boolean;
}

function isCategory(id: string): boolean {
  return explorerCategories().some((c) => c.id === id);
}

function isSort(id: string): id is SortId {
  return SORTS.some((s) => s.id === id);
}

/**
 * The view a URL query asks for. Unknown or missing values fall back to the
 * defaults (`defaultCategory` is `all` on /mentors, `technology` on
 * /category/technology), so a mangled link still shows a sensible list.
 */
export function readQuery(params: URLSearchParams, defaultCategory: string): ListingQuery {
  const category = params.get("category") ?? "";
  const sort = params.get("sort") ?? "";
  return {
    q: (params.get("q") ?? "").trim(),
    category: isCategory(category) ? category : defaultCategory,
    sort: isSort(sort) ? sort : DEFAULT_SORT,
    free: params.get("free") === "1",
  };
}

/** The URL query of a view, leaving out defaults so URLs stay short; fixed key order. */
export function writeQuery(query: ListingQuery, defaultCategory: string): URLSearchParams {
  const params = new URLSearchParams();
  const q = query.q.trim();
  if (q) params.set("q", q);
  if (query.category !== defaultCategory) params.set("category", query.category);
  if (query.sort !== DEFAULT_SORT) params.set("sort", query.sort);
  if (query.free) params.set("free", "1");
  return params;
}

/** Whether a view narrows or reorders the list at all. */
export function isFiltered(query: ListingQuery, defaultCategory: string): boolean {
  return writeQuery(query, defaultCategory).toString() !== "";
}

/** Lower-cased, accents removed: `Zoë` and `zoe` compare equal. */
export function foldText(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}+/gu, "").toLocaleLowerCase("en");
}

/** The search words of a query: folded, split on spaces. */
export function searchTerms(q: string): string[] {
  return foldText(q).split(/\s+/u).filter(Boolean);
}

/** What the search looks in: the name and every field of expertise. */
function haystackOf(mentor: Mentor): string {
  return foldText([mentor.name, ...mentor.expertise].join("\n"));
}

/** Every word must appear in the name or the expertise (so "data asha" finds Asha, Data Science). */
export function matchesSearch(haystack: string, terms: readonly string[]): boolean {
  return terms.every((term) => haystack.includes(term));
}

/**
 * Everything the listing derives once per fetched list: each mentor's search
 * text, score and shown price, and each category's members.
 */
export interface ListingIndex {
  mentors: readonly Mentor[];
  haystacks: Map<Mentor, string>;
  scores: Map<Mentor, number>;
  prices: Map<Mentor, number>;
  members: Map<string, Set<Mentor>>;
}

export function indexMentors(mentors: readonly Mentor[]): ListingIndex {
  const haystacks = new Map<Mentor, string>();
  const scores = new Map<Mentor, number>();
  const prices = new Map<Mentor, number>();
  for (const mentor of mentors) {
    haystacks.set(mentor, haystackOf(mentor));
    scores.set(mentor, mentorScore(mentor.rating, mentor.experience_years));
    prices.set(mentor, cardPrice(mentor));
  }
  const members = new Map<string, Set<Mentor>>();
  for (const category of explorerCategories()) members.set(category.id, new Set(categoryMembers(mentors, category.id)));
  return { mentors, haystacks, scores, prices, members };
}

type Comparator = (a: Mentor, b: Mentor) => number;

function comparator(index: ListingIndex, sort: SortId): Comparator {
  const score = (m: Mentor) => index.scores.get(m) ?? 0;
  const price = (m: Mentor) => index.prices.get(m) ?? 0;
  // Ties fall back to the ranking score, then to the list's own order
  // (Array.prototype.sort is stable).
  const byScore: Comparator = (a, b) => score(b) - score(a);
  switch (sort) {
    case "best":
      return byScore;
    case "rating":
      return (a, b) => b.rating - a.rating || byScore(a, b);
    case "experience":
      return (a, b) => b.experience_years - a.experience_years || byScore(a, b);
    case "price-asc":
      return (a, b) => price(a) - price(b) || byScore(a, b);
    case "price-desc":
      return (a, b) => price(b) - price(a) || byScore(a, b);
  }
}

/** The view's search and free filter (everything but the category). */
function passesSearchAndPrice(index: ListingIndex, query: ListingQuery): (m: Mentor) => boolean {
  const terms = searchTerms(query.q);
  return (m) => (!query.free || index.prices.get(m) === 0) && (terms.length === 0 || matchesSearch(index.haystacks.get(m) ?? "", terms));
}

/** The mentors a view shows, in its order. */
export function applyQuery(index: ListingIndex, query: ListingQuery): Mentor[] {
  const inCategory = index.members.get(query.category);
  const passes = passesSearchAndPrice(index, query);
  return index.mentors.filter((m) => (inCategory === undefined || inCategory.has(m)) && passes(m)).sort(comparator(index, query.sort));
}

/** How many mentors each category would show with the view's search and free filter. */
export function categoryCounts(index: ListingIndex, query: ListingQuery): Map<string, number> {
  const passes = passesSearchAndPrice(index, query);
  const matching = index.mentors.filter(passes);
  const counts = new Map<string, number>();
  for (const [id, members] of index.members) counts.set(id, matching.filter((m) => members.has(m)).length);
  return counts;
}
