/**
 * The mentor's services: the list with what they receive after the
 * commission (Indian digit grouping, the crate's price label), the
 * switches, adding and editing in a dialog checked by the crate, deleting
 * after confirming.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { loadDashboardRules } from "../../lib/domain";
import { aUser, callsTo, json, logIn, mockApi, renderScreen, resetAuth } from "../../testing";
import type { MentorService } from "./api";
import { aProfile, aService, anAvailability } from "./fixtures.test-util";
import MentorDashboardPage from "./MentorDashboardPage";

function renderServices() {
  return renderScreen("/dashboard/mentor?tab=services", [{ path: "/dashboard/mentor", element: <MentorDashboardPage /> }]);
}

function handlers(services: MentorService[], extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    "GET /api/mentor/profile/": json(200, aProfile()),
    "GET /api/mentor/services/": json(200, services),
    "GET /api/mentor/availability/": json(200, anAvailability()),
    ...extra,
  });
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

describe("the services list", () => {
  it("shows each service's length, price and what the mentor receives after the commission", async () => {
    handlers([
      aService(),
      aService({ id: 12, title: "Leadership intensive", duration_minutes: 90, price_paise: 10_000_000, price: 100_000, commission_bps: 1250, commission_paise: 1_250_000, mentor_receives_paise: 8_750_000 }),
      aService({ id: 13, title: "Intro call", duration_minutes: 15, price_paise: 0, price: 0, commission_paise: 0, mentor_receives_paise: 0, active: false }),
    ]);
    renderServices();
    const items = await screen.findAllByTestId("service");
    expect(items).toHaveLength(3);
    const [first, second, third] = items.map((item) => within(item));
    expect(first?.getByText("1 hr")).toBeTruthy();
    expect(first?.getByText("₹2,500")).toBeTruthy();
    expect(first?.getByTestId("receive").textContent).toBe("You receive ₹2,125 after the platform’s 15% commission.");
    // Indian digit grouping, and a rate that is not a whole percent.
    expect(second?.getByText("₹1,00,000")).toBeTruthy();
    expect(second?.getByTestId("receive").textContent).toBe("You receive ₹87,500 after the platform’s 12.5% commission.");
    expect(third?.getByTestId("receive").textContent).toBe("Free session: learners pay nothing and no commission is taken.");
    expect(third?.getByText("Paused")).toBeTruthy();
  });

  it("switches a service off and on with PATCH", async () => {
    const calls = handlers([aService()], {
      "PATCH /api/mentor/services/11/": (call) => json(200, { ...aService(), ...(call.body as object) }),
    });
    renderServices();
    const item = within(await screen.findByTestId("service"));
    fireEvent.click(item.getByRole("switch", { name: /Active/ }));
    await waitFor(() => expect(item.getByText("Paused")).toBeTruthy());
    fireEvent.click(item.getByRole("switch", { name: /Instant confirmation/ }));
    await waitFor(() => expect(callsTo(calls, "PATCH", "/api/mentor/services/11/")).toHaveLength(2));
    expect(callsTo(calls, "PATCH", "/api/mentor/services/11/").map((c) => c.body)).toEqual([{ active: false }, { instant_confirmation: true }]);
  });

  it("says so when a switch cannot be saved", async () => {
    handlers([aService()], { "PATCH /api/mentor/services/11/": json(500, {}) });
    renderServices();
    fireEvent.click(within(await screen.findByTestId("service")).getByRole("switch", { name: /Active/ }));
    expect(await screen.findByText("We couldn’t save your changes. Please try again.")).toBeTruthy();
    expect((screen.getByRole("switch", { name: /Active/ }) as HTMLInputElement).checked).toBe(true);
  });

  it("offers to try again when the services cannot be loaded", async () => {
    let attempts = 0;
    handlers([], { "GET /api/mentor/services/": () => (++attempts === 1 ? json(503, {}) : json(200, [])) });
    renderServices();
    fireEvent.click(await screen.findByRole("button", { name: "Try again" }));
    expect(await screen.findByTestId("services-empty")).toBeTruthy();
  });
});

describe("the service dialog", () => {
  it("adds a service checked by the crate, with the live commission line", async () => {
    const calls = handlers([aService()], {
      "POST /api/mentor/services/": (call) => json(201, { ...aService({ id: 20 }), ...(call.body as object), commission_bps: 1500, mentor_receives_paise: 127_500 }),
    });
    renderServices();
    fireEvent.click(await screen.findByRole("button", { name: "Add a service" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Add a service" }));
    // Focus moves into the dialog.
    expect(document.activeElement).toBe(dialog.getByLabelText("Title"));
    fireEvent.change(dialog.getByLabelText("Title"), { target: { value: "  Mock   interview " } });
    fireEvent.change(dialog.getByLabelText("Length"), { target: { value: "45" } });
    fireEvent.change(dialog.getByLabelText("Price (₹)"), { target: { value: "1500" } });
    // The crate's split at the mentor's rate (from the saved services): 15 % of ₹1,500.
    expect(dialog.getByTestId("dialog-receive").textContent).toBe("You receive ₹1,275 after the platform’s 15% commission.");
    fireEvent.click(dialog.getByRole("switch", { name: /Instant confirmation/ }));
    fireEvent.click(dialog.getByRole("button", { name: "Add service" }));
    expect(await screen.findByText("Service added. Learners can book it as soon as your availability is set.")).toBeTruthy();
    expect(callsTo(calls, "POST", "/api/mentor/services/")[0]?.body).toEqual({
      title: "Mock interview",
      description: "",
      duration_minutes: 45,
      price_paise: 150_000,
      active: true,
      instant_confirmation: true,
    });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getAllByTestId("service")).toHaveLength(2);
  });

  it("starts a new free service with instant confirmation on (the crate's default), a paid one off, until the mentor chooses", async () => {
    const calls = handlers([aService()], {
      "POST /api/mentor/services/": (call) => json(201, { ...aService({ id: 21 }), ...(call.body as object), commission_bps: 1500, mentor_receives_paise: 0 }),
    });
    renderServices();
    fireEvent.click(await screen.findByRole("button", { name: "Add a service" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Add a service" }));
    const instant = () => (dialog.getByRole("switch", { name: /Instant confirmation/ }) as HTMLInputElement).checked;
    expect(instant()).toBe(false);
    fireEvent.change(dialog.getByLabelText("Price (₹)"), { target: { value: "0" } });
    expect(instant()).toBe(true);
    fireEvent.change(dialog.getByLabelText("Price (₹)"), { target: { value: "500" } });
    expect(instant()).toBe(false);
    fireEvent.change(dialog.getByLabelText("Price (₹)"), { target: { value: "0" } });
    fireEvent.change(dialog.getByLabelText("Title"), { target: { value: "Hello call" } });
    fireEvent.change(dialog.getByLabelText("Length"), { target: { value: "15" } });
    fireEvent.click(dialog.getByRole("button", { name: "Add service" }));
    await waitFor(() => expect(callsTo(calls, "POST", "/api/mentor/services/")).toHaveLength(1));
    expect(callsTo(calls, "POST", "/api/mentor/services/")[0]?.body).toMatchObject({ price_paise: 0, instant_confirmation: true });
  });

  it("shows the crate's field errors and sends nothing", async () => {
    const calls = handlers([]);
    renderServices();
    fireEvent.click(await screen.findByRole("button", { name: "Add a service" }));
    const dialog = within(await screen.findByRole("dialog"));
    fireEvent.change(dialog.getByLabelText("Title"), { target: { value: "Hi" } });
    fireEvent.change(dialog.getByLabelText("Price (₹)"), { target: { value: "499.50" } });
    fireEvent.click(dialog.getByRole("button", { name: "Add service" }));
    expect(await dialog.findByText("Please fix the errors above.")).toBeTruthy();
    expect(dialog.getByText("Give the session a title of 3 to 100 characters.")).toBeTruthy();
    expect(dialog.getByText("Set the price in whole rupees, without paise.")).toBeTruthy();
    expect(callsTo(calls, "POST", "/api/mentor/services/")).toHaveLength(0);
  });

  it("edits a service with PATCH and shows the server's field errors", async () => {
    let attempt = 0;
    const calls = handlers([aService()], {
      "PATCH /api/mentor/services/11/": (call) =>
        ++attempt === 1 ? json(400, { duration_minutes: ["Too long for this mentor."] }) : json(200, { ...aService(), ...(call.body as object) }),
    });
    renderServices();
    fireEvent.click(await screen.findByRole("button", { name: "Edit Career strategy call" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Edit service" }));
    expect((dialog.getByLabelText("Price (₹)") as HTMLInputElement).value).toBe("2500");
    fireEvent.change(dialog.getByLabelText("Title"), { target: { value: "Career call" } });
    fireEvent.click(dialog.getByRole("button", { name: "Save service" }));
    expect(await dialog.findByText("Too long for this mentor.")).toBeTruthy();
    fireEvent.click(dialog.getByRole("button", { name: "Save service" }));
    expect(await screen.findByText("Service saved.")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Career call" })).toBeTruthy();
    expect(callsTo(calls, "PATCH", "/api/mentor/services/11/")[1]?.body).toMatchObject({ title: "Career call", price_paise: 250_000 });
  });

  it("closes on Escape without saving", async () => {
    const calls = handlers([aService()]);
    renderServices();
    fireEvent.click(await screen.findByRole("button", { name: "Add a service" }));
    fireEvent.keyDown(await screen.findByRole("dialog"), { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(callsTo(calls, "POST", "/api/mentor/services/")).toHaveLength(0);
  });
});

describe("deleting a service", () => {
  it("asks first, then deletes it", async () => {
    const calls = handlers([aService()], { "DELETE /api/mentor/services/11/": json(204) });
    renderServices();
    fireEvent.click(await screen.findByRole("button", { name: "Delete Career strategy call" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Delete “Career strategy call”?" }));
    expect(callsTo(calls, "DELETE", "/api/mentor/services/11/")).toHaveLength(0);
    fireEvent.click(dialog.getByRole("button", { name: "Delete service" }));
    expect(await screen.findByText("Service deleted.")).toBeTruthy();
    expect(screen.queryByTestId("service")).toBeNull();
    expect(callsTo(calls, "DELETE", "/api/mentor/services/11/")).toHaveLength(1);
  });

  it("keeps it when the mentor changes their mind, or the server refuses", async () => {
    handlers([aService()], { "DELETE /api/mentor/services/11/": json(500, {}) });
    renderServices();
    fireEvent.click(await screen.findByRole("button", { name: "Delete Career strategy call" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Keep it" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Delete Career strategy call" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete service" }));
    expect(await screen.findByText("We couldn’t delete this service. Please try again.")).toBeTruthy();
    expect(screen.getAllByTestId("service")).toHaveLength(1);
  });
});
