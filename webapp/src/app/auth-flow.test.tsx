import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { session } from "../lib/session";
import { aUser, callsTo, json, logIn, mockApi, resetAuth } from "../testing";
import { appRoutes } from "./router";

function renderAt(path: string) {
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

function here(router: ReturnType<typeof renderAt>): string {
  return router.state.location.pathname + router.state.location.search;
}

async function signInWithForm(email: string, password: string) {
  fireEvent.change(await screen.findByLabelText("E-mail address"), { target: { value: email } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: password } });
  fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
}

function header() {
  return within(screen.getByRole("banner"));
}

beforeEach(() => {
  resetAuth();
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetAuth();
});

describe("the login guard", () => {
  it("sends a guest from a protected page to login and remembers the path with its query", async () => {
    mockApi({});
    const router = renderAt("/my-bookings?tab=upcoming");
    await waitFor(() => expect(here(router)).toBe("/auth/login"));
    expect(await screen.findByRole("heading", { level: 1, name: "Welcome back" })).toBeTruthy();
    expect(localStorage.getItem("redirectPath")).toBe("/my-bookings?tab=upcoming");
  });

  it("sends a logged-in user away from login and register to the home page", async () => {
    mockApi({});
    logIn();
    // Signed in a while ago: the login's own destination was reached already.
    session.clearArrival();
    const router = renderAt("/auth/login");
    await waitFor(() => expect(here(router)).toBe("/"));
    await act(async () => {
      await router.navigate("/auth/register");
    });
    await waitFor(() => expect(here(router)).toBe("/"));
  });

  it("lets a logged-in user see a protected page", async () => {
    mockApi({});
    logIn();
    const router = renderAt("/dashboard/user");
    expect(await screen.findByRole("heading", { level: 1, name: "Your dashboard" })).toBeTruthy();
    expect(here(router)).toBe("/dashboard/user");
  });
});

