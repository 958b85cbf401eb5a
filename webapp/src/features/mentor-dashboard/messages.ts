/**
 * The mentor dashboard's words. FIX_ERRORS is the SPEC's (§5) line under
 * field errors; the rest are ours. Messages about a field's value come from
 * the crate's rules or the server, never from here.
 */

/** SPEC §5: shown with the fields' own errors. */
export const FIX_ERRORS = "Please fix the errors above.";

export const NETWORK_ERROR = "We couldn’t reach the server. Check your connection and try again.";
export const LOAD_FAILED = "We couldn’t load this part of your dashboard.";
export const SAVE_FAILED = "We couldn’t save your changes. Please try again.";

export const PROFILE_SAVED = "Your profile is saved. Learners see the changes at once.";
export const PHOTO_SAVED = "Your new photo is on your profile.";
export const PHOTO_FAILED = "We couldn’t upload that photo. Please try another one.";

export const SERVICE_ADDED = "Service added. Learners can book it as soon as your availability is set.";
export const SERVICE_SAVED = "Service saved.";
export const SERVICE_DELETED = "Service deleted.";
export const DELETE_FAILED = "We couldn’t delete this service. Please try again.";

export const AVAILABILITY_SAVED = "Availability saved. Learners see your new times at once.";
