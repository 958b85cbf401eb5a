import { useCallback, useEffect, useState } from "react";
import { cachedMentor, loadMentor, type Mentor, type MentorDetail } from "../../lib/api/mentors";

export type MentorState =
  | { status: "loading"; id: number }
  | { status: "ready"; id: number; mentor: Mentor }
  | { status: "notFound"; id: number }
  | { status: "error"; id: number; message: string };

function stateOf(id: number, detail: MentorDetail): MentorState {
  switch (detail.type) {
    case "ok":
      return { status: "ready", id, mentor: detail.mentor };
    case "notFound":
      return { status: "notFound", id };
    case "failed":
      return { status: "error", id, message: detail.message };
  }
}

function initialState(id: number): MentorState {
  const mentor = cachedMentor(id);
  return mentor === undefined ? { status: "loading", id } : { status: "ready", id, mentor };
}

/**
 * One mentor by id: at once when a usable cache has it, else fetched with
 * the list's retry policy; `retry` asks again after a failure.
 */
export function useMentor(id: number): { state: MentorState; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<MentorState>(() => initialState(id));

  // A new id (client-side navigation between profiles) starts over.
  const current = state.id === id ? state : initialState(id);
  if (current !== state) setState(current);

  useEffect(() => {
    let active = true;
    loadMentor(id).then(
      (detail) => {
        if (active) setState(stateOf(id, detail));
      },
      (error: unknown) => {
        if (active) setState({ status: "error", id, message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      active = false;
    };
  }, [id, attempt]);

  const retry = useCallback(() => {
    setState({ status: "loading", id });
    setAttempt((n) => n + 1);
  }, [id]);
  return { state: current, retry };
}
