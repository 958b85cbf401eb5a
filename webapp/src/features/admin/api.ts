/**
 * The administrators' calls (`/api/admin/…`), all authorised, through the
 * app's one client: the client refreshes an expired token and ends the
 * session on a refusal (SPEC §4). Each returns the answer as read; the
 * dashboard decides what it means. Types are the OpenAPI document's.
 */
import { api, type Answer } from "../../lib/api/client";
import type { Schemas } from "../../lib/api/types";

export type { Answer } from "../../lib/api/client";

export type QueueFilter = "pending" | "approved" | "rejected" | "all";

/** An application as administrators see it, with the statuses the server documents. */
export type QueuedApplication = Omit<Schemas["AdminApplicationOut"], "status"> & { status: "draft" | "pending" | "approved" | "rejected" };

const BASE = "/api/admin/mentor-applications/";

/** The queue, oldest first. */
export function fetchQueue(filter: QueueFilter, signal?: AbortSignal): Promise<Answer<QueuedApplication[]>> {
  return api.send<QueuedApplication[]>(`${BASE}?status=${filter}`, { authorised: true, ...(signal ? { signal } : {}) });
}

export function approveApplication(id: string): Promise<Answer<QueuedApplication>> {
  return api.send<QueuedApplication>(`${BASE}${encodeURIComponent(id)}/approve/`, { method: "POST", authorised: true });
}

export function rejectApplication(id: string, reason: string): Promise<Answer<QueuedApplication>> {
  const body: Schemas["RejectApplicationBody"] = { reason };
  return api.send<QueuedApplication>(`${BASE}${encodeURIComponent(id)}/reject/`, { method: "POST", json: body, authorised: true });
}

/** An answer's body as an application, when it looks like one. */
export function queuedFrom(body: unknown): QueuedApplication | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const a = body as Partial<QueuedApplication>;
  return typeof a.id === "string" && typeof a.status === "string" ? (a as QueuedApplication) : undefined;
}
