import { Children, startTransition, useEffect, useState, type ReactNode } from "react";

/**
 * Mounts its children one after another, a task each (issue 22): a long
 * stretch of page rendered in one go blocks a slow phone's main thread for
 * hundreds of milliseconds, while one section at a time keeps every task
 * short. For what is below the fold only: each child appears as soon as the
 * browser is free, in order.
 */
export function OneByOne({ children }: { children: ReactNode }) {
  const all = Children.toArray(children);
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (shown >= all.length) return;
    return nextTask(() => startTransition(() => setShown((n) => n + 1)));
  }, [shown, all.length]);
  return <>{all.slice(0, shown)}</>;
}

/** Runs `run` in a task of its own, after the browser has had its turn; returns a cancel. */
function nextTask(run: () => void): () => void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => run();
  channel.port2.postMessage(null);
  return () => channel.port1.close();
}
