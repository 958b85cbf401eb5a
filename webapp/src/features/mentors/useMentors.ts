import { useCallback, useEffect, useState } from "react";
import { fetchMentors, type Mentor } from "./api";

export type MentorsState =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; mentors: Mentor[] };

/** Loads the mentor list once per mount; `retry` loads it again. */
export function useMentors(): { state: MentorsState; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<MentorsState>({ status: "loading" });

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: "loading" });
    fetchMentors(controller.signal).then(
      (mentors) => setState({ status: "ready", mentors }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof Error ? error.message : String(error);
        console.warn("Could not load mentors:", message);
        setState({ status: "error", message });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
