/**
 * The mentor application's public entry: the app imports it from here only
 * and composes it into the become-mentor page (`npm run lint` enforces it).
 * The section is its own chunk; it counts as loaded once the crate's on-demand rules (counts,
 * labels), the mentoring module's (the application check, the categories,
 * the form's limits: a module only applicants and mentors fetch) and the
 * password rules (a guest chooses a password) are there too, so its render
 * and submit handler call them synchronously.
 */
import { lazy } from "react";
import { loadMentoringRules, loadOnDemand, loadPasswordRules } from "../../lib/domain";

export const ApplySection = lazy(() =>
  Promise.all([import("./ApplySection"), loadOnDemand(), loadMentoringRules(), loadPasswordRules()]).then(([section]) => section),
);
