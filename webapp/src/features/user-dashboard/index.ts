/**
 * The learner's dashboard's public entry: the app imports it from here only
 * (`npm run lint` enforces it). The screen is its own chunk, counted as
 * loaded once the crate's labels are there too (the on-demand module, or
 * the learner's, which a first visit of this screen loads). The booking
 * rules (when a meeting opens) come with the learner's module; after
 * another first screen they are fetched only when a confirmed session's
 * join button needs them (the learner's module, without zone data), and
 * only that button waits for them.
 *
 * The session parts it shares with the mentor's dashboard are shared code,
 * not this feature's: the status pill and the join button
 * (`components/SessionParts`), the attention banners
 * (`components/AttentionBanners`), the readings of a booking the cards need
 * (`lib/sessions`) and the bookings as loaded (`lib/useBookings`). The
 * booking itself and its calls are the shared API layer's
 * (`lib/api/bookings`); times and zones are `lib/time`'s.
 */
import { lazy } from "react";
import { loadProfileRules } from "../../lib/domain";

export const UserDashboardPage = lazy(() => Promise.all([import("./UserDashboardPage"), loadProfileRules()]).then(([screen]) => screen));
