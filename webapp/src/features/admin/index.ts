/**
 * The admin dashboard's public entry: the app imports it from here only
 * (`npm run lint` enforces it). The screen is its own chunk; it counts as
 * loaded once the crate's on-demand rules (session lengths) are there too.
 */
import { lazy } from "react";
import { loadOnDemand } from "../../lib/domain";

export const AdminDashboardPage = lazy(() => Promise.all([import("./AdminDashboardPage"), loadOnDemand()]).then(([screen]) => screen));
