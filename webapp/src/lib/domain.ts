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
