// Global tokens and primitives first: feature styles must come later in the cascade.
import "./styles/global.css";
import { StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { AppErrorBoundary } from "./app/AppErrorBoundary";
import { createAppRouter } from "./app/router";
import { FullScreenSpinner, IntroLoader } from "./features/home";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

createRoot(container).render(
  <StrictMode>
    <AppErrorBoundary>
      <Suspense fallback={<FullScreenSpinner />}>
        <RouterProvider router={createAppRouter()} />
      </Suspense>
    </AppErrorBoundary>
    {/* Once per page load, over whichever screen the app shows underneath. */}
    <IntroLoader />
  </StrictMode>,
);
