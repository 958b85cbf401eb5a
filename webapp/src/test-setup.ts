import { afterEach } from "vitest";
import { cleanup, configure } from "@testing-library/react";
import { drainWithRealTimers } from "./testing/timers";
import { loadDashboardRules, loadMentoringRules, loadOnDemand, loadPasswordRules } from "./lib/domain";

// Tests call any rule at any time: the wasm modules the app fetches later
// (on demand, on the password screens, on the mentors' forms and on the
// dashboards) are there before the first test.
await Promise.all([loadOnDemand(), loadPasswordRules(), loadMentoringRules(), loadDashboardRules()]);

drainWithRealTimers(configure);

// `findBy…`/`waitFor` give up after this long (real time): a deadline for
// what never comes, not a race. The default, 1 s, is less than a busy
// machine can take to transform and load a lazy screen's module the first
// time a test renders it.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
});
