/**
 * The mentor application on /become-mentor (issue 11): the crate's checks
 * shown inline, the guest and signed-in variants, what the server's
 * answers lead to, and the status of an application.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { aUser, callsTo, json, logIn, mockApi, renderAt, resetAuth, useFakeClock } from "../../testing";
import ApplySection from "./ApplySection";

const BIO = "I have led product teams for twelve years and love helping new managers find their feet.";

function anApplication(overrides: Record<string, unknown> = {}) {
  return {
    id: "app-1",
    status: "pending",
    name: "Asha Rao",
    email: "asha@example.com",
    phone: "+919876543210",
    expertise: ["Career", "Product management"],
    experience_years: 12,
    current_role: "Head of Product",
    company: "Acme",
    linkedin: "",
    links: [],
    bio: BIO,
    services: [{ title: "Career strategy call", description: "", duration_minutes: 45, price_paise: 150000 }],
    photo_id: null,
    photo_url: null,
    reason: null,
    created_at: "2026-11-24T08:00:00Z",
    submitted_at: "2026-11-24T08:00:00Z",
    decided_at: null,
    ...overrides,
  };
}

function field(name: string | RegExp): HTMLInputElement {
  return screen.getByLabelText(name, { selector: "input, textarea, select" });
}

function type(name: string | RegExp, value: string) {
  fireEvent.change(field(name), { target: { value } });
}

/** Fills every required part with what the crate accepts. */
function fillValid({ guest }: { guest: boolean }) {
  if (guest) {
    type("Full name", "Asha Rao");
    type("E-mail address", "asha@example.com");
  }
  type("Phone", "+91 98765 43210");
  type("Years of experience", "12");
  fireEvent.click(screen.getByRole("button", { name: "Career" }));
  type("Add your own", "Product management");
  fireEvent.click(screen.getByRole("button", { name: "Add" }));
  type("Bio", BIO);
  type("Title", "Career strategy call");
  type("Price (₹)", "1500");
  if (guest) {
    type("Password", "Str0ng!Passw0rd");
    type("Confirm password", "Str0ng!Passw0rd");
  }
}

function submit(name: RegExp = /Submit application|Create account and apply/) {
  fireEvent.click(screen.getByRole("button", { name }));
}

function errorOf(control: HTMLElement): string | undefined {
  const ids = (control.getAttribute("aria-describedby") ?? "").split(" ").filter((id) => id.endsWith("-error"));
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join("") || undefined;
}

function groupError(testId: string): string | null {
  return within(screen.getByTestId(testId)).queryByTestId("field-error")?.textContent ?? null;
}

beforeEach(() => {
  resetAuth();
  useFakeClock({ now: new Date("2026-11-24T10:00:00Z") });
  Element.prototype.scrollIntoView = vi.fn();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetAuth();
});

