/**
 * The words of the application form and its status. Field messages are not
 * here: the crate's `checkApplication` gives them (and the server the same
 * ones).
 */
import { APPROVAL_TIME } from "../../lib/facts";

/** SPEC §5: under-field errors come with this line. */
export const FIX_ERRORS = "Please fix the errors above.";

export const NETWORK_ERROR = "We couldn’t reach the server. Check your connection and try again.";
export const SUBMIT_FAILED = "We couldn’t send your application. Please try again.";
export const LOAD_FAILED = "We couldn’t load your application. Please try again.";
export const PHOTO_FAILED = "We couldn’t upload your photo. Please try again.";

export const PHOTO_LATER = "You can add your photo from your mentor dashboard once you’re approved.";

/** The guest's confirmation, once the account and the application are stored. */
export const CONFIRM_EMAIL_TITLE = "Check your e-mail to confirm";
export function confirmEmailText(email: string): string {
  return `We’ve sent a confirmation link to ${email}. Your application is submitted when you confirm — open the link to activate your account, and we’ll review it within ${APPROVAL_TIME}.`;
}

export const REVIEW_PROMISE = `We review every application by hand and decide within ${APPROVAL_TIME}. We’ll e-mail you either way.`;
