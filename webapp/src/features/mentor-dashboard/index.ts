/**
 * The mentor dashboard's public entry: the app imports it from here only
 * (`npm run lint` enforces it). The screen is its own chunk; it counts as
 * loaded once the crate's on-demand rules (labels), the mentoring module's
 * (profile and service checks, the commission split, the session lengths,
 * the profile checklist: a module only applicants and mentors fetch) and the
 * dashboards' rules (the slot rule with the IANA zone data, a module no other
 * screen loads) are there too, so its renders, event handlers and previews
 * call them synchronously.
 */
import { lazy } from "react";
import { loadDashboardRules, loadMentoringRules, loadOnDemand } from "../../lib/domain";

export const MentorDashboardPage = lazy(() =>
  Promise.all([import("./MentorDashboardPage"), loadOnDemand(), loadMentoringRules(), loadDashboardRules()]).then(([screen]) => screen),
);
