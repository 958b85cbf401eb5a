/**
 * A password being chosen and its confirmation, with the meter: the account
 * screens and the mentor application's guest form use it, so every screen
 * that sets a password looks and behaves the same (meter, autocomplete,
 * required).
 */
import type { ChangeEventHandler } from "react";
import { PasswordField } from "./form";

/** The names and labels of the two fields: a new password for an account (the default). */
export const NEW_PASSWORD = {
  password: { name: "new_password", label: "New password" },
  confirmation: { name: "re_new_password", label: "Confirm new password" },
} as const;

/** …and the first password, chosen at registration. */
export const FIRST_PASSWORD = {
  password: { name: "password", label: "Password" },
  confirmation: { name: "re_password", label: "Confirm password" },
} as const;

type Names = { password: { name: string; label: string }; confirmation: { name: string; label: string } };

/**
 * A password being chosen, with the strength meter, and its confirmation:
 * both required, both `autocomplete="new-password"`, each with its error.
 */
export function NewPasswordFields({
  fields = NEW_PASSWORD,
  password,
  confirmation,
  onPasswordChange,
  onConfirmationChange,
  passwordError,
  confirmationError,
}: {
  fields?: Names;
  password: string;
  confirmation: string;
  onPasswordChange: ChangeEventHandler<HTMLInputElement>;
  onConfirmationChange: ChangeEventHandler<HTMLInputElement>;
  passwordError: string | undefined;
  confirmationError: string | undefined;
}) {
  return (
    <>
      <PasswordField
        label={fields.password.label}
        name={fields.password.name}
        autoComplete="new-password"
        meter
        value={password}
        onChange={onPasswordChange}
        error={passwordError}
        required
      />
      <PasswordField
        label={fields.confirmation.label}
        name={fields.confirmation.name}
        autoComplete="new-password"
        value={confirmation}
        onChange={onConfirmationChange}
        error={confirmationError}
        required
      />
    </>
  );
}
