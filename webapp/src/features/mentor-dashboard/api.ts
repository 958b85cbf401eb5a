/**
 * The mentor dashboard's calls (`/api/mentor/…`), all authorised, through
 * the app's one client: the client refreshes an expired token and ends the
 * session on a refusal (SPEC §4). Each returns the answer as read; the
 * sections decide what it means for the mentor.
 *
 * The bodies' types are the OpenAPI document's (`just api-types`); the
 * availability is the crate's type, which the slot rule reads in the
 * browser too.
 */
import type { Availability as DomainAvailability } from "../../lib/domain";
import { api, call, type Answer } from "../../lib/api/client";
import type { Schemas } from "../../lib/api/types";

export type { Answer } from "../../lib/api/client";

/* ---------- Types (generated from the OpenAPI document) ---------- */

/** `GET`, `PATCH /api/mentor/profile/`: the mentor's own public profile. */
export type MentorProfile = Schemas["OwnProfile"];
/** What a mentor edits of it (absent: unchanged). */
export type ProfileFields = Schemas["MentorProfileBody"];
export type EducationEntry = Schemas["ProfileEducation"];
export type ExperienceEntry = Schemas["ProfileExperience"];
export type ProjectEntry = Schemas["ProfileProject"];

/** A service as the server answers it, with the platform's commission. */
export type MentorService = Schemas["MentorService"];
/** What a mentor sets of a service (`POST`, `PATCH`). */
export type ServiceFields = Schemas["MentorServiceBody"];

/** `GET`, `PUT /api/mentor/availability/`: the rules, and whether the mentor has ever saved any. */
export type StoredAvailability = Schemas["MentorAvailability"];
export type TimeRange = Schemas["AvailabilityTimeRange"];
export type DateOverride = Schemas["AvailabilityOverride"];
/**
 * The body of `PUT /api/mentor/availability/` as the editor builds it,
 * every list and number present: both the API's body and the crate's
 * `Availability`, which the slot rule reads in the browser.
 */
export interface Availability extends DomainAvailability {
  weekly: Schemas["AvailabilityWeeklyRange"][];
  overrides: DateOverride[];
  buffer_before_minutes: number;
  buffer_after_minutes: number;
  minimum_notice_minutes: number;
  /** Absent: no cap. */
  max_sessions_per_day?: number;
  /** Absent: one session after another. */
  slot_interval_minutes?: number;
}

/** `POST /api/mentor/photo/`, 201: the stored photo and its tiny blurred placeholder (a data: URL). */
export type UploadedPhoto = Schemas["UploadedPhoto"];

/* ---------- Calls ---------- */

const authorised = { authorised: true } as const;

export function fetchProfile(): Promise<Answer<MentorProfile>> {
  return call("get", "/api/mentor/profile/", authorised);
}

export function updateProfile(changes: ProfileFields): Promise<Answer<MentorProfile>> {
  return call("patch", "/api/mentor/profile/", { ...authorised, json: changes });
}

/** A photo for the profile, as the multipart field `photo`. */
export function uploadPhoto(file: File): Promise<Answer<UploadedPhoto>> {
  const form = new FormData();
  form.append("photo", file);
  return call("post", "/api/mentor/photo/", { ...authorised, form });
}

export function fetchServices(): Promise<Answer<MentorService[]>> {
  return call("get", "/api/mentor/services/", authorised);
}

export function createService(fields: ServiceFields): Promise<Answer<MentorService>> {
  return call("post", "/api/mentor/services/", { ...authorised, json: fields });
}

export function updateService(id: number, changes: ServiceFields): Promise<Answer<MentorService>> {
  return api.send<MentorService>(`/api/mentor/services/${id}/`, { ...authorised, method: "PATCH", json: changes });
}

export function deleteService(id: number): Promise<Answer> {
  return api.send(`/api/mentor/services/${id}/`, { ...authorised, method: "DELETE" });
}

export function fetchAvailability(): Promise<Answer<StoredAvailability>> {
  return call("get", "/api/mentor/availability/", authorised);
}

export function saveAvailability(availability: Availability): Promise<Answer<StoredAvailability>> {
  const { max_sessions_per_day: cap, slot_interval_minutes: interval, ...rules } = availability;
  const json: Schemas["AvailabilityBody"] = rules;
  if (cap !== undefined) json.max_sessions_per_day = cap;
  if (interval !== undefined) json.slot_interval_minutes = interval;
  return call("put", "/api/mentor/availability/", { ...authorised, json });
}
