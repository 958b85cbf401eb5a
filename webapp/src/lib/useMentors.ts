import { useCallback, useEffect, useState } from "react";
import { cachedMentors, loadMentors, onMentorList, type Mentor, type MentorList } from "./api/mentors";

export type MentorsState =
  | { status: "loading" }
  | { status: "ready"; mentors: readonly Mentor[] }
  /** Every attempt failed: the fallback (empty) list, and why. */
  | { status: "error"; mentors: readonly Mentor[]; message: string };

function stateOf(list: MentorList): MentorsState {
  return list.type === "ok" ? { status: "ready", mentors: list.mentors } : { status: "error", mentors: list.mentors, message: list.message };
}

function initialState(): MentorsState {
  const mentors = cachedMentors();
  return mentors === undefined ? { status: "loading" } : { status: "ready", mentors };
}

/**
 * The shared mentor list (SPEC §4): served from the cache when it is usable,
 * updated when a background refresh lands; `retry` asks again after a failure.
 */
export function useMentors(): { state: MentorsState; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<MentorsState>(initialState);

  useEffect(() => {
    let active = true;
    const unsubscribe = onMentorList((list) => {
      if (active) setState(stateOf(list));
    });
    loadMentors().then(
      (list) => {
        if (active) setState(stateOf(list));
      },
      (error: unknown) => {
        // Only a bug gets here: the loader turns every failure into the fallback list.
        if (active) setState({ status: "error", mentors: [], message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      active = false;
      unsubscribe();
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setState({ status: "loading" });
    setAttempt((n) => n + 1);
  }, []);
  return { state, retry };
}
