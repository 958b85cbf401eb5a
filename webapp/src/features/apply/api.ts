/**
 * The application calls (`/api/mentor-applications/…`), through the app's
 * one client. A signed-in person's calls are authorised (the client
 * refreshes an expired token and ends the session on a refusal, SPEC §4);
 * a guest's application goes out without a token, like a registration. Each
 * returns the answer as read; the screens decide what it means.
 *
 * The types are the OpenAPI document's (`just api-types`).
 */
import { api, call, type Answer } from "../../lib/api/client";
import type { Schemas } from "../../lib/api/types";

export type { Answer } from "../../lib/api/client";

/* ---------- Types (from the OpenAPI document) ---------- */

export type OfferedService = Schemas["ApplicationServiceBody"];
export type ApplicationBody = Schemas["ApplicationBody"];
export type GuestApplicationBody = Schemas["GuestApplicationBody"];
export type ApplicationStatus = "draft" | "pending" | "approved" | "rejected";
/** An application as its applicant sees it, with the statuses the server documents. */
export type Application = Omit<Schemas["ApplicationOut"], "status"> & { status: ApplicationStatus };

/** `POST /api/mentor-applications/photo/`, 201. */
export type UploadedPhoto = Schemas["UploadedPhoto"];

/* ---------- Calls ---------- */

export function submitApplication(body: ApplicationBody): Promise<Answer> {
  return call("post", "/api/mentor-applications/", { json: body, authorised: true });
}

export function applyWithAccount(body: GuestApplicationBody): Promise<Answer> {
  return call("post", "/api/mentor-applications/with-account/", { json: body });
}

/**
 * The signed-in person's applications, newest first: an empty array when
 * they have none (the list form, so that not having applied is not an error
 * answer in the browser's console, as `mine/`'s 404 would be).
 */
export function fetchMyApplications(): Promise<Answer> {
  return call("get", "/api/mentor-applications/", { authorised: true });
}

export function uploadApplicationPhoto(file: File): Promise<Answer<UploadedPhoto>> {
  const form = new FormData();
  form.append("photo", file);
  return api.send<UploadedPhoto>("/api/mentor-applications/photo/", { method: "POST", form, authorised: true, timeoutMs: 60_000 });
}

/** An answer's body as an application, when it looks like one. */
export function applicationFrom(body: unknown): Application | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const a = body as Partial<Application>;
  return typeof a.id === "string" && typeof a.status === "string" ? (a as Application) : undefined;
}