describe("a guest", () => {
  it("sees the crate's message under each field, and the SPEC's line, without anything sent", async () => {
    const calls = mockApi({});
    renderAt("/become-mentor", <ApplySection />);
    expect(screen.queryByText("Profile photo")).toBeNull();
    expect(screen.getByText(/add your photo from your mentor dashboard once you’re approved/)).toBeTruthy();
    submit(/Create account and apply/);
    expect(await screen.findByText("Please fix the errors above.")).toBeTruthy();
    expect(errorOf(field("Full name"))).toBeTruthy();
    expect(errorOf(field("E-mail address"))).toBeTruthy();
    expect(errorOf(field("Phone"))).toBe("This field is required.");
    expect(errorOf(field("Years of experience"))).toMatch(/years of experience/);
    expect(errorOf(field("Bio"))).toBeTruthy();
    expect(groupError("expertise")).toBe("Choose at least one area of expertise.");
    expect(groupError("sessions")).toMatch(/^Session 1: /);
    expect(errorOf(field("Password"))).toBeTruthy();
    expect(field("Phone").getAttribute("aria-invalid")).toBe("true");
    expect(callsTo(calls, "POST", "/api/mentor-applications/with-account/")).toHaveLength(0);
  });

  it("clears a field's message as it is corrected, and counts the bio", () => {
    mockApi({});
    renderAt("/become-mentor", <ApplySection />);
    submit(/Create account and apply/);
    expect(errorOf(field("Phone"))).toBeTruthy();
    type("Phone", "+91 98765 43210");
    expect(errorOf(field("Phone"))).toBeUndefined();
    type("Bio", "Hello there");
    expect(screen.getByTestId("bio-counter").textContent).toBe("11 characters");
  });

  it("creates the account with the application and says to confirm by e-mail", async () => {
    const calls = mockApi({ "POST /api/mentor-applications/with-account/": json(201, anApplication({ status: "draft", submitted_at: null })) });
    renderAt("/become-mentor", <ApplySection />);
    fillValid({ guest: true });
    submit(/Create account and apply/);
    const sent = await screen.findByTestId("application-sent");
    expect(within(sent).getByRole("heading", { name: "Check your e-mail to confirm" })).toBeTruthy();
    expect(sent.textContent).toMatch(/asha@example.com/);
    expect(sent.textContent).toMatch(/Your application is submitted when you confirm/);
    const [call] = callsTo(calls, "POST", "/api/mentor-applications/with-account/");
    expect(call?.headers.get("Authorization")).toBeNull();
    expect(call?.body).toMatchObject({
      name: "Asha Rao",
      email: "asha@example.com",
      phone: "+919876543210",
      expertise: ["Career", "Product management"],
      experience_years: 12,
      bio: BIO,
      services: [{ title: "Career strategy call", duration_minutes: 60, price_paise: 150000 }],
      password: "Str0ng!Passw0rd",
      re_password: "Str0ng!Passw0rd",
    });
    expect(call?.body).not.toHaveProperty("photo_id");
  });

  it("shows the server's field errors inline (an address already registered)", async () => {
    mockApi({
      "POST /api/mentor-applications/with-account/": json(400, { email: ["user with this email already exists."] }),
    });
    renderAt("/become-mentor", <ApplySection />);
    fillValid({ guest: true });
    submit(/Create account and apply/);
    await waitFor(() => expect(errorOf(field("E-mail address"))).toBe("user with this email already exists."));
    expect(screen.getByTestId("form-alert").textContent).toBe("Please fix the errors above.");
  });

  it("offers a free session instead of a price", async () => {
    const calls = mockApi({ "POST /api/mentor-applications/with-account/": json(201, anApplication({ status: "draft" })) });
    renderAt("/become-mentor", <ApplySection />);
    fillValid({ guest: true });
    fireEvent.click(screen.getByRole("button", { name: "+ Add a session" }));
    const rows = screen.getAllByTestId("session-row");
    expect(rows).toHaveLength(2);
    const second = within(rows[1] as HTMLElement);
    fireEvent.change(second.getByLabelText("Title"), { target: { value: "Free intro chat" } });
    fireEvent.change(second.getByLabelText("Length"), { target: { value: "15" } });
    fireEvent.click(second.getByLabelText("Free session"));
    expect((second.getByLabelText("Price (₹)") as HTMLInputElement).disabled).toBe(true);
    submit(/Create account and apply/);
    await screen.findByTestId("application-sent");
    const [call] = callsTo(calls, "POST", "/api/mentor-applications/with-account/");
    expect((call?.body as { services: unknown[] }).services).toEqual([
      { title: "Career strategy call", description: "", duration_minutes: 60, price_paise: 150000 },
      { title: "Free intro chat", description: "", duration_minutes: 15, price_paise: 0 },
    ]);
  });
});

