/**
 * The static and business pages' public entry: other features and the app
 * import it from here only (`npm run lint` enforces it). Each page is a
 * separate chunk, loaded on demand.
 */
import { lazy } from "react";

export { NotFoundPage } from "./NotFoundPage";
export { PageSkeleton } from "./PageSkeleton";
export { PlaceholderPage } from "./PlaceholderPage";

export const AboutPage = lazy(() => import("./AboutPage"));
export const ServicesPage = lazy(() => import("./ServicesPage"));
export const PrivacyPage = lazy(() => import("./PrivacyPage"));
export const TermsPage = lazy(() => import("./TermsPage"));
export const RefundPage = lazy(() => import("./RefundPage"));
export const SitemapPage = lazy(() => import("./SitemapPage"));
export const BecomeMentorPage = lazy(() => import("./BecomeMentorPage"));
export const WhyBecomeMentorPage = lazy(() => import("./WhyBecomeMentorPage"));
export const BusinessPage = lazy(() => import("./BusinessPage"));
export const ContactPage = lazy(() => import("./ContactPage"));
export const QuotePage = lazy(() => import("./QuotePage"));
