/**
 * The applications queue on /dashboard/admin (issue 11): filter by status,
 * open one, approve, reject with a reason in a dialog, each pending one's
 * age against the 24 hours with overdue ones said in words.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { aUser, callsTo, json, logIn, mockApi, renderAt, resetAuth, skippedHeadingLevels, useFakeClock, type Handler } from "../../testing";
import AdminDashboardPage from "./AdminDashboardPage";

function anApplication(overrides: Record<string, unknown> = {}) {
  return {
    id: "app-1",
    status: "pending",
    name: "Asha Rao",
    email: "asha@example.com",
    phone: "+919876543210",
    expertise: ["Career", "Technology", "Leadership", "Product management"],
    experience_years: 12,
    current_role: "Head of Product",
    company: "Acme",
    linkedin: "https://www.linkedin.com/in/asha",
    links: ["https://asha.dev"],
    bio: "I have led product teams for twelve years and love helping new managers find their feet.",
    services: [
      { title: "Career strategy call", description: "", duration_minutes: 45, price_paise: 150000 },
      { title: "Intro chat", description: "", duration_minutes: 15, price_paise: 0 },
    ],
    photo_id: null,
    photo_url: null,
    reason: null,
    created_at: "2026-11-23T08:00:00Z",
    submitted_at: "2026-11-23T08:00:00Z",
    decided_at: null,
    user_id: 7,
    user_email: "asha@example.com",
    age_minutes: 200,
    overdue: false,
    decided_by: null,
    mentor_id: null,
    ...overrides,
  };
}

const OLD = anApplication({ id: "app-0", name: "Vikram Shah", age_minutes: 26 * 60, overdue: true, expertise: ["Business"] });
const NEW = anApplication();

function queue(byStatus: Record<string, unknown[]>): Handler {
  return (call) => json(200, byStatus[new URL(call.url, "http://localhost").searchParams.get("status") ?? "pending"] ?? []);
}

function rows(): HTMLElement[] {
  return screen.queryAllByTestId("queue-row");
}

beforeEach(() => {
  resetAuth();
  useFakeClock({ now: new Date("2026-11-24T10:00:00Z") });
  logIn(aUser({ role: "admin", name: "Admin" }));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetAuth();
});

describe("the queue", () => {
  it("lists pending applications oldest first, with name, expertise, submitted time and age; overdue said in words", async () => {
    const calls = mockApi({ "GET /api/admin/mentor-applications/": queue({ pending: [OLD, NEW] }) });
    renderAt("/dashboard/admin", <AdminDashboardPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [first, second] = rows() as [HTMLElement, HTMLElement];
    expect(first.textContent).toMatch(/Vikram Shah/);
    expect(within(first).getByTestId("overdue").textContent).toBe("Overdue");
    expect(within(first).getByTestId("age").textContent).toMatch(/Waiting 26 hr — past the 24-hour promise/);
    expect(second.textContent).toMatch(/Career · Technology · Leadership · \+1/);
    expect(within(second).queryByTestId("overdue")).toBeNull();
    expect(within(second).getByTestId("age").textContent).toMatch(/Waiting 3 hr 20 min of 24 hr/);
    expect(second.querySelector("time")?.getAttribute("dateTime")).toBe("2026-11-23T08:00:00Z");
    expect(screen.getByTestId("queue-count").textContent).toBe("2 applications, oldest first · 1 overdue");
    expect(callsTo(calls, "GET", "/api/admin/mentor-applications/")[0]?.url).toBe("/api/admin/mentor-applications/?status=pending");
    expect(callsTo(calls, "GET", "/api/admin/mentor-applications/")[0]?.headers.get("Authorization")).toBe("Bearer access-1");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Admin dashboard");
    expect(skippedHeadingLevels()).toEqual([]);
  });

  it("filters by status through the tabs (and the address)", async () => {
    const approved = anApplication({ id: "app-9", name: "Meera Iyer", status: "approved", mentor_id: 41, decided_at: "2026-11-23T12:00:00Z" });
    const calls = mockApi({ "GET /api/admin/mentor-applications/": queue({ pending: [NEW], approved: [approved], rejected: [] }) });
    const { router } = renderAt("/dashboard/admin", <AdminDashboardPage />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(screen.getByRole("tab", { name: "Approved" }));
    await waitFor(() => expect(rows()[0]?.textContent).toMatch(/Meera Iyer/));
    expect(screen.getByRole("tab", { name: "Approved" }).getAttribute("aria-selected")).toBe("true");
    expect(router.state.location.search).toBe("?status=approved");
    fireEvent.keyDown(screen.getByRole("tab", { name: "Approved" }), { key: "ArrowRight" });
    expect(await screen.findByTestId("queue-empty")).toBeTruthy();
    expect(screen.getByText("No rejected applications.")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole("tab", { name: "Rejected" }));
    expect(callsTo(calls, "GET", "/api/admin/mentor-applications/").map((c) => c.url)).toEqual([
      "/api/admin/mentor-applications/?status=pending",
      "/api/admin/mentor-applications/?status=approved",
      "/api/admin/mentor-applications/?status=rejected",
    ]);
  });

  it("says when nothing waits, and when the queue cannot be loaded (with a retry)", async () => {
    let n = 0;
    mockApi({ "GET /api/admin/mentor-applications/": () => (n++ === 0 ? json(500, {}) : json(200, [])) });
    renderAt("/dashboard/admin", <AdminDashboardPage />);
    expect(await screen.findByText("We couldn’t load the applications. Please try again.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No applications are waiting. You’re all caught up.")).toBeTruthy();
  });
});

describe("an open application", () => {
  it("shows every field, links and sessions, with focus on its name", async () => {
    mockApi({ "GET /api/admin/mentor-applications/": queue({ pending: [OLD, NEW] }) });
    const { router } = renderAt("/dashboard/admin", <AdminDashboardPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(rows()[1] as HTMLElement);
    const detail = await screen.findByTestId("application-detail");
    const name = within(detail).getByRole("heading", { level: 2, name: "Asha Rao" });
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(router.state.location.search).toBe("?application=app-1");
    expect(detail.textContent).toMatch(/Head of Product at Acme/);
    expect(within(detail).getByRole("link", { name: "asha@example.com" }).getAttribute("href")).toBe("mailto:asha@example.com");
    expect(within(detail).getByRole("link", { name: /LinkedIn profile/ }).getAttribute("href")).toBe("https://www.linkedin.com/in/asha");
    expect(within(detail).getByRole("link", { name: /asha\.dev/ }).getAttribute("href")).toBe("https://asha.dev");
    expect(detail.textContent).toMatch(/Career strategy call45 min · ₹1,500/);
    expect(detail.textContent).toMatch(/Intro chat15 min · /);
    expect(detail.textContent).toMatch(/12 years/);
    expect(skippedHeadingLevels()).toEqual([]);
  });

  it("approve: buttons disabled while sending, then the queue drops it and says so", async () => {
    let release: (r: Response) => void = () => undefined;
    const calls = mockApi({
      "GET /api/admin/mentor-applications/": queue({ pending: [OLD, NEW] }),
      "POST /api/admin/mentor-applications/app-1/approve/": () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    });
    renderAt("/dashboard/admin?application=app-1", <AdminDashboardPage />);
    const detail = await screen.findByTestId("application-detail");
    fireEvent.click(within(detail).getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(within(detail).getByRole("button", { name: "Approving…" })).toHaveProperty("disabled", true));
    expect(within(detail).getByRole("button", { name: "Reject…" })).toHaveProperty("disabled", true);
    release(json(200, anApplication({ status: "approved", mentor_id: 41, decided_at: "2026-11-24T10:00:00Z", age_minutes: 1560 })));
    expect(await screen.findByText("Approved: Asha Rao is now a mentor and has been e-mailed.")).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]?.textContent).toMatch(/Vikram Shah/);
    const after = screen.getByTestId("application-detail");
    expect(within(after).queryByRole("button", { name: "Approve" })).toBeNull();
    expect(within(after).getByRole("link", { name: /View the published profile/ }).getAttribute("href")).toBe("/mentors/41-asha-rao");
    expect(callsTo(calls, "POST", "/api/admin/mentor-applications/app-1/approve/")).toHaveLength(1);
  });

  it("approve refused as already decided (409): says why and reloads the queue", async () => {
    let listed = 0;
    mockApi({
      "GET /api/admin/mentor-applications/": () => json(200, listed++ === 0 ? [OLD, NEW] : [OLD]),
      "POST /api/admin/mentor-applications/app-1/approve/": json(409, { detail: "This application has already been decided." }),
    });
    renderAt("/dashboard/admin?application=app-1", <AdminDashboardPage />);
    const detail = await screen.findByTestId("application-detail");
    fireEvent.click(within(detail).getByRole("button", { name: "Approve" }));
    expect(await screen.findByText("This application has already been decided.")).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it("approve failing otherwise keeps it open with the error and the buttons back", async () => {
    mockApi({
      "GET /api/admin/mentor-applications/": queue({ pending: [NEW] }),
      "POST /api/admin/mentor-applications/app-1/approve/": json(500, {}),
    });
    renderAt("/dashboard/admin?application=app-1", <AdminDashboardPage />);
    const detail = await screen.findByTestId("application-detail");
    fireEvent.click(within(detail).getByRole("button", { name: "Approve" }));
    expect(await within(detail).findByText("We couldn’t record the decision. Please try again.")).toBeTruthy();
    expect(within(detail).getByRole("button", { name: "Approve" })).toHaveProperty("disabled", false);
  });

  it("reject: a dialog asks for the reason, shows the server's field error, then records it", async () => {
    const calls = mockApi({
      "GET /api/admin/mentor-applications/": queue({ pending: [NEW] }),
      "POST /api/admin/mentor-applications/app-1/reject/": (call) =>
        (call.body as { reason: string }).reason.trim() === ""
          ? json(400, { reason: ["This field is required."] })
          : json(200, anApplication({ status: "rejected", reason: (call.body as { reason: string }).reason, decided_at: "2026-11-24T10:00:00Z" })),
    });
    renderAt("/dashboard/admin?application=app-1", <AdminDashboardPage />);
    const detail = await screen.findByTestId("application-detail");
    const open = within(detail).getByRole("button", { name: "Reject…" });
    open.focus();
    fireEvent.click(open);
    const dialog = await screen.findByRole("dialog", { name: "Reject Asha Rao’s application?" });
    const reason = within(dialog).getByLabelText("Reason (sent to the applicant)");
    expect(document.activeElement).toBe(reason);
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject application" }));
    expect(await within(dialog).findByText("This field is required.")).toBeTruthy();
    expect(reason.getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(reason, { target: { value: "Please add more detail about your mentoring experience." } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject application" }));
    expect(await screen.findByText("Rejected: Asha Rao has been e-mailed the reason.")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    await waitFor(() => expect(screen.getByTestId("queue-empty")).toBeTruthy());
    expect(screen.getByTestId("application-detail").textContent).toMatch(/Reason givenPlease add more detail/);
    expect(callsTo(calls, "POST", "/api/admin/mentor-applications/app-1/reject/").map((c) => c.body)).toEqual([
      { reason: "" },
      { reason: "Please add more detail about your mentoring experience." },
    ]);
  });

  it("reject: Escape closes the dialog and focus returns to the button", async () => {
    mockApi({ "GET /api/admin/mentor-applications/": queue({ pending: [NEW] }) });
    renderAt("/dashboard/admin?application=app-1", <AdminDashboardPage />);
    const detail = await screen.findByTestId("application-detail");
    const open = within(detail).getByRole("button", { name: "Reject…" });
    open.focus();
    fireEvent.click(open);
    const dialog = await screen.findByRole("dialog");
    fireEvent.keyDown(dialog, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(open);
  });
});
