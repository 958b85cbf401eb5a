/**
 * The admin dashboard's public entry: the app imports it from here only
 * (`npm run lint` enforces it). The screen is its own chunk; it counts as
 * loaded once the crate's on-demand rules (session lengths) and the
 * dashboards' module (the refund rules' numbers: the 3–5 business days the
 * refund queue is measured against) are there too.
 */
import { lazy } from "react";
import { loadDashboardRules, loadOnDemand } from "../../lib/domain";

export const AdminDashboardPage = lazy(() =>
  Promise.all([import("./AdminDashboardPage"), loadOnDemand(), loadDashboardRules()]).then(([screen]) => screen),
);
