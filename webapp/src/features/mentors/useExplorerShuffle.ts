import { useCallback, useEffect, useRef, useState } from "react";
import { chooseCategory, rotationIndex, rotationIntervalMs, seedIsStale } from "../../lib/domain";

/** sessionStorage: the shuffle seed of this visit, `{"seed": u32, "createdAt": ms}`. */
export const SEED_KEY = "explorerSeed";
/** sessionStorage: the category ids visited in this visit, a JSON array. */
export const VISITED_KEY = "explorerVisited";
/** localStorage: an override of the reshuffle interval in ms (SPEC §9). */
export const ROTATION_KEY = "explorerRotationMs";

export interface StoredSeed {
  seed: number;
  createdAt: number;
}

// Storage can be missing or throw (private modes, blocked cookies); the
// explorer then works for the page's lifetime without remembering anything.
function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function write(storage: () => Storage, key: string, value: string): void {
  try {
    storage().setItem(key, value);
  } catch {
    // Not remembered; nothing else to do.
  }
}

const session = () => window.sessionStorage;
const local = () => window.localStorage;

function parseJson(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The stored seed when it has the shape this file writes, else undefined. */
export function readSeed(): StoredSeed | undefined {
  const value = parseJson(read(session, SEED_KEY));
  if (typeof value !== "object" || value === null) return undefined;
  const { seed, createdAt } = value as Record<string, unknown>;
  if (typeof seed !== "number" || !Number.isInteger(seed) || seed < 0 || seed > 0xffff_ffff) return undefined;
  if (typeof createdAt !== "number" || !Number.isFinite(createdAt)) return undefined;
  return { seed, createdAt };
}

/** A new random seed, stored for this session. */
export function drawSeed(now: number): StoredSeed {
  const seed = crypto.getRandomValues(new Uint32Array(1))[0] ?? 0;
  const stored = { seed, createdAt: now };
  write(session, SEED_KEY, JSON.stringify(stored));
  return stored;
}

/** The session's seed, replaced when the domain module says it is stale. */
export function currentSeed(now: number): StoredSeed {
  const stored = readSeed();
  return stored !== undefined && !seedIsStale(stored.createdAt, now) ? stored : drawSeed(now);
}

export function readVisited(): string[] {
  const value = parseJson(read(session, VISITED_KEY));
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

interface Shuffle extends StoredSeed {
  rotation: number;
}

/**
 * The explorer's category, seed and rotation (SPEC §4, §9). The seed lives in
 * sessionStorage; the rotation is re-read from the clock on a timer whose
 * period the domain module takes from localStorage; choosing a category asks
 * the domain module whether to draw a new seed.
 */
export function useExplorerShuffle(): {
  category: string;
  seed: number;
  rotation: number;
  choose: (chosen: string) => void;
} {
  const [intervalMs] = useState(() => rotationIntervalMs(read(local, ROTATION_KEY)));
  const [category, setCategory] = useState("all");
  const [shuffle, setShuffle] = useState<Shuffle>(() => {
    const now = Date.now();
    const stored = currentSeed(now);
    return { ...stored, rotation: rotationIndex(stored.createdAt, now, intervalMs) };
  });
  // What the timer and the click handler read; both run after a commit.
  const latest = useRef({ shuffle, category });
  useEffect(() => {
    latest.current = { shuffle, category };
  }, [shuffle, category]);

  useEffect(() => {
    const timer = setInterval(() => {
      const now = Date.now();
      const current = latest.current.shuffle;
      const stored = seedIsStale(current.createdAt, now) ? drawSeed(now) : current;
      const rotation = rotationIndex(stored.createdAt, now, intervalMs);
      if (stored.seed !== current.seed || stored.createdAt !== current.createdAt || rotation !== current.rotation) {
        setShuffle({ seed: stored.seed, createdAt: stored.createdAt, rotation });
      }
    }, intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);

  const choose = useCallback(
    (chosen: string) => {
      const { category: current } = latest.current;
      const choice = chooseCategory(readVisited(), current, chosen);
      write(session, VISITED_KEY, JSON.stringify(choice.visited));
      if (choice.clearSeed) {
        const now = Date.now();
        const stored = drawSeed(now);
        setShuffle({ ...stored, rotation: rotationIndex(stored.createdAt, now, intervalMs) });
      }
      setCategory(chosen);
    },
    [intervalMs],
  );

  return { category, seed: shuffle.seed, rotation: shuffle.rotation, choose };
}
