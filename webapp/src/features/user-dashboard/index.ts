/**
 * The learner's dashboard's public entry: the app imports it from here only
 * (`npm run lint` enforces it). The screen is its own chunk, counted as
 * loaded once the crate's on-demand rules (labels) are there too. The
 * dashboards' module (the booking rules: when a meeting opens; 240 KB with
 * its zone data) is fetched only when a confirmed session's join button
 * needs it, and only that button waits for it.
 *
 * The session parts (the booking's type, the dashboards' booking calls, the
 * status pill, the join button) are shared with the mentor's dashboard.
 */
import { lazy } from "react";
import { loadOnDemand } from "../../lib/domain";

export const UserDashboardPage = lazy(() => Promise.all([import("./UserDashboardPage"), loadOnDemand()]).then(([screen]) => screen));

export {
  acceptBooking,
  allows,
  declineBooking,
  fetchBookings,
  firstName,
  instantLabel,
  joinEarlyMinutes,
  joinState,
  readBooking,
  readBookings,
  reportLearnerNoShow,
  sessionTime,
  timeLeft,
  useNow,
  viewerZone,
  zoneName,
  type Booking,
  type BookingAction,
  type BookingStatus,
} from "./bookings";
export { useBookings, type Loaded as LoadedBookings } from "./load";
export { JoinButton, StatusPill } from "./parts";
export { AttentionBanners } from "./AttentionBanners";
