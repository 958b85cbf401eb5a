/**
 * Sending the contact and custom-quote forms (`POST /api/contact/`,
 * `POST /api/b2b/quote/`) and reading the answer: 201 with `{id,
 * received_at}`; 400 with field errors `{"field": ["message"]}`; 429 with
 * `{"detail"}`. These forms are public: they go out without authorisation.
 */

export type SubmitResult =
  | { type: "ok"; id: string; receivedAt: string }
  /** The first message per field; `general` holds messages not tied to a field. */
  | { type: "fields"; fields: Record<string, string>; general: string[] }
  | { type: "error"; message: string };

export const TOO_MANY = "You have sent several messages in a short time. Please wait a few minutes and try again.";

export function failedToSend(email: string): string {
  return `We couldn’t send your message just now. Please try again in a moment, or e-mail us at ${email}.`;
}

/** The first message of each field in a `{"field": ["message", ...]}` body. */
export function firstMessages(body: unknown): { fields: Record<string, string>; general: string[] } {
  const fields: Record<string, string> = {};
  const general: string[] = [];
  if (typeof body !== "object" || body === null || Array.isArray(body)) return { fields, general };
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    const first = Array.isArray(value) ? value.find((v): v is string => typeof v === "string") : typeof value === "string" ? value : undefined;
    if (first === undefined) continue;
    if (key === "non_field_errors" || key === "detail") general.push(first);
    else fields[key] = first;
  }
  return { fields, general };
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

export async function submitForm(path: string, body: Record<string, unknown>, supportEmail: string): Promise<SubmitResult> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      credentials: "same-origin",
      body: JSON.stringify(body),
    });
  } catch {
    return { type: "error", message: failedToSend(supportEmail) };
  }
  const answer = await readJson(response);
  if (response.status === 201 || response.status === 200) {
    const a = (answer ?? {}) as { id?: unknown; received_at?: unknown };
    return { type: "ok", id: String(a.id ?? ""), receivedAt: typeof a.received_at === "string" ? a.received_at : "" };
  }
  if (response.status === 400) {
    const { fields, general } = firstMessages(answer);
    if (Object.keys(fields).length > 0 || general.length > 0) return { type: "fields", fields, general };
    return { type: "error", message: failedToSend(supportEmail) };
  }
  if (response.status === 429) {
    const detail = (answer as { detail?: unknown } | undefined)?.detail;
    return { type: "error", message: typeof detail === "string" && detail ? detail : TOO_MANY };
  }
  return { type: "error", message: failedToSend(supportEmail) };
}
