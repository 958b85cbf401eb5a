/**
 * The server's public settings (`GET /api/config/`), fetched once at start.
 * Only the Google client id is used: a string shows the Google button, null
 * hides it (and its script is never loaded).
 */
import { useEffect, useState } from "react";

export interface AppConfig {
  googleClientId: string | null;
  devOutbox: boolean;
}

const OFFLINE: AppConfig = Object.freeze({ googleClientId: null, devOutbox: false });

let pending: Promise<AppConfig> | undefined;
let loaded: AppConfig | undefined;

function parse(body: unknown): AppConfig {
  if (typeof body !== "object" || body === null) return OFFLINE;
  const { google_client_id: id, dev_outbox: outbox } = body as { google_client_id?: unknown; dev_outbox?: unknown };
  return { googleClientId: typeof id === "string" && id.trim() !== "" ? id : null, devOutbox: outbox === true };
}

/** The settings; never rejects (a failure means no Google button). */
export function loadConfig(): Promise<AppConfig> {
  pending ??= (async () => {
    try {
      const response = await fetch("/api/config/", { headers: { Accept: "application/json" }, credentials: "same-origin" });
      loaded = response.ok ? parse(await response.json()) : OFFLINE;
      if (!response.ok) console.warn(`GET /api/config/ answered ${response.status}: Google sign-in stays hidden.`);
    } catch (error) {
      console.warn("GET /api/config/ failed: Google sign-in stays hidden.", error);
      loaded = OFFLINE;
    }
    return loaded;
  })();
  return pending;
}

/** For tests: forget the fetched settings. */
export function resetConfig(): void {
  pending = undefined;
  loaded = undefined;
}

/** The Google client id: undefined while loading, then a string or null. */
export function useGoogleClientId(): string | null | undefined {
  const [id, setId] = useState<string | null | undefined>(loaded?.googleClientId);
  useEffect(() => {
    let active = true;
    void loadConfig().then((config) => {
      if (active) setId(config.googleClientId);
    });
    return () => {
      active = false;
    };
  }, []);
  return id;
}
