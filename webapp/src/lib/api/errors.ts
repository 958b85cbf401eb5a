/**
 * The one reader of the API's error bodies (djoser / SimpleJWT conventions,
 * SPEC §5): field errors are `{"field": ["message", ...]}`, general errors
 * `{"detail": "..."}`; `non_field_errors` holds messages about no one field.
 */

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** One message of an error body, in the body's order. */
export interface ErrorMessage {
  /** The body's key: a field, `non_field_errors` or `detail`. */
  key: string;
  /** The field it is about; undefined for `non_field_errors` and `detail`. */
  field: string | undefined;
  message: string;
}

const GENERAL = new Set(["non_field_errors", "detail"]);

/**
 * Every message of an error body, the first of each field, in the body's
 * order: a field's value is a list of messages (its first non-empty text is
 * taken); `detail` is one text. Anything else (SimpleJWT's `code`, numbers)
 * is not a message.
 */
export function errorMessages(body: unknown): ErrorMessage[] {
  const messages: ErrorMessage[] = [];
  if (!isRecord(body)) return messages;
  for (const [key, value] of Object.entries(body)) {
    let first: string | undefined;
    if (Array.isArray(value)) {
      const head: unknown = value[0];
      first = typeof head === "string" && head !== "" ? head : undefined;
    } else if (key === "detail" && typeof value === "string" && value !== "") {
      first = value;
    }
    if (first !== undefined) messages.push({ key, field: GENERAL.has(key) ? undefined : key, message: first });
  }
  return messages;
}

/** A general error's `detail`, when it has one. */
export function detailOf(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  const detail = body["detail"];
  return typeof detail === "string" && detail !== "" ? detail : undefined;
}

/** The first message of each field, `non_field_errors` included under its own name. */
export function fieldErrors(body: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const { key, message } of errorMessages(body)) if (key !== "detail") errors[key] = message;
  return errors;
}

/**
 * A 400 answer split for a form: the first message of each field the form
 * shows, and one message for the rest (`non_field_errors`, a field the form
 * does not have, or else `detail`).
 */
export function formErrors<K extends string>(body: unknown, shown: readonly K[]): { fields: Partial<Record<K, string>>; other: string | undefined } {
  const fields: Partial<Record<K, string>> = {};
  let other: string | undefined;
  for (const [field, message] of Object.entries(fieldErrors(body))) {
    if ((shown as readonly string[]).includes(field)) fields[field as K] = message;
    else other ??= message;
  }
  return { fields, other: other ?? detailOf(body) };
}

/**
 * The first message per field and the general ones (`non_field_errors`,
 * `detail`) in the body's order: the enquiry forms show every general
 * message in their alert.
 */
export function splitErrors(body: unknown): { fields: Record<string, string>; general: string[] } {
  const fields: Record<string, string> = {};
  const general: string[] = [];
  for (const { field, message } of errorMessages(body)) {
    if (field === undefined) general.push(message);
    else fields[field] = message;
  }
  return { fields, general };
}
