import { useLayoutEffect } from "react";

/**
 * The first screen the server drew in the page it sent
 * (`api/src/web/first_screen.rs`): the top of the home page, the listing or
 * a mentor's page, painted before the app's code has run. The app renders
 * behind it, hidden (`#first-screen + #root` in app/layout.css), and removes it
 * once its own screen is ready, in a layout effect, so the browser paints
 * the swap in one frame.
 */
const ID = "first-screen";

/** The route pattern the server drew, while its first screen is shown. */
export function drawnPattern(): string | undefined {
  return document.getElementById(ID)?.dataset.pattern;
}

/** Removes the server's first screen; the app's own screen shows from the next paint. */
export function releaseFirstScreen(): void {
  document.getElementById(ID)?.remove();
}

/** For a screen the server draws: releases the first screen once the screen is `ready` to replace it. */
export function useFirstScreenDone(ready = true): void {
  useLayoutEffect(() => {
    if (ready) releaseFirstScreen();
  }, [ready]);
}
