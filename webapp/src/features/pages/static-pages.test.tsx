import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ComponentType } from "react";
import AboutPage from "./AboutPage";
import BecomeMentorPage from "./BecomeMentorPage";
import BusinessPage from "./BusinessPage";
import PrivacyPage from "./PrivacyPage";
import { allProgrammes } from "./programmes";
import RefundPage, { REFUND_SECTION_TITLES } from "./RefundPage";
import ServicesPage from "./ServicesPage";
import SitemapPage from "./SitemapPage";
import TermsPage from "./TermsPage";
import WhyBecomeMentorPage from "./WhyBecomeMentorPage";
import { json, mockApi, renderAt, skippedHeadingLevels } from "../../testing";
import { refundPolicyText } from "../../lib/domain";

const scrolled: Element[] = [];

beforeEach(() => {
  scrolled.length = 0;
  Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
    scrolled.push(this);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function h1(): string {
  const headings = screen.getAllByRole("heading", { level: 1 });
  expect(headings).toHaveLength(1);
  return headings[0]?.textContent ?? "";
}

function hrefOf(name: string | RegExp, root: HTMLElement = document.body): string | null {
  return within(root).getByRole("link", { name }).getAttribute("href");
}

const PAGES: readonly { path: string; Page: ComponentType; title: string; heading: string | RegExp; content: readonly (string | RegExp)[] }[] = [
  {
    path: "/about",
    Page: AboutPage,
    title: "About Us",
    heading: "We connect you with people who have already done it",
    content: ["Make good advice easy to reach", "MentorBridge in 60 seconds", /decision within 24 hours/],
  },
  {
    path: "/services",
    Page: ServicesPage,
    title: "Our Services",
    heading: "Mentoring that fits how you learn",
    content: ["One-on-one sessions", "Career guidance", "Business programmes", "Free intro sessions", "Each mentor sets their own price"],
  },
  { path: "/privacy", Page: PrivacyPage, title: "Privacy Policy", heading: "Privacy Policy", content: ["Last updated: August 2023"] },
  { path: "/terms", Page: TermsPage, title: "Terms & Conditions", heading: "Terms & Conditions", content: ["Last updated: August 2023"] },
  { path: "/refund", Page: RefundPage, title: "Refund Policy", heading: "Refund Policy", content: ["Last updated: August 2023"] },
  { path: "/sitemap", Page: SitemapPage, title: "Sitemap", heading: "Sitemap", content: [] },
  {
    path: "/become-mentor",
    // The application form is the apply feature's, composed in by the app: not rendered here.
    Page: () => <BecomeMentorPage applyForm={null} />,
    title: "Become a Mentor",
    heading: "Share what you know. Get paid for it.",
    content: ["Who can apply", "What you set", "Paid for every confirmed booking", /shown to you before you publish your prices/],
  },
  {
    path: "/why-become-mentor",
    Page: WhyBecomeMentorPage,
    title: "Why Become a Mentor",
    heading: "Your experience is someone’s shortcut",
    content: ["Why mentors choose us", "From booking to bank account", "When do I get paid?"],
  },
];

describe("every static page", () => {
  for (const { path, Page, title, heading, content } of PAGES) {
    it(`${path}: one h1, its document title, its key content and no skipped heading levels`, async () => {
      mockApi();
      renderAt(path, <Page />);
      const text = h1();
      if (typeof heading === "string") expect(text).toBe(heading);
      else expect(text).toMatch(heading);
      await waitFor(() => expect(document.title).toBe(`${title} · MentorBridge`));
      for (const c of content) expect(screen.getAllByText(c).length).toBeGreaterThan(0);
      expect(skippedHeadingLevels()).toEqual([]);
    });
  }

  it("never shows placeholder text", () => {
    mockApi();
    for (const { path, Page } of PAGES) {
      const { unmount } = renderAt(path, <Page />);
      expect(document.body.textContent).not.toMatch(/lorem|ipsum|coming soon|TODO/i);
      unmount();
    }
  });
});

describe("the about page", () => {
  it("leads to the mentors and to becoming a mentor", () => {
    mockApi();
    renderAt("/about", <AboutPage />);
    const links = screen.getAllByRole("link");
    expect(links.some((l) => l.getAttribute("href") === "/mentors")).toBe(true);
    expect(links.some((l) => l.getAttribute("href") === "/become-mentor")).toBe(true);
  });

  it("has the 60-second intro the home page's button promises, reachable from the hero", () => {
    mockApi();
    renderAt("/about", <AboutPage />);
    const intro = screen.getByTestId("sixty-seconds");
    expect(within(intro).getAllByRole("listitem")).toHaveLength(4);
    fireEvent.click(screen.getByRole("link", { name: "Read the 60-second intro" }));
    expect(scrolled).toContain(intro);
    expect(document.activeElement).toBe(within(intro).getByRole("heading", { level: 2 }));
  });
});

describe.each([
  { path: "/privacy", Page: PrivacyPage, count: 8 },
  { path: "/terms", Page: TermsPage, count: 10 },
])("the policy at $path", ({ path, Page, count }) => {
  it(`has ${count} sections, each listed once in the table of contents`, () => {
    mockApi();
    renderAt(path, <Page />);
    const sections = screen.getAllByTestId("policy-section");
    expect(sections).toHaveLength(count);
    const toc = screen.getByRole("navigation", { name: "On this page" });
    const links = within(toc).getAllByRole("link");
    expect(links.map((l) => l.getAttribute("href"))).toEqual(sections.map((s) => `#${s.id}`));
    // Each link's text is its section's heading.
    links.forEach((link, i) => {
      const heading = within(sections[i] as HTMLElement).getByRole("heading", { level: 2 });
      expect(link.textContent).toContain(heading.textContent?.replace(/^\d+/, ""));
    });
  });

  it("scrolls to a section and moves focus to its heading when a contents link is clicked", () => {
    mockApi();
    renderAt(path, <Page />);
    const sections = screen.getAllByTestId("policy-section");
    const last = sections[sections.length - 1] as HTMLElement;
    const toc = screen.getByRole("navigation", { name: "On this page" });
    const link = within(toc).getAllByRole("link").at(-1) as HTMLElement;
    fireEvent.click(link);
    expect(scrolled).toEqual([last]);
    expect(document.activeElement).toBe(within(last).getByRole("heading", { level: 2 }));
    expect(window.location.hash).toBe(`#${last.id}`);
  });
});

describe("the refund policy", () => {
  it("has exactly the spec's sections, in order", () => {
    mockApi();
    renderAt("/refund", <RefundPage />);
    const sections = screen.getAllByTestId("policy-section");
    expect(sections.map((s) => within(s).getByRole("heading", { level: 2 }).textContent?.replace(/^\d+/, ""))).toEqual([
      ...REFUND_SECTION_TITLES,
    ]);
    expect(REFUND_SECTION_TITLES).toEqual([
      "Payment Processing",
      "Refund Eligibility",
      "Refund Process",
      "Non-Refundable Cases",
      "Cancellation Policy",
      "Contact Us",
    ]);
    expect(screen.getByTestId("refund-intro")).toBeTruthy();
  });

  it("states the refund facts: gateway, methods, 7 days, 48 hours, 3–5 business days, the non-refundable cases", () => {
    mockApi();
    renderAt("/refund", <RefundPage />);
    const text = document.body.textContent ?? "";
    expect(text).toMatch(/card payment gateway/);
    expect(text).toMatch(/UPI, credit and debit cards, net banking and wallets/);
    expect(text).toMatch(/within 7 days of the transaction date/);
    expect(text).toMatch(/within 48 hours/);
    expect(text).toMatch(/3–5 business days/);
    expect(text).toMatch(/full refund and rescheduling/);
    expect(text).toMatch(/accessed or extensively used/);
    expect(text).toMatch(/more than 7 days after the transaction date/);
    expect(text).toMatch(/cancelled after it had begun/);
  });

  it("publishes the booking rules: notice for each side, the answer and payment deadlines, no-shows", () => {
    mockApi();
    renderAt("/refund", <RefundPage />);
    const text = document.body.textContent ?? "";
    expect(text).toMatch(/up to 12 hours before it begins/);
    expect(text).toMatch(/answers within 24 hours/);
    expect(text).toMatch(/held until its payment deadline \(4 hours after it is accepted/);
    expect(text).not.toMatch(/30 minutes/);
    expect(text).toMatch(/cancel at any time before the session,\s*and you are then owed a full refund/);
    expect(text).toMatch(/from 10 minutes after the start until 48 hours after it/);
  });

  it("says one thing about cancelling and asking, in the crate's words (issue 21: e-mail vs in-app, 7 days vs 12 hours)", () => {
    mockApi();
    renderAt("/refund", <RefundPage />);
    const rules = refundPolicyText();
    // Cancelling in time comes first and refunds at once; a request is for when cancelling no longer refunds.
    expect(screen.getByTestId("cancel-first").textContent).toBe(rules.cancelFirst);
    expect(rules.cancelFirst).toMatch(/up to 12 hours before it begins is refunded in full at once/);
    expect(screen.getByTestId("refund-request-rule").textContent).toBe(rules.request);
    expect(rules.request).toMatch(/inside the 12 hours before it begins, a session not yet taken can be refunded on request within 7 days of the transaction date/);
    // The booking page's request is the e-mail request's twin, not another policy.
    expect(screen.getByTestId("refund-in-app").textContent).toContain(rules.inApp);
    const text = document.body.textContent ?? "";
    expect(text).not.toMatch(/can no longer be cancelled for a\s+refund/);
    expect(text).toMatch(/Cancel up to 12 hours before: full refund at once/);
  });

  it("asks for refund requests at the configured address", async () => {
    mockApi({}, { support_email: "refunds@example.org" });
    renderAt("/refund", <RefundPage />);
    await waitFor(() => expect(screen.getAllByTestId("refund-email")[0]?.textContent).toBe("refunds@example.org"));
    const process = screen.getAllByTestId("policy-section")[2] as HTMLElement;
    expect(process.textContent).toMatch(/Refund requests are made by e-mail to refunds@example\.org\./);
    expect(process.textContent).toMatch(/You can also make the request from the booking's page in My Bookings: it is the same request, under the same rules/);
    expect(within(process).getByRole("link", { name: "refunds@example.org" }).getAttribute("href")).toMatch(/^mailto:refunds@example\.org\?/);
  });

  it("falls back to the default address when the configuration names none or fails", async () => {
    mockApi({ "GET /api/config/": () => json(503, { detail: "down" }) });
    renderAt("/refund", <RefundPage />);
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    expect(screen.getAllByTestId("refund-email").map((a) => a.textContent)).toEqual(["support@mentorbridge.in", "support@mentorbridge.in"]);
  });
});

describe("the sitemap", () => {
  it("has exactly the spec's links, plus a contact link", () => {
    mockApi();
    renderAt("/sitemap", <SitemapPage />);
    const nav = screen.getByRole("navigation", { name: "Sitemap" });
    const links = within(nav).getAllByRole("link");
    expect(links.map((l) => [l.textContent, l.getAttribute("href")])).toEqual([
      ["Home", "/"],
      ["Login", "/auth/login"],
      ["Register", "/auth/register"],
      ["About Us", "/about"],
      ["Our Services", "/services"],
      ["Find Mentors", "/mentors"],
      ["Contact Us", "/contact"],
      ["Privacy Policy", "/privacy"],
      ["Refund Policy", "/refund"],
      ["Terms & Conditions", "/terms"],
    ]);
    expect(screen.getByTestId("sitemap-contact").getAttribute("href")).toBe("/contact");
  });
});

describe("the mentor pages", () => {
  it("become-mentor: apply, approval within 24 hours, both payout readings, the commission wording", () => {
    mockApi();
    renderAt("/become-mentor", <BecomeMentorPage applyForm={null} />);
    expect(hrefOf("Apply to mentor")).toBe("/become-mentor#apply");
    expect(within(screen.getByTestId("apply")).getByRole("heading", { level: 2, name: "Apply to become a mentor" })).toBeTruthy();
    const text = document.body.textContent ?? "";
    expect(text).toMatch(/within 24 hours/);
    expect(text).toMatch(/2 days after the session/);
    expect(text).toMatch(/weekly, or monthly/);
    expect(text).toMatch(/a platform commission, shown to you before you publish your prices/);
    for (const field of ["Career", "Business", "Technology", "Health", "Academic", "Freelancing", "Creative"]) {
      expect(screen.getByText(field, { selector: "li" })).toBeTruthy();
    }
  });

  it("why-become-mentor: Apply Now leads to the become-mentor page", () => {
    mockApi();
    renderAt("/why-become-mentor", <WhyBecomeMentorPage />);
    const apply = screen.getAllByRole("link", { name: "Apply Now" });
    expect(apply.length).toBeGreaterThan(0);
    for (const a of apply) expect(a.getAttribute("href")).toBe("/become-mentor");
  });
});

describe("the business pages", () => {
  for (const { slug } of allProgrammes()) {
    it(`/b2b/${slug}: the programme's content and Get Custom Quote with the programme chosen`, async () => {
      mockApi();
      renderAt(`/b2b/${slug}`, <BusinessPage />);
      const programme = allProgrammes().find((p) => p.slug === slug)!;
      expect(h1()).toBe(programme.title);
      await waitFor(() => expect(document.title).toBe(`${programme.title} · MentorBridge`));
      for (const title of ["What it is", "Who it’s for", "Formats", "Outcomes", "How an engagement runs"]) {
        expect(screen.getByText(title)).toBeTruthy();
      }
      for (const format of programme.formats) expect(screen.getByRole("heading", { level: 3, name: format.title })).toBeTruthy();
      const quotes = screen.getAllByRole("link", { name: "Get Custom Quote" });
      expect(quotes.length).toBeGreaterThan(0);
      for (const q of quotes) expect(q.getAttribute("href")).toBe(`/b2b/contact?programme=${slug}`);
      expect(skippedHeadingLevels()).toEqual([]);
      // The other four programmes are linked, not this one.
      const related = screen.getByRole("region", { name: "Other business programmes" });
      expect(within(related).getAllByRole("link")).toHaveLength(4);
    });
  }
});
