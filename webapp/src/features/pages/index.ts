/**
 * The static and business pages' public entry: other features and the app
 * import it from here only (`npm run lint` enforces it). Each page is a
 * separate chunk, loaded on demand.
 */
import { lazy, type ComponentType } from "react";
import { loadOnDemand } from "../../lib/domain";

export { PageSkeleton } from "./PageSkeleton";
export { PlaceholderPage } from "./PlaceholderPage";

export const AboutPage = lazy(() => import("./AboutPage"));
export const ServicesPage = lazy(() => import("./ServicesPage"));
export const PrivacyPage = lazy(() => import("./PrivacyPage"));
export const TermsPage = lazy(() => import("./TermsPage"));
export const SitemapPage = lazy(() => import("./SitemapPage"));
export const BecomeMentorPage = lazy(() => import("./BecomeMentorPage"));
export const WhyBecomeMentorPage = lazy(() => import("./WhyBecomeMentorPage"));
/**
 * A page whose chunk counts as loaded once the crate's on-demand rules are
 * there too (the enquiry forms check fields in event handlers, where a call
 * cannot wait).
 */
function withRules(load: () => Promise<{ default: ComponentType }>) {
  return lazy(() => Promise.all([load(), loadOnDemand()]).then(([module]) => module));
}

export const BusinessPage = withRules(() => import("./BusinessPage"));
export const ContactPage = withRules(() => import("./ContactPage"));
export const QuotePage = withRules(() => import("./QuotePage"));
/** The refund policy: its sentences about cancelling and asking come from the crate (`refundPolicyText`). */
export const RefundPage = withRules(() => import("./RefundPage"));
