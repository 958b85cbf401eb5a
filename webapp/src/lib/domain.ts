/**
 * The one door to the domain rules compiled from Rust (`domain-wasm`).
 *
 * Nothing else in the app imports the wasm package: every rule the spec gives
 * (price labels, rating and experience labels, badges, slugs, the route table)
 * is computed there and only typed here.
 */
import * as wasm from "../../domain-pkg/domain.js";
import type {
  CardLabels as WasmCardLabels,
  RouteAccess as WasmRouteAccess,
  RouteInfo as WasmRouteInfo,
} from "../../domain-pkg/domain.js";

export type CardLabels = WasmCardLabels;
export type RouteAccess = WasmRouteAccess;
export type RouteInfo = WasmRouteInfo;

/**
 * Every label of a mentor card: price badge, rating, "N+ Years", Top Mentor /
 * PRO badge and the profile path. Throws only for input no mentor can have
 * (a negative price, a fractional id).
 */
export function cardLabels(id: number, name: string, rating: number, experienceYears: number, price: number): CardLabels {
  return wasm.cardLabels(id, name, rating, experienceYears, price);
}

let routeTable: readonly RouteInfo[] | undefined;

/** Every screen of the app with who may see it (SPEC §2), in spec order. */
export function routes(): readonly RouteInfo[] {
  routeTable ??= Object.freeze(wasm.routes());
  return routeTable;
}

/** The screen a path (without query or hash) shows, or undefined for not-found. */
export function matchRoute(path: string): RouteInfo | undefined {
  return wasm.matchRoute(path);
}

/** The mentor id in a `/mentors/{id}-{slug}` segment, or undefined. */
export function parseMentorSegment(segment: string): number | undefined {
  return wasm.parseMentorSegment(segment);
}

/** The canonical `/mentors/{id}-{slug}` path of a mentor. */
export function mentorPath(id: number, name: string): string {
  return wasm.mentorPath(id, name);
}

export type ExplorerCategory = wasm.ExplorerCategory;

let categoryTable: readonly ExplorerCategory[] | undefined;

/** The explorer's categories (All Mentors, Technology, …) with the expertise each matches. */
export function explorerCategories(): readonly ExplorerCategory[] {
  categoryTable ??= Object.freeze(wasm.explorerCategories());
  return categoryTable;
}

/** What the explorer needs of a mentor. */
export interface Arrangeable {
  rating: number;
  experience_years: number;
  expertise: readonly string[];
  services: readonly { price: number }[];
}

interface Columns {
  ratings: Float64Array;
  experience: Float64Array;
  prices: Float64Array;
  masks: Uint32Array;
}

// Columns are built once per fetched list (lists are immutable once fetched),
// so a rotation tick or a category change is one call into wasm.
const columnCache = new WeakMap<readonly Arrangeable[], Columns>();

function columnsOf(mentors: readonly Arrangeable[]): Columns {
  const cached = columnCache.get(mentors);
  if (cached) return cached;
  const n = mentors.length;
  const columns: Columns = {
    ratings: new Float64Array(n),
    experience: new Float64Array(n),
    prices: new Float64Array(n),
    masks: new Uint32Array(0),
  };
  const packed: string[] = new Array<string>(n);
  for (const [i, m] of mentors.entries()) {
    columns.ratings[i] = m.rating;
    columns.experience[i] = m.experience_years;
    columns.prices[i] = m.services[0]?.price ?? 0;
    packed[i] = m.expertise.join("\u001f");
  }
  columns.masks = wasm.categoryMasks(packed.join("\u001e"), n);
  columnCache.set(mentors, columns);
  return columns;
}

/**
 * The home explorer's arrangement of `mentors` for a category, seed and
 * rotation (SPEC §4, §9): the same seed gives the same list here and on the
 * server. Throws only for an unknown category id.
 */
export function arrangeExplorer<T extends Arrangeable>(mentors: readonly T[], categoryId: string, seed: number, rotation: number): T[] {
  const c = columnsOf(mentors);
  const order = wasm.arrangeExplorer(c.ratings, c.experience, c.prices, c.masks, categoryId, seed, rotation);
  const arranged: T[] = [];
  for (const i of order) {
    const mentor = mentors[i];
    if (mentor !== undefined) arranged.push(mentor);
  }
  return arranged;
}