describe("logging in and out", () => {
  it("returns to the remembered page after login, then shows Profile and Logout", async () => {
    const calls = mockApi({
      "POST /api/login/": json(200, { token: "a1", refresh: "r1", user: aUser() }),
    });
    const router = renderAt("/my-bookings?tab=upcoming");
    await signInWithForm("Asha@Example.com ", "Secret#123");
    await waitFor(() => expect(here(router)).toBe("/my-bookings?tab=upcoming"));
    expect(await screen.findByRole("heading", { level: 1, name: "My bookings" })).toBeTruthy();
    // The domain's checkEmail trims and lower-cases the address before it is sent.
    expect(callsTo(calls, "POST", "/api/login/")[0]?.body).toEqual({ email: "asha@example.com", password: "Secret#123" });
    expect(localStorage.getItem("redirectPath")).toBeNull();
    expect(localStorage.getItem("token")).toBe("a1");
    expect(header().getByRole("link", { name: "Profile" }).getAttribute("href")).toBe("/dashboard/user");
    expect(header().queryByRole("link", { name: "Sign In" })).toBeNull();

    fireEvent.click(header().getByRole("button", { name: "Logout" }));
    await waitFor(() => expect(here(router)).toBe("/auth/login"));
    expect(localStorage.getItem("token")).toBeNull();
    // Logging out forgets the page: it is not remembered again on the way out.
    expect(localStorage.getItem("redirectPath")).toBeNull();
    expect(callsTo(calls, "POST", "/api/logout/")[0]?.body).toEqual({ refresh: "r1" });
    expect(header().getByRole("link", { name: "Sign In" })).toBeTruthy();
    expect(header().getByRole("link", { name: "Get Started" })).toBeTruthy();
  });

  it("lands a learner on their dashboard after a login nobody was sent to", async () => {
    mockApi({ "POST /api/login/": json(200, { token: "a1", refresh: "r1", user: aUser() }) });
    const router = renderAt("/auth/login");
    await signInWithForm("asha@example.com", "Secret#123");
    await waitFor(() => expect(here(router)).toBe("/dashboard/user"));
  });

  it("lands a mentor on their requests", async () => {
    mockApi({ "POST /api/login/": json(200, { token: "a1", refresh: "r1", user: aUser({ role: "mentor", mentor_id: 3 }) }) });
    const router = renderAt("/auth/login");
    await signInWithForm("asha@example.com", "Secret#123");
    await waitFor(() => expect(here(router)).toBe("/dashboard/mentor?tab=requests"));
  });

  it("lands an administrator on the admin dashboard", async () => {
    mockApi({ "POST /api/login/": json(200, { token: "a2", refresh: "r2", user: aUser({ role: "admin" }) }) });
    const router = renderAt("/auth/login");
    await signInWithForm("asha@example.com", "Secret#123");
    await waitFor(() => expect(here(router)).toBe("/dashboard/admin"));
  });

  it("returns a mentor to the remembered page rather than their dashboard", async () => {
    mockApi({ "POST /api/login/": json(200, { token: "a1", refresh: "r1", user: aUser({ role: "mentor", mentor_id: 3 }) }) });
    const router = renderAt("/my-bookings?tab=upcoming");
    await signInWithForm("asha@example.com", "Secret#123");
    await waitFor(() => expect(here(router)).toBe("/my-bookings?tab=upcoming"));
  });

  it("completes the profile first when a contact number is needed, then goes to the remembered page", async () => {
    const calls = mockApi({
      "POST /api/login/": json(200, { token: "a1", refresh: "r1", user: aUser({ contact_number: null, requires_contact_number: true, profile_complete: false }) }),
      "POST /api/accounts/complete-profile/": json(200, {
        user: aUser({ contact_number: "+919876543210" }),
        profile_complete: true,
        requires_contact_number: false,
      }),
    });
    const router = renderAt("/feedback");
    await signInWithForm("asha@example.com", "Secret#123");
    await waitFor(() => expect(here(router)).toBe("/complete-profile"));
    expect(await screen.findByRole("heading", { level: 1, name: "Complete your profile" })).toBeTruthy();
    expect(screen.queryByRole("banner")).toBeNull();
    expect(document.querySelector(".site-footer")).toBeNull();

    fireEvent.change(screen.getByLabelText("Contact number"), { target: { value: "98765 43210" } });
    fireEvent.click(screen.getByRole("button", { name: "Save and Continue" }));
    await waitFor(() => expect(here(router)).toBe("/feedback"));
    const sent = callsTo(calls, "POST", "/api/accounts/complete-profile/")[0];
    expect(sent?.body).toEqual({ contact_number: "+919876543210", name: "Asha Rao" });
    expect(sent?.headers.get("Authorization")).toBe("Bearer a1");
    expect(localStorage.getItem("requires_contact_number")).toBe("false");
    expect(localStorage.getItem("redirectPath")).toBeNull();
  });

  it("a forced logout on a protected page goes to login without remembering the page", async () => {
    mockApi({});
    logIn();
    const router = renderAt("/dashboard/user");
    await screen.findByRole("heading", { level: 1, name: "Your dashboard" });
    act(() => session.endSession());
    await waitFor(() => expect(here(router)).toBe("/auth/login"));
    expect(localStorage.getItem("redirectPath")).toBeNull();
    expect(await screen.findByRole("heading", { level: 1, name: "Welcome back" })).toBeTruthy();
  });

  it("a logout in another tab moves this tab to login", async () => {
    mockApi({});
    logIn();
    const router = renderAt("/mentors");
    await screen.findByRole("heading", { level: 1 });
    act(() => {
      localStorage.removeItem("token");
      window.dispatchEvent(new StorageEvent("storage", { key: "token", newValue: null, storageArea: localStorage }));
    });
    await waitFor(() => expect(here(router)).toBe("/auth/login"));
  });

  it("a login in another tab moves this tab off the login screen", async () => {
    mockApi({});
    const router = renderAt("/auth/login");
    await screen.findByRole("heading", { level: 1, name: "Welcome back" });
    act(() => {
      localStorage.setItem("sessionClock", JSON.stringify({ setAt: Date.now(), refreshedAt: null }));
      localStorage.setItem("user", JSON.stringify(aUser()));
      localStorage.setItem("token", "a-other");
      window.dispatchEvent(new StorageEvent("storage", { key: "token", newValue: "a-other", storageArea: localStorage }));
    });
    await waitFor(() => expect(here(router)).toBe("/"));
  });
});
