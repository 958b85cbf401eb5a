/**
 * The administrators' webhook calls (issue 25), through the app's one
 * client. Each returns the answer as read; the panel decides what it means.
 * The types are the server's OpenAPI document's (`just api-types`).
 */
import { api, type Answer } from "../../lib/api/client";
import type { Schemas } from "../../lib/api/types";

export type WebhookEndpoint = Schemas["WebhookEndpoint"];
export type WebhookEvent = Schemas["WebhookEvent"];
export type WebhookDelivery = Schemas["WebhookDelivery"];
export type CreatedEndpoint = Schemas["WebhookEndpointWithSecret"];
export type ChangedEndpoint = Schemas["WebhookEndpointChanged"];

const BASE = "/api/admin/webhooks/";

export function fetchEndpoints(signal?: AbortSignal): Promise<Answer<WebhookEndpoint[]>> {
  return api.send<WebhookEndpoint[]>(BASE, { authorised: true, ...(signal ? { signal } : {}) });
}

export function fetchEvents(signal?: AbortSignal): Promise<Answer<WebhookEvent[]>> {
  return api.send<WebhookEvent[]>(`${BASE}events/`, { authorised: true, ...(signal ? { signal } : {}) });
}

export function createEndpoint(body: { url: string; events: string[]; description: string; secret?: string }): Promise<Answer<CreatedEndpoint>> {
  return api.send<CreatedEndpoint>(BASE, { method: "POST", json: body, authorised: true });
}

export function changeEndpoint(
  id: number,
  change: { active?: boolean; rotate_secret?: boolean; events?: string[]; description?: string; url?: string },
): Promise<Answer<ChangedEndpoint>> {
  return api.send<ChangedEndpoint>(`${BASE}${id}/`, { method: "PATCH", json: change, authorised: true });
}

export function removeEndpoint(id: number): Promise<Answer<unknown>> {
  return api.send(`${BASE}${id}/`, { method: "DELETE", authorised: true, read: "text" });
}

export function fetchDeliveries(id: number, signal?: AbortSignal): Promise<Answer<WebhookDelivery[]>> {
  return api.send<WebhookDelivery[]>(`${BASE}${id}/deliveries/?limit=50`, { authorised: true, ...(signal ? { signal } : {}) });
}
