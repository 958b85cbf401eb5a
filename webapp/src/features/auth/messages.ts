/**
 * The words of the account screens. Those marked SPEC are the spec's exact
 * strings (§5, §8) and tests hold them; the others are ours.
 *
 * Messages that come from rules (password checks, field checks and the
 * required-field messages, the login failure, Google login errors) are not here: the domain module gives them.
 */

/** SPEC §5: under-field server errors come with this line. */
export const FIX_ERRORS = "Please fix the errors above.";

/** SPEC §8 activation. */
export const ACTIVATION_SUCCESS = "Account verified successfully! Redirecting to login...";
export const ACTIVATION_FAILURE = "Activation failed. Account already verified try login or invalid link. Please try again or contact support.";

/** SPEC §8 forgot password. */
export const GOOGLE_ACCOUNT_TITLE = "Google Account Detected!";
export const EMAIL_NOT_REGISTERED = "This email is not registered. Please check and try again.";
export const RESET_EMAIL_FAILED = "Failed to send password reset email. Please try again.";
export const RESET_EMAIL_SENT = "Password reset email sent successfully. Check your inbox!";

/** SPEC §8 reset. */
export const RESET_SUCCESS = "Password Reset Successful!";
export const RESET_FAILURE = "Failed to reset password. The link may have expired.";

/** SPEC §5, §8 resend verification ("Email is required!" is the crate's: checkEmailRequired). */
export const VERIFICATION_SENT = "Verification link has been successfully sent to your email!";

/** SPEC §8: any unexpected answer on forgot password and resend verification. */
export const UNEXPECTED = "An unexpected error occurred. Please try again.";

/** SPEC §2 email confirmation defaults. */
export const CONFIRMATION_DEFAULTS = {
  title: "Confirmation",
  message: "All done! Your request was completed successfully.",
  buttonText: "Go to Home",
} as const;

/** Ours. */
export const REGISTER_FAILED = "We couldn’t create your account. Please try again.";
export const NETWORK_ERROR = "We couldn’t reach the server. Check your connection and try again.";
export const PROFILE_SAVED = "Your profile has been updated.";
export const PROFILE_FAILED = "We couldn’t save your profile. Please try again.";
export const PASSWORD_CHANGED = "Your password has been changed. Other devices have been signed out.";
export const PASSWORD_CHANGE_FAILED = "We couldn’t change your password. Please try again.";
export const PROFILE_LOAD_FAILED = "We couldn’t load your profile. Please try again.";

/** Ours: a Google account adding its first password, and linking Google to a password account (issue 10). */
export const PASSWORD_ADDED = "Your password has been added. You can now also sign in with your e-mail address and password. Other devices have been signed out.";
export const PASSWORD_ADD_FAILED = "We couldn’t add your password. Please try again.";
export const HAS_PASSWORD_ALREADY = "Your account already has a password. You can change it below.";
export const GOOGLE_CONFIRMED = "Confirmed with Google. Choose your password within 5 minutes.";
export const LINK_FAILED = "We couldn’t send the link. Please try again.";
export const GOOGLE_CONNECTED = "Google is connected. You can now sign in with Google or with your password.";
export const GOOGLE_ALREADY_CONNECTED = "Google is connected to this account: you can sign in with Google or with your password.";
export const GOOGLE_CONNECT_FAILED = "We couldn’t connect Google. Please try again.";

/** Ours: where the e-mailed first-password link went. */
export function firstPasswordLinkSent(email: string): string {
  return `We’ve sent a link to ${email}. It works for one hour.`;
}
