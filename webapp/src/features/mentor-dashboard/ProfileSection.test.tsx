/**
 * The mentor dashboard's overview and profile: what to do next, loading,
 * saving through the crate's check, the server's field errors, the photo.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type Mock } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { loadDashboardRules } from "../../lib/domain";
import { aUser, callsTo, json, logIn, mockApi, pathOf, renderScreen, resetAuth, skippedHeadingLevels } from "../../testing";
import { aProfile, aService, anAvailability } from "./fixtures.test-util";
import MentorDashboardPage from "./MentorDashboardPage";

function renderDashboard(path = "/dashboard/mentor") {
  return renderScreen(path, [{ path: "/dashboard/mentor", element: <MentorDashboardPage /> }]);
}

beforeAll(() => loadDashboardRules());

beforeEach(() => {
  resetAuth();
  logIn(aUser({ role: "mentor", mentor_id: 3 }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetAuth();
});

describe("the overview", () => {
  it("shows how complete the profile is, the next step and the public profile link", async () => {
    const calls = mockApi({
      "GET /api/mentor/profile/": json(200, aProfile()),
      "GET /api/mentor/services/": json(200, [aService()]),
      "GET /api/mentor/availability/": json(200, anAvailability({ configured: false, weekly: [] })),
    });
    const router = renderDashboard();
    expect(await screen.findByRole("heading", { level: 1, name: "Mentor dashboard" })).toBeTruthy();
    const next = await screen.findByTestId("next-step");
    // No photo yet: that comes first.
    expect(next.textContent).toContain("Add a photo so learners can put a face to your name.");
    expect(screen.getByRole("progressbar", { name: "Profile completeness" }).getAttribute("aria-valuenow")).toBe("67");
    expect(screen.getByTestId("public-profile-link").getAttribute("href")).toBe("/mentors/3-asha-rao");
    expect(callsTo(calls, "GET", "/api/mentor/profile/")[0]?.headers.get("Authorization")).toBe("Bearer access-1");
    expect(skippedHeadingLevels()).toEqual([]);
    fireEvent.click(within(next).getByRole("button", { name: "Edit profile" }));
    expect(pathOf(router)).toBe("/dashboard/mentor?tab=profile");
  });

  it("asks for availability once the profile and a service are there", async () => {
    mockApi({
      "GET /api/mentor/profile/": json(200, aProfile({ image_url: "/media/p/1.webp" })),
      "GET /api/mentor/services/": json(200, [aService()]),
      "GET /api/mentor/availability/": json(200, anAvailability({ configured: false, weekly: [] })),
    });
    const router = renderDashboard();
    const next = await screen.findByTestId("next-step");
    await waitFor(() => expect(next.textContent).toContain("Set your availability so learners can book you."));
    fireEvent.click(within(next).getByRole("button", { name: "Set availability" }));
    expect(pathOf(router)).toBe("/dashboard/mentor?tab=availability");
    expect(await screen.findByRole("heading", { level: 2, name: "Availability" })).toBeTruthy();
  });

  it("says a newly approved mentor without open hours is not listed, why, and where to fix it", async () => {
    const message = "You have no open hours yet. Set your weekly availability so learners can pick a time.";
    mockApi({
      "GET /api/mentor/profile/": json(200, aProfile({ listed: false, not_listed: [{ reason: "no_open_hours", message }] })),
      "GET /api/mentor/services/": json(200, [aService()]),
      "GET /api/mentor/availability/": json(200, anAvailability({ configured: false, weekly: [] })),
    });
    const router = renderDashboard();
    const notice = await screen.findByTestId("not-listed");
    expect(within(notice).getByRole("heading", { name: "Your profile is not listed yet" })).toBeTruthy();
    expect(notice.textContent).toContain(message);
    expect(skippedHeadingLevels()).toEqual([]);
    fireEvent.click(within(notice).getByRole("button", { name: "Set availability" }));
    expect(pathOf(router)).toBe("/dashboard/mentor?tab=availability");
  });

  it("says nothing of listing while the profile is listed", async () => {
    mockApi({
      "GET /api/mentor/profile/": json(200, aProfile()),
      "GET /api/mentor/services/": json(200, [aService()]),
      "GET /api/mentor/availability/": json(200, anAvailability()),
    });
    renderDashboard();
    await screen.findByTestId("next-step");
    expect(screen.queryByTestId("not-listed")).toBeNull();
  });

  it("moves between sections with the arrow keys", async () => {
    mockApi({ "GET /api/mentor/profile/": json(200, aProfile()) });
    const router = renderDashboard();
    const overview = await screen.findByRole("tab", { name: "Overview" });
    expect(overview.getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(overview, { key: "ArrowRight" });
    expect(pathOf(router)).toBe("/dashboard/mentor?tab=requests");
    expect(document.activeElement).toBe(screen.getByRole("tab", { name: "Requests" }));
    fireEvent.keyDown(document.activeElement as Element, { key: "End" });
    expect(pathOf(router)).toBe("/dashboard/mentor?tab=availability");
  });
});

describe("the profile", () => {
  function handlers(extra: Parameters<typeof mockApi>[0] = {}) {
    return mockApi({
      "GET /api/mentor/profile/": json(200, aProfile()),
      "GET /api/mentor/services/": json(200, []),
      "GET /api/mentor/availability/": json(200, anAvailability()),
      ...extra,
    });
  }

  it("saves the cleaned profile with PATCH and says so", async () => {
    const calls = handlers({ "PATCH /api/mentor/profile/": (call) => json(200, { ...aProfile(), ...(call.body as object) }) });
    renderDashboard("/dashboard/mentor?tab=profile");
    const headline = await screen.findByLabelText("Headline");
    fireEvent.change(headline, { target: { value: "  Helping   engineers grow  " } });
    fireEvent.click(screen.getByRole("button", { name: "Leadership" }));
    fireEvent.change(screen.getByLabelText(/Add a speciality/), { target: { value: "Payments" } });
    fireEvent.keyDown(screen.getByLabelText(/Add a speciality/), { key: "Enter" });
    fireEvent.click(screen.getByRole("button", { name: "+ Add project" }));
    fireEvent.change(screen.getAllByLabelText("Title").at(-1) as HTMLElement, { target: { value: "Open-source ledger" } });
    fireEvent.click(screen.getByRole("button", { name: "Save profile" }));
    expect(await screen.findByText("Your profile is saved. Learners see the changes at once.")).toBeTruthy();
    const body = callsTo(calls, "PATCH", "/api/mentor/profile/")[0]?.body as Record<string, unknown>;
    expect(body.headline).toBe("Helping engineers grow");
    expect(body.expertise).toEqual(["Technology", "System design", "Leadership", "Payments"]);
    expect(body.projects).toEqual([{ title: "Open-source ledger", description: "" }]);
    expect(body.social_links).toEqual({ linkedin: "https://www.linkedin.com/in/asha-rao" });
    expect(body.education).toEqual([{ degree: "B.Tech, Computer Science", institution: "IIT Madras", year: 2012 }]);
  });

  it("keeps unsaved edits while the mentor looks at another section", async () => {
    handlers();
    renderDashboard("/dashboard/mentor?tab=profile");
    fireEvent.change(await screen.findByLabelText("Headline"), { target: { value: "Draft headline" } });
    fireEvent.click(screen.getByRole("tab", { name: "Availability" }));
    expect(await screen.findByRole("button", { name: "Save availability" })).toBeTruthy();
    expect(screen.getByTestId("panel-profile").hidden).toBe(true);
    fireEvent.click(screen.getByRole("tab", { name: "Profile" }));
    expect((screen.getByLabelText("Headline") as HTMLInputElement).value).toBe("Draft headline");
  });

  it("shows the crate's errors under the fields without calling the server", async () => {
    const calls = handlers();
    renderDashboard("/dashboard/mentor?tab=profile");
    fireEvent.change(await screen.findByLabelText("Bio"), { target: { value: "Too short." } });
    fireEvent.click(screen.getByRole("button", { name: "+ Add education" }));
    fireEvent.change(screen.getAllByLabelText("Institution").at(-1) as HTMLElement, { target: { value: "IISc" } });
    fireEvent.click(screen.getByRole("button", { name: "Save profile" }));
    expect(await screen.findByText("Please fix the errors above.")).toBeTruthy();
    const errors = screen.getAllByTestId("field-error").map((e) => e.textContent);
    expect(errors.some((e) => e?.includes("50"))).toBe(true);
    expect(errors.some((e) => e?.startsWith("Education 2:"))).toBe(true);
    expect(screen.getByLabelText("Bio").getAttribute("aria-invalid")).toBe("true");
    expect(callsTo(calls, "PATCH", "/api/mentor/profile/")).toHaveLength(0);
  });

  it("shows the server's field errors, the first of each field", async () => {
    handlers({ "PATCH /api/mentor/profile/": json(400, { headline: ["This headline is taken.", "Another."] }) });
    renderDashboard("/dashboard/mentor?tab=profile");
    await screen.findByLabelText("Headline");
    fireEvent.click(screen.getByRole("button", { name: "Save profile" }));
    expect(await screen.findByText("This headline is taken.")).toBeTruthy();
    expect(screen.queryByText("Another.")).toBeNull();
    expect(screen.getByText("Please fix the errors above.")).toBeTruthy();
  });

  it("offers to try again when the profile cannot be loaded", async () => {
    let attempts = 0;
    handlers({ "GET /api/mentor/profile/": () => (++attempts === 1 ? json(500, {}) : json(200, aProfile())) });
    renderDashboard("/dashboard/mentor?tab=profile");
    fireEvent.click(await screen.findByRole("button", { name: "Try again" }));
    expect(((await screen.findByLabelText("Full name")) as HTMLInputElement).value).toBe("Asha Rao");
  });

  it("uploads a photo as multipart and shows it over its placeholder", async () => {
    const placeholder = "data:image/webp;base64,AAAA";
    handlers({ "POST /api/mentor/photo/": json(201, { photo_id: "p1", url: "/media/p1-400.webp", placeholder, width: 400, height: 400 }) });
    renderDashboard("/dashboard/mentor?tab=profile");
    const input = await screen.findByLabelText("Choose a photo");
    const file = new File(["fake"], "me.png", { type: "image/png" });
    fireEvent.change(input, { target: { files: [file] } });
    expect(await screen.findByText("Your new photo is on your profile.")).toBeTruthy();
    const img = screen.getByRole("img", { name: "Profile photo of Asha Rao" });
    expect(img.getAttribute("src")).toBe("/media/p1-400.webp");
    expect(screen.getByTestId("photo-frame").style.backgroundImage).toContain(placeholder);
    const upload = (fetch as Mock).mock.calls.find(([url]) => url === "/api/mentor/photo/");
    const sent = (upload?.[1] as RequestInit).body as FormData;
    expect(sent.get("photo")).toBeInstanceOf(File);
    expect(new Headers((upload?.[1] as RequestInit).headers).get("Content-Type")).toBeNull();
  });

  it("says why the server refused a photo", async () => {
    handlers({ "POST /api/mentor/photo/": json(400, { photo: ["Upload a JPEG, PNG or WebP image of at most 5 MB."] }) });
    renderDashboard("/dashboard/mentor?tab=profile");
    fireEvent.change(await screen.findByLabelText("Choose a photo"), { target: { files: [new File(["x"], "a.gif", { type: "image/gif" })] } });
    expect(await screen.findByText("Upload a JPEG, PNG or WebP image of at most 5 MB.")).toBeTruthy();
  });
});
