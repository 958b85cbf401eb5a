/**
 * The mentors feature's public entry: other features and the app import it
 * from here only (`npm run lint` enforces it). The listing and the profile
 * are separate chunks, loaded on demand.
 */
import { lazy } from "react";

export { portraitUrl, resetMentorCache, textField, type Mentor } from "./api";
export { MentorCard } from "./MentorCard";
export { MentorExplorer } from "./MentorExplorer";
export { ListingScreenSkeleton, ProfileScreenSkeleton, SkeletonCard } from "./skeletons";
export { useMentors, type MentorsState } from "./useMentors";

export const MentorsPage = lazy(() => import("./MentorsPage"));
export const MentorProfilePage = lazy(() => import("./MentorProfilePage"));
