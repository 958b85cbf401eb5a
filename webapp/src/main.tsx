// Global tokens and primitives first: feature styles must come later in the cascade.
import "./styles/global.css";
import { StrictMode, Suspense, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { AppErrorBoundary } from "./app/AppErrorBoundary";
import { createAppRouter } from "./app/router";
import { FullScreenSpinner, runIntro } from "./features/home";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

// The intro screen came with the HTML on the first page of a browser
// session: take it over, over whichever screen the app shows underneath.
const intro = document.getElementById("intro");
if (intro) runIntro(intro, { shownAt: (window as { __introShownAt?: number }).__introShownAt });

// The first render as a transition: React yields to the browser every few
// milliseconds instead of rendering the whole screen in one long task.
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <AppErrorBoundary>
        <Suspense fallback={<FullScreenSpinner />}>
          <RouterProvider router={createAppRouter()} />
        </Suspense>
      </AppErrorBoundary>
    </StrictMode>,
  );
});
