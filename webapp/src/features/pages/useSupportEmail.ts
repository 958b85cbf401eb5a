import { useEffect, useState } from "react";
import { FALLBACK_SUPPORT_EMAIL } from "./facts";

let pending: Promise<string> | undefined;

/** `support_email` of `GET /api/config/`, or the fallback when the answer has none or fails. */
function loadSupportEmail(): Promise<string> {
  pending ??= fetch("/api/config/", { headers: { Accept: "application/json" }, credentials: "same-origin" })
    .then(async (response) => {
      if (!response.ok) return FALLBACK_SUPPORT_EMAIL;
      const body: unknown = await response.json();
      const email = typeof body === "object" && body !== null ? (body as { support_email?: unknown }).support_email : undefined;
      return typeof email === "string" && email.includes("@") ? email : FALLBACK_SUPPORT_EMAIL;
    })
    .catch(() => FALLBACK_SUPPORT_EMAIL);
  return pending;
}

/** Forgets the loaded address (tests). */
export function resetSupportEmail(): void {
  pending = undefined;
}

/**
 * The operator's support address, from configuration. Shows the fallback
 * until the configuration has answered; asks the server once per page load.
 */
export function useSupportEmail(): string {
  const [email, setEmail] = useState(FALLBACK_SUPPORT_EMAIL);
  useEffect(() => {
    let live = true;
    void loadSupportEmail().then((loaded) => {
      if (live) setEmail(loaded);
    });
    return () => {
      live = false;
    };
  }, []);
  return email;
}
