/**
 * The mentors feature's public entry: other features and the app import it
 * from here only (`npm run lint` enforces it). The listing and the profile
 * are separate chunks, loaded on demand.
 */
import { lazy } from "react";
import { loadOnDemand, loadProfileRules } from "../../lib/domain";

export { MentorExplorer } from "./MentorExplorer";
export { ListingScreenSkeleton, ProfileScreenSkeleton } from "./skeletons";

// Both screens call the crate's on-demand rules (listing, mentor profile):
// their chunk counts as loaded once that module is there too. A mentor's
// page is a learner's screen: the learner's module has its rules as well,
// and where that is the page's first module it is all the page loads.
export const MentorsPage = lazy(() => Promise.all([import("./MentorsPage"), loadOnDemand()]).then(([screen]) => screen));
export const MentorProfilePage = lazy(() =>
  Promise.all([import("./MentorProfilePage"), loadProfileRules()]).then(([screen]) => screen),
);
