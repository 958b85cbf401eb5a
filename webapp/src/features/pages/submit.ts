/**
 * Sending the contact and custom-quote forms (`POST /api/contact/`,
 * `POST /api/b2b/quote/`) and reading the answer: 201 with `{id,
 * received_at}`; 400 with field errors `{"field": ["message"]}`; 429 with
 * `{"detail"}`. These forms are public: they go out without authorisation,
 * through the app's one client, and its one error reader splits the answer.
 */
import { call, type Answer } from "../../lib/api/client";
import type { RequestBody, Schemas } from "../../lib/api/types";
import { detailOf, splitErrors } from "../../lib/api/errors";

export type SubmitResult =
  | { type: "ok"; id: string; receivedAt: string }
  /** The first message per field; `general` holds messages not tied to a field. */
  | { type: "fields"; fields: Record<string, string>; general: string[] }
  | { type: "error"; message: string };

export const TOO_MANY = "You have sent several messages in a short time. Please wait a few minutes and try again.";

export function failedToSend(email: string): string {
  return `We couldn’t send your message just now. Please try again in a moment, or e-mail us at ${email}.`;
}

/** The enquiry endpoints and what each takes (from the OpenAPI document). */
export type EnquiryPath = "/api/contact/" | "/api/b2b/quote/";
export type EnquiryBodies = { [P in EnquiryPath]: RequestBody<P, "post"> };

export async function submitForm<P extends EnquiryPath>(path: P, body: RequestBody<P, "post">, supportEmail: string): Promise<SubmitResult> {
  let answer: Answer<Partial<Record<keyof Schemas["Received"], unknown>>>;
  try {
    answer = await call("post", path, { json: body });
  } catch {
    return { type: "error", message: failedToSend(supportEmail) };
  }
  if (answer.status === 201 || answer.status === 200) {
    const a = answer.body ?? {};
    return { type: "ok", id: String(a.id ?? ""), receivedAt: typeof a.received_at === "string" ? a.received_at : "" };
  }
  if (answer.status === 400) {
    const { fields, general } = splitErrors(answer.body);
    if (Object.keys(fields).length > 0 || general.length > 0) return { type: "fields", fields, general };
    return { type: "error", message: failedToSend(supportEmail) };
  }
  if (answer.status === 429) {
    return { type: "error", message: detailOf(answer.body) ?? TOO_MANY };
  }
  return { type: "error", message: failedToSend(supportEmail) };
}