describe("a signed-in person", () => {
  it("without an application gets the form with their details, a photo upload and no password", async () => {
    logIn(aUser({ name: "Asha Rao", email: "asha@example.com", contact_number: "+919876543210" }));
    mockApi({ "GET /api/mentor-applications/": json(200, []) });
    renderAt("/become-mentor", <ApplySection />);
    await screen.findByTestId("application-form");
    expect(field("Full name").value).toBe("Asha Rao");
    expect(field("E-mail address").value).toBe("asha@example.com");
    expect(field("Phone").value).toBe("+919876543210");
    expect(screen.queryByLabelText("Password")).toBeNull();
    expect(screen.getByRole("button", { name: "Upload a photo" })).toBeTruthy();
  });

  it("submits with the uploaded photo and then sees the application under review", async () => {
    logIn(aUser());
    const photo = { photo_id: "ph-1", url: "/media/ph-1.webp", placeholder: "data:image/webp;base64,AA", width: 512, height: 512 };
    const calls = mockApi({
      "GET /api/mentor-applications/": json(200, []),
      "POST /api/mentor-applications/photo/": json(201, photo),
      "POST /api/mentor-applications/": json(201, anApplication()),
    });
    renderAt("/become-mentor", <ApplySection />);
    await screen.findByTestId("application-form");
    fillValid({ guest: false });
    const file = new File(["x"], "me.png", { type: "image/png" });
    fireEvent.change(screen.getByLabelText("Choose a photo"), { target: { files: [file] } });
    await waitFor(() => expect(screen.getByRole("img", { name: "Your photo" }).getAttribute("src")).toBe(photo.url));
    submit(/Submit application/);
    const status = await screen.findByTestId("application-status");
    expect(status.getAttribute("data-status")).toBe("pending");
    expect(within(status).getByRole("heading", { name: "Your application is under review" })).toBeTruthy();
    expect(status.textContent).toMatch(/decide within 24 hours/);
    await waitFor(() => expect(document.activeElement).toBe(within(status).getByRole("heading", { level: 3 })));
    const [sent] = callsTo(calls, "POST", "/api/mentor-applications/");
    expect(sent?.headers.get("Authorization")).toBe("Bearer access-1");
    expect(sent?.body).toMatchObject({ photo_id: "ph-1", name: "Asha Rao", email: "asha@example.com" });
    expect(callsTo(calls, "POST", "/api/mentor-applications/photo/")).toHaveLength(1);
  });

  it("says why a photo was refused", async () => {
    logIn(aUser());
    mockApi({
      "GET /api/mentor-applications/": json(200, []),
      "POST /api/mentor-applications/photo/": json(400, { photo: ["Upload a JPEG, PNG or WebP image."] }),
    });
    renderAt("/become-mentor", <ApplySection />);
    await screen.findByTestId("application-form");
    fireEvent.change(screen.getByLabelText("Choose a photo"), { target: { files: [new File(["x"], "me.gif", { type: "image/gif" })] } });
    expect(await screen.findByText("Upload a JPEG, PNG or WebP image.")).toBeTruthy();
  });

  it("on 409 (one already under review) sees that application's status instead", async () => {
    logIn(aUser());
    let mine = 0;
    mockApi({
      "GET /api/mentor-applications/": () => (mine++ === 0 ? json(200, []) : json(200, [anApplication()])),
      "POST /api/mentor-applications/": json(409, { detail: "You already have an application under review." }),
    });
    renderAt("/become-mentor", <ApplySection />);
    await screen.findByTestId("application-form");
    fillValid({ guest: false });
    submit(/Submit application/);
    const status = await screen.findByTestId("application-status");
    expect(status.getAttribute("data-status")).toBe("pending");
    expect(within(status).getByRole("status").textContent).toBe("You already have an application under review.");
  });

  it("shows the server's 400 under the field it names", async () => {
    logIn(aUser());
    mockApi({
      "GET /api/mentor-applications/": json(200, []),
      "POST /api/mentor-applications/": json(400, { linkedin: ["Enter your LinkedIn profile's address."], services: ["Session 1: Too long."] }),
    });
    renderAt("/become-mentor", <ApplySection />);
    await screen.findByTestId("application-form");
    fillValid({ guest: false });
    submit(/Submit application/);
    await waitFor(() => expect(errorOf(field(/^LinkedIn profile/))).toBe("Enter your LinkedIn profile's address."));
    expect(groupError("sessions")).toBe("Session 1: Too long.");
    expect(screen.getByTestId("form-alert").textContent).toBe("Please fix the errors above.");
  });

  it("says so when the server cannot be reached, and keeps what was typed", async () => {
    logIn(aUser());
    mockApi({
      "GET /api/mentor-applications/": json(200, []),
      "POST /api/mentor-applications/": () => Promise.reject(new TypeError("Failed to fetch")),
    });
    renderAt("/become-mentor", <ApplySection />);
    await screen.findByTestId("application-form");
    fillValid({ guest: false });
    submit(/Submit application/);
    expect(await screen.findByText(/couldn’t reach the server/)).toBeTruthy();
    expect(field("Bio").value).toBe(BIO);
  });
});

