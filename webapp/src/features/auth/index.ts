/**
 * The account feature's public entry: other features and the app import it
 * from here only (`npm run lint` enforces it). The screens are separate
 * chunks, loaded on demand, so the home page's first load does not grow.
 */
import { lazy, type ComponentType } from "react";
import { loadOnDemand, loadPasswordRules } from "../../lib/domain";

export { AccessGate, RequireRole, SessionEffects, type Role } from "./Guard";
/** Gives a new account the browser's time zone and offers the switch when the device moves (issue 21). */
export { ZoneNotice } from "./ZoneNotice";

/**
 * A screen's chunk, counted as loaded once the crate's on-demand rules are
 * there too: the account screens check fields and passwords with them in
 * event handlers, where a call cannot wait.
 */
function screen(load: () => Promise<{ default: ComponentType }>) {
  return lazy(() => Promise.all([load(), loadOnDemand()]).then(([module]) => module));
}

/**
 * A screen that sets a password: also waits for the crate's password rules
 * (the strength meter, the mismatch hint, the submit check with the
 * common-password list), a module of their own that only these screens load.
 */
function passwordScreen(load: () => Promise<{ default: ComponentType }>) {
  return lazy(() => Promise.all([load(), loadOnDemand(), loadPasswordRules()]).then(([module]) => module));
}

export const LoginPage = screen(() => import("./LoginPage"));
export const RegisterPage = passwordScreen(() => import("./RegisterPage"));
export const ActivatePage = screen(() => import("./ActivatePage"));
export const ForgotPasswordPage = screen(() => import("./ForgotPasswordPage"));
export const ResetPasswordPage = passwordScreen(() => import("./ResetPasswordPage"));
export const EmailConfirmationPage = screen(() => import("./EmailConfirmationPage"));
export const ResendVerificationPage = screen(() => import("./ResendVerificationPage"));
export const EditProfilePage = passwordScreen(() => import("./EditProfilePage"));
export const CompleteProfilePage = screen(() => import("./CompleteProfilePage"));
