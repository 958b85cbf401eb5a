/**
 * The server's public settings (`GET /api/config/`), fetched once per page
 * load and shared: the Google client id (a string shows the Google button,
 * null hides it and its script is never loaded) and the support address.
 */
import { useEffect, useState } from "react";
import { api } from "./client";
import { createResource } from "./resource";
import type { components } from "./schema";

type ConfigBody = components["schemas"]["PublicConfig"];

/** Shown until the configuration answers, and when it has no usable address. */
export const FALLBACK_SUPPORT_EMAIL = "support@mentorbridge.in";

export interface AppConfig {
  googleClientId: string | null;
  devOutbox: boolean;
  supportEmail: string;
}

const OFFLINE: AppConfig = Object.freeze({ googleClientId: null, devOutbox: false, supportEmail: FALLBACK_SUPPORT_EMAIL });

function parse(body: Partial<Record<keyof ConfigBody, unknown>> | null): AppConfig {
  if (typeof body !== "object" || body === null) return OFFLINE;
  const { google_client_id: id, dev_outbox: outbox, support_email: email } = body;
  return {
    googleClientId: typeof id === "string" && id.trim() !== "" ? id : null,
    devOutbox: outbox === true,
    supportEmail: typeof email === "string" && email.includes("@") ? email : FALLBACK_SUPPORT_EMAIL,
  };
}

const config = createResource<AppConfig>({
  fetch: async () => {
    try {
      const answer = await api.send<ConfigBody>("/api/config/");
      if (!answer.ok) console.warn(`GET /api/config/ answered ${answer.status}: Google sign-in stays hidden.`);
      return answer.ok ? parse(answer.body) : OFFLINE;
    } catch (error) {
      console.warn("GET /api/config/ failed: Google sign-in stays hidden.", error);
      return OFFLINE;
    }
  },
});

/** The settings; never rejects (a failure means no Google button and the fallback address). */
export function loadConfig(): Promise<AppConfig> {
  return config.load();
}

/** For tests: forget the fetched settings. */
export function resetConfig(): void {
  config.reset();
}

/** One value of the settings; `pick` must be a stable (module-level) function. */
function useConfigValue<V>(pick: (config: AppConfig) => V, initial: V): V {
  const [value, setValue] = useState<V>(() => {
    const loaded = config.peek();
    return loaded === undefined ? initial : pick(loaded);
  });
  useEffect(() => {
    let active = true;
    void config.load().then((loaded) => {
      if (active) setValue(pick(loaded));
    });
    return () => {
      active = false;
    };
  }, [pick]);
  return value;
}

const googleClientId = (c: AppConfig) => c.googleClientId;
const supportEmail = (c: AppConfig) => c.supportEmail;

/** The Google client id: undefined while loading, then a string or null. */
export function useGoogleClientId(): string | null | undefined {
  return useConfigValue<string | null | undefined>(googleClientId, undefined);
}

/**
 * The operator's support address, from configuration. Shows the fallback
 * until the configuration has answered.
 */
export function useSupportEmail(): string {
  return useConfigValue(supportEmail, FALLBACK_SUPPORT_EMAIL);
}
