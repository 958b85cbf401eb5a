import { afterEach } from "vitest";
import { cleanup, configure } from "@testing-library/react";
import { drainWithRealTimers } from "./testing/timers";

drainWithRealTimers(configure);

afterEach(() => {
  cleanup();
});
