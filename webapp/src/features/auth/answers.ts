/**
 * Reading the API's answers (djoser / SimpleJWT conventions, SPEC §5):
 * field errors are `{"field": ["message", ...]}`, general errors
 * `{"detail": "..."}`.
 */

/** An answer read in full: status, parsed JSON (or null) and the raw text. */
export interface Answer {
  status: number;
  body: unknown;
  text: string;
}

/** Reads a response's body once; a body that is not JSON gives `body: null`. */
export async function readAnswer(response: Response): Promise<Answer> {
  const text = await response.text();
  let body: unknown = null;
  if (text.trim() !== "") {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  return { status: response.status, body, text };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The first message of each field of a 400 answer (SPEC §5); `non_field_errors` included. */
export function fieldErrors(body: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!isRecord(body)) return errors;
  for (const [field, value] of Object.entries(body)) {
    if (Array.isArray(value)) {
      const first: unknown = value[0];
      if (typeof first === "string" && first !== "") errors[field] = first;
    }
  }
  return errors;
}

/** A general error's `detail`, when it has one. */
export function detailOf(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  const detail = body["detail"];
  return typeof detail === "string" && detail !== "" ? detail : undefined;
}

/** A JSON POST without authorisation; rejects only when nothing came back. */
export async function postJson(path: string, payload: unknown, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(path, {
    method: "POST",
    headers: { Accept: "application/json", "Content-Type": "application/json" },
    credentials: "same-origin",
    body: JSON.stringify(payload),
    ...init,
  });
  return readAnswer(response);
}

/**
 * A 400 answer split for a form: the first message of each field the form
 * shows, and one message for the rest (`non_field_errors`, a field the form
 * does not have, or `detail`).
 */
export function formErrors<K extends string>(body: unknown, shown: readonly K[]): { fields: Partial<Record<K, string>>; other: string | undefined } {
  const all = fieldErrors(body);
  const fields: Partial<Record<K, string>> = {};
  let other: string | undefined;
  for (const [field, message] of Object.entries(all)) {
    if ((shown as readonly string[]).includes(field)) fields[field as K] = message;
    else other ??= message;
  }
  return { fields, other: other ?? detailOf(body) };
}
