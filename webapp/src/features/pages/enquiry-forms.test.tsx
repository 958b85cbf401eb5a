import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import ContactPage from "./ContactPage";
import QuotePage from "./QuotePage";
import { json, mockApi, renderAt, skippedHeadingLevels, type Call } from "../../testing";

afterEach(() => {
  vi.unstubAllGlobals();
});

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
}

function errorOf(label: string): string | undefined {
  const input = screen.getByLabelText(label, { exact: false });
  if (input.getAttribute("aria-invalid") !== "true") return undefined;
  const ids = (input.getAttribute("aria-describedby") ?? "").split(" ");
  return ids.map((id) => document.getElementById(id)).find((el) => el?.dataset.testid === "field-error")?.textContent ?? undefined;
}

function posts(calls: readonly Call[], path: string): Call[] {
  return calls.filter((c) => c.method === "POST" && c.path === path);
}

function fillContact() {
  type("Your name", "  Asha   Rao ");
  type("E-mail address", " Asha@Example.COM ");
  type("Subject", "Refund for a missed session");
  type("Message", "My mentor did not join yesterday's session. Could I reschedule?");
}

describe("the contact page", () => {
  it("has one h1, a labelled form and the support address from configuration", async () => {
    mockApi({}, { support_email: "help@example.org" });
    renderAt("/contact", <ContactPage />);
    expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual(["Contact Us"]);
    expect(screen.getByRole("form", { name: "Contact form" })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("support-email").textContent).toBe("help@example.org"));
    await waitFor(() => expect(document.title).toBe("Contact Us · MentorBridge"));
    expect(skippedHeadingLevels()).toEqual([]);
  });

  it("checks the fields before sending, ties each message to its field and focuses the first", async () => {
    const calls = mockApi();
    renderAt("/contact", <ContactPage />);
    fireEvent.click(screen.getByRole("button", { name: "Send message" }));
    expect(errorOf("Your name")).toBe("This field is required.");
    expect(errorOf("E-mail address")).toBe("This field is required.");
    expect(errorOf("Message")).toBe("This field is required.");
    expect(errorOf("Subject")).toBeUndefined();
    expect(screen.getByRole("alert").textContent).toBe("Please fix the errors above.");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Your name")));

    type("Your name", "Asha");
    expect(errorOf("Your name")).toBeUndefined();
    type("E-mail address", "asha@example");
    type("Message", "Too short");
    fireEvent.click(screen.getByRole("button", { name: "Send message" }));
    expect(errorOf("E-mail address")).toBe("Enter a valid email address.");
    expect(errorOf("Message")).toBe("Please write at least 10 characters so we can help.");

    type("Message", "x".repeat(5001));
    fireEvent.click(screen.getByRole("button", { name: "Send message" }));
    expect(errorOf("Message")).toBe("Please keep your message to 5,000 characters or fewer.");
    expect(posts(calls, "/api/contact/")).toHaveLength(0);
  });

  it("has a honeypot field that people can neither see nor reach", () => {
    mockApi();
    renderAt("/contact", <ContactPage />);
    const trap = screen.getByTestId("honeypot");
    expect(trap.getAttribute("aria-hidden")).toBe("true");
    const input = trap.querySelector("input");
    expect(input?.getAttribute("name")).toBe("website");
    expect(input?.getAttribute("tabindex")).toBe("-1");
    expect(input?.getAttribute("autocomplete")).toBe("off");
    expect(trap.className).toBe("sp-honeypot");
    // Hidden from assistive technology: no textbox of that name is exposed.
    expect(screen.queryByRole("textbox", { name: /website/i })).toBeNull();
  });

  it("sends the tidied fields with the empty honeypot and confirms", async () => {
    const calls = mockApi({ "POST /api/contact/": () => json(201, { id: "c_7f3a", received_at: "2024-05-01T10:00:00Z" }) });
    renderAt("/contact", <ContactPage />);
    fillContact();
    fireEvent.click(screen.getByRole("button", { name: "Send message" }));
    const success = await screen.findByTestId("form-success");
    expect(within(success).getByText(/^Thanks/).textContent).toBe(
      "Thanks, Asha Rao. We've received your message and will reply within 24 hours at asha@example.com.",
    );
    expect(posts(calls, "/api/contact/").map((c) => c.body)).toEqual([
      {
        name: "Asha Rao",
        email: "asha@example.com",
        subject: "Refund for a missed session",
        message: "My mentor did not join yesterday's session. Could I reschedule?",
        website: "",
      },
    ]);
    await waitFor(() => expect(document.activeElement).toBe(within(success).getByRole("heading", { level: 2 })));
    fireEvent.click(screen.getByRole("button", { name: "Send another message" }));
    expect((screen.getByLabelText("Your name") as HTMLInputElement).value).toBe("");
  });

  it("leaves out an empty subject", async () => {
    const calls = mockApi({ "POST /api/contact/": () => json(201, { id: "c_1", received_at: "2024-05-01T10:00:00Z" }) });
    renderAt("/contact", <ContactPage />);
    fillContact();
    type("Subject", "   ");
    fireEvent.click(screen.getByRole("button", { name: "Send message" }));
    await screen.findByTestId("form-success");
    expect(posts(calls, "/api/contact/")[0]?.body).not.toHaveProperty("subject");
  });

  it("shows the server's first message under each field, and a general one", async () => {
    mockApi({
      "POST /api/contact/": () =>
        json(400, {
          email: ["This e-mail domain does not accept mail.", "second message"],
          message: ["Ensure this field has no more than 5000 characters."],
          non_field_errors: ["Something about the whole form."],
        }),
    });
    renderAt("/contact", <ContactPage />);
    fillContact();
    fireEvent.click(screen.getByRole("button", { name: "Send message" }));
    await waitFor(() => expect(errorOf("E-mail address")).toBe("This e-mail domain does not accept mail."));
    expect(errorOf("Message")).toBe("Ensure this field has no more than 5000 characters.");
    expect(errorOf("Your name")).toBeUndefined();
    const alert = screen.getByRole("alert");
    expect(Array.from(alert.querySelectorAll("p")).map((p) => p.textContent)).toEqual([
      "Something about the whole form.",
      "Please fix the errors above.",
    ]);
    expect(screen.queryByTestId("form-success")).toBeNull();
  });

  it("shows the server's reason when too many messages were sent", async () => {
    mockApi({ "POST /api/contact/": () => json(429, { detail: "Too many messages. Try again in 10 minutes." }) });
    renderAt("/contact", <ContactPage />);
    fillContact();
    fireEvent.click(screen.getByRole("button", { name: "Send message" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Too many messages. Try again in 10 minutes.");
    // What was typed stays, to send again later.
    expect((screen.getByLabelText("Message") as HTMLTextAreaElement).value).toMatch(/^My mentor/);
  });

  it("offers the support address when the server fails or cannot be reached", async () => {
    mockApi({ "POST /api/contact/": () => Promise.reject(new TypeError("Failed to fetch")) });
    renderAt("/contact", <ContactPage />);
    fillContact();
    fireEvent.click(screen.getByRole("button", { name: "Send message" }));
    expect((await screen.findByRole("alert")).textContent).toMatch(/Please try again in a moment, or e-mail us at support@mentorbridge\.in\./);
  });
});

function fillQuote() {
  type("Your name", "Vikram Mehta");
  type("Work e-mail", "vikram@acme.example");
  type("Organisation", "  Acme   Learning ");
  type("What would you like to achieve?", "Mentoring for 20 first-time managers over the next quarter.");
}

describe("the custom-quote page", () => {
  it("preselects the programme from ?programme=", () => {
    mockApi();
    renderAt("/b2b/contact?programme=ceo-talks", <QuotePage />);
    expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual(["Get a Custom Quote"]);
    expect((screen.getByLabelText("Programme") as HTMLSelectElement).value).toBe("ceo-talks");
    const options = Array.from((screen.getByLabelText("Programme") as HTMLSelectElement).options).map((o) => o.value);
    expect(options).toEqual(["", "corporate-mentoring", "ceo-talks", "strategy-consulting", "industry-mentoring", "startup-entrepreneurship", "other"]);
    expect(skippedHeadingLevels()).toEqual([]);
  });

  it("ignores an unknown ?programme= and then asks for one", () => {
    const calls = mockApi();
    renderAt("/b2b/contact?programme=nonsense", <QuotePage />);
    expect((screen.getByLabelText("Programme") as HTMLSelectElement).value).toBe("");
    fillQuote();
    fireEvent.click(screen.getByRole("button", { name: "Request a quote" }));
    expect(errorOf("Programme")).toBe("Choose the programme you are interested in.");
    expect(posts(calls, "/api/b2b/quote/")).toHaveLength(0);
  });

  it("checks company and phone before sending", () => {
    const calls = mockApi();
    renderAt("/b2b/contact", <QuotePage />);
    type("Phone", "12345");
    fireEvent.click(screen.getByRole("button", { name: "Request a quote" }));
    expect(errorOf("Organisation")).toBe("This field is required.");
    expect(errorOf("Phone")).toBe("Enter a valid phone number with its country code, e.g. +91 98765 43210.");
    expect(screen.getByRole("alert").textContent).toBe("Please fix the errors above.");
    expect(posts(calls, "/api/b2b/quote/")).toHaveLength(0);
  });

  it("sends the request with the normalised phone and the team size, and confirms", async () => {
    const calls = mockApi({ "POST /api/b2b/quote/": () => json(201, { id: "q_19", received_at: "2024-05-01T10:00:00Z" }) });
    renderAt("/b2b/contact?programme=corporate-mentoring", <QuotePage />);
    fillQuote();
    type("Phone", "98765 43210");
    type("Team size", "11-50");
    fireEvent.click(screen.getByRole("button", { name: "Request a quote" }));
    const success = await screen.findByTestId("form-success");
    expect(success.textContent).toContain("Thanks, Vikram Mehta. We've received your message and will reply within 24 hours at vikram@acme.example.");
    expect(posts(calls, "/api/b2b/quote/").map((c) => c.body)).toEqual([
      {
        name: "Vikram Mehta",
        email: "vikram@acme.example",
        company: "Acme Learning",
        phone: "+919876543210",
        team_size: "11-50",
        programme: "corporate-mentoring",
        message: "Mentoring for 20 first-time managers over the next quarter.",
        website: "",
      },
    ]);
  });

  it("leaves out the optional fields when empty", async () => {
    const calls = mockApi({ "POST /api/b2b/quote/": () => json(201, { id: "q_20", received_at: "2024-05-01T10:00:00Z" }) });
    renderAt("/b2b/contact?programme=other", <QuotePage />);
    fillQuote();
    fireEvent.click(screen.getByRole("button", { name: "Request a quote" }));
    await screen.findByTestId("form-success");
    const body = posts(calls, "/api/b2b/quote/")[0]?.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(["company", "email", "message", "name", "programme", "website"]);
    expect(body.programme).toBe("other");
  });

  it("shows the server's field errors and its rate-limit reason", async () => {
    let answer = json(400, { company: ["Ensure this field has no more than 150 characters."], team_size: ["Ensure this field has no more than 50 characters."] });
    mockApi({ "POST /api/b2b/quote/": () => answer });
    renderAt("/b2b/contact?programme=ceo-talks", <QuotePage />);
    fillQuote();
    fireEvent.click(screen.getByRole("button", { name: "Request a quote" }));
    await waitFor(() => expect(errorOf("Organisation")).toBe("Ensure this field has no more than 150 characters."));
    expect(errorOf("Team size")).toBe("Ensure this field has no more than 50 characters.");
    expect(screen.getByRole("alert").textContent).toBe("Please fix the errors above.");

    answer = json(429, { detail: "Request was throttled. Expected available in 60 seconds." });
    fireEvent.click(screen.getByRole("button", { name: "Request a quote" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Request was throttled. Expected available in 60 seconds."));
  });
});
