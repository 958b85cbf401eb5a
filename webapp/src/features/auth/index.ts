/**
 * The account feature's public entry: other features and the app import it
 * from here only (`npm run lint` enforces it). The screens are separate
 * chunks, loaded on demand, so the home page's first load does not grow.
 */
import { lazy } from "react";

export { AccessGate, SessionEffects } from "./Guard";
export { session, useSession, type SessionSnapshot, type SignIn, type User } from "./session";

export const LoginPage = lazy(() => import("./LoginPage"));
export const RegisterPage = lazy(() => import("./RegisterPage"));
export const ActivatePage = lazy(() => import("./ActivatePage"));
export const ForgotPasswordPage = lazy(() => import("./ForgotPasswordPage"));
export const ResetPasswordPage = lazy(() => import("./ResetPasswordPage"));
export const EmailConfirmationPage = lazy(() => import("./EmailConfirmationPage"));
export const ResendVerificationPage = lazy(() => import("./ResendVerificationPage"));
export const EditProfilePage = lazy(() => import("./EditProfilePage"));
export const CompleteProfilePage = lazy(() => import("./CompleteProfilePage"));
