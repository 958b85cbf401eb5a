import { checkNewPassword } from "../../lib/domain";

/**
 * The domain's submit check of a new password (SPEC §5), placed on the field
 * the check names (`password`: too weak, too long, too short, common;
 * `confirmation`: they differ).
 */
export function newPasswordErrors(password: string, confirmation: string): { password?: string; confirmation?: string } {
  const check = checkNewPassword(password, confirmation);
  if (check.type === "ok") return {};
  return { [check.field]: check.message };
}
