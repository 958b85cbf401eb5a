import { checkNewPassword } from "../../lib/domain";

/**
 * The domain's submit check of a new password (SPEC §5), placed on the field
 * it is about: a message that checking the password against itself also
 * gives is about the password (too weak, too long); otherwise it is about
 * the confirmation (they differ).
 */
export function newPasswordErrors(password: string, confirmation: string): { password?: string; confirmation?: string } {
  const check = checkNewPassword(password, confirmation);
  if (check.type === "ok") return {};
  const alone = checkNewPassword(password, password);
  if (alone.type === "error" && alone.message === check.message) return { password: check.message };
  return { confirmation: check.message };
}
