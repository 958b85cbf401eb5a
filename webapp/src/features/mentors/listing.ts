/**
 * The mentor listing's view state (search, category, sort, free filter) and
 * how it lives in the URL query: `?q=&category=&sort=&free=1`.
 *
 * Plain UI logic only. The sorts, the search (accent folding included), the
 * free filter and the order are the crate's `listing` rules (on demand: the
 * listing screen's chunk awaits `loadOnDemand()`); category membership and
 * the shown price are the crate's too (`listingCategories`,
 * `listingCategoryMasks`, `shownPrice`): every field of the crate's list
 * (the explorer's tabs and SPEC §1's career, health, academic, freelancing
 * and creative) can be browsed at `?category=<id>`.
 */
import { isListingCategory, isSort, listingCategories, listingCategoryMasks, listingFilter, listingOrder, searchHaystack, shownPrice, sorts, type Mentor } from "../../lib/domain";

/** An id of `sorts()`. */
export type SortId = string;

/** The sort a URL without `sort=` shows: the first of `sorts()` (the crate's `DEFAULT_SORT`, "best"). */
function defaultSort(): SortId {
  return sorts()[0]?.id ?? "best";
}

export interface ListingQuery {
  /** The search text as typed (trimmed). */
  q: string;
  /** An id of `listingCategories()`. */
  category: string;
  sort: SortId;
  /** Only mentors whose shown price is free. */
  free: boolean;
}

function isCategory(id: string): boolean {
  return isListingCategory(id);
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
    // `search=` is what the home page's topic links use (`/mentors?search=Design`).
    q: (params.get("q") ?? params.get("search") ?? "").trim(),
    category: isCategory(category) ? category : defaultCategory,
    sort: isSort(sort) ? sort : defaultSort(),
    free: params.get("free") === "1",
  };
}

/** The URL query of a view, leaving out defaults so URLs stay short; fixed key order. */
export function writeQuery(query: ListingQuery, defaultCategory: string): URLSearchParams {
  const params = new URLSearchParams();
  const q = query.q.trim();
  if (q) params.set("q", q);
  if (query.category !== defaultCategory) params.set("category", query.category);
  if (query.sort !== defaultSort()) params.set("sort", query.sort);
  if (query.free) params.set("free", "1");
  return params;
}

/** Whether a view narrows or reorders the list at all. */
export function isFiltered(query: ListingQuery, defaultCategory: string): boolean {
  return writeQuery(query, defaultCategory).toString() !== "";
}

/**
 * Everything the listing derives once per fetched list: the columns the
 * crate's listing rules read (`haystacks[i]`, `prices[i]`, … describe
 * `mentors[i]`) and each category's members by index.
 */
export interface ListingIndex {
  mentors: readonly Mentor[];
  haystacks: string[];
  prices: Float64Array;
  ratings: Float64Array;
  experience: Float64Array;
  members: Map<string, Set<number>>;
}

export function indexMentors(mentors: readonly Mentor[]): ListingIndex {
  const masks = listingCategoryMasks(mentors.map((m) => m.expertise.join("\u001f")).join("\u001e"), mentors.length);
  const members = new Map<string, Set<number>>();
  for (const [bit, category] of listingCategories().entries()) {
    const inside = new Set<number>();
    for (const [i, mask] of masks.entries()) if (((mask >>> bit) & 1) === 1) inside.add(i);
    members.set(category.id, inside);
  }
  return {
    mentors,
    haystacks: mentors.map((m) => searchHaystack(m.name, [...m.expertise])),
    prices: Float64Array.from(mentors, (m) => shownPrice(m.services.map((s) => s.price))),
    ratings: Float64Array.from(mentors, (m) => m.rating),
    experience: Float64Array.from(mentors, (m) => m.experience_years),
    members,
  };
}

/** The indices passing the view's search and free filter (everything but the category), in list order. */
function passing(index: ListingIndex, query: ListingQuery): Uint32Array {
  return listingFilter(index.haystacks, index.prices, query.q, query.free);
}

/** The mentors a view shows, in its order. */
export function applyQuery(index: ListingIndex, query: ListingQuery): Mentor[] {
  const inCategory = index.members.get(query.category);
  const shown = Array.from(passing(index, query)).filter((i) => inCategory === undefined || inCategory.has(i));
  const order = listingOrder(shown, index.ratings, index.experience, index.prices, query.sort);
  return Array.from(order, (i) => index.mentors[i]).filter((m): m is Mentor => m !== undefined);
}

/** How many mentors each category would show with the view's search and free filter. */
export function categoryCounts(index: ListingIndex, query: ListingQuery): Map<string, number> {
  const matching = passing(index, query);
  const counts = new Map<string, number>();
  for (const [id, members] of index.members) counts.set(id, matching.filter((i) => members.has(i)).length);
  return counts;
}
