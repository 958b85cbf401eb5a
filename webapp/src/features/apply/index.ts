/**
 * The mentor application's public entry: the become-mentor page imports it
 * from here only (`npm run lint` enforces it). The section is its own
 * chunk; it counts as loaded once the crate's on-demand rules (the
 * application check, the categories) and the password rules (a guest
 * chooses a password) are there too, so its submit handler calls them
 * synchronously.
 */
import { lazy } from "react";
import { loadOnDemand, loadPasswordRules } from "../../lib/domain";

export const ApplySection = lazy(() => Promise.all([import("./ApplySection"), loadOnDemand(), loadPasswordRules()]).then(([section]) => section));