describe("the status of an application", () => {
  it("under review: received, the 24-hour promise, no form", async () => {
    logIn(aUser());
    mockApi({ "GET /api/mentor-applications/": json(200, [anApplication()]) });
    renderAt("/become-mentor", <ApplySection />);
    const status = await screen.findByTestId("application-status");
    expect(status.textContent).toMatch(/Received/);
    expect(status.textContent).toMatch(/Submitted /);
    expect(status.textContent).toMatch(/A decision within 24 hours of submitting/);
    expect(screen.queryByTestId("application-form")).toBeNull();
  });

  it("approved: the way to the mentor dashboard, and to sign in again while the stored role is not mentor yet", async () => {
    logIn(aUser({ role: "user" }));
    mockApi({ "GET /api/mentor-applications/": json(200, [anApplication({ status: "approved", decided_at: "2026-11-24T09:00:00Z" })]) });
    renderAt("/become-mentor", <ApplySection />);
    const status = await screen.findByTestId("application-status");
    expect(within(status).getByRole("link", { name: /Open your mentor dashboard/ }).getAttribute("href")).toBe("/dashboard/mentor");
    expect(within(status).getByTestId("sign-in-again")).toBeTruthy();
  });

  it("approved, with the mentor role already stored: no sign-in note", async () => {
    logIn(aUser({ role: "mentor" }));
    mockApi({ "GET /api/mentor-applications/": json(200, [anApplication({ status: "approved" })]) });
    renderAt("/become-mentor", <ApplySection />);
    const status = await screen.findByTestId("application-status");
    expect(within(status).queryByTestId("sign-in-again")).toBeNull();
  });

  it("rejected: the reason, and applying again starts from the last application", async () => {
    logIn(aUser());
    mockApi({
      "GET /api/mentor-applications/": json(200, [anApplication({ status: "rejected", reason: "Please add more detail about your mentoring experience." })]),
    });
    renderAt("/become-mentor", <ApplySection />);
    const status = await screen.findByTestId("application-status");
    expect(within(status).getByTestId("rejection-reason").textContent).toMatch(/Please add more detail about your mentoring experience\./);
    fireEvent.click(within(status).getByRole("button", { name: "Apply again" }));
    await screen.findByTestId("application-form");
    expect(field("Bio").value).toBe(BIO);
    expect(field("Title").value).toBe("Career strategy call");
    expect(field("Price (₹)").value).toBe("1500");
    expect(screen.getByRole("button", { name: /Product management/ })).toBeTruthy();
  });

  it("a load failure offers to try again", async () => {
    logIn(aUser());
    let n = 0;
    mockApi({ "GET /api/mentor-applications/": () => (n++ === 0 ? json(500, {}) : json(200, [])) });
    renderAt("/become-mentor", <ApplySection />);
    expect(await screen.findByText("We couldn’t load your application. Please try again.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await screen.findByTestId("application-form");
  });
});
