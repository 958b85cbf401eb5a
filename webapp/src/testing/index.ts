/**
 * Test helpers, one folder for the whole app: the API stand-in, rendering in
 * a memory router, a mentor and its endpoints, a logged-in session, and fake timers that move only when
 * a test moves them. Imported by tests only.
 */
export { callsTo, json, mockApi, type Call, type Handler } from "./api";
export { pathOf, renderAt, renderScreen, skippedHeadingLevels } from "./render";
export { mentorAnswer, pallavi, serveMentors } from "./mentors";
export { aUser, logIn, resetAuth } from "./session";
export { useFakeClock } from "./timers";
