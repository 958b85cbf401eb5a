import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { faqPreview } from "../../lib/domain";
import { Faq } from "./Faq";
import { FAQS } from "./faqs";

function setViewport(width: number, coarsePointer: boolean) {
  vi.stubGlobal("innerWidth", width);
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({
      matches: coarsePointer && query.includes("pointer: coarse"),
      media: query,
      addEventListener() {},
      removeEventListener() {},
    })),
  );
}

function renderFaq() {
  return render(
    <MemoryRouter>
      <Faq />
    </MemoryRouter>,
  );
}

const questions = () => screen.getAllByRole("button", { expanded: false, name: /\?$/ }).concat(screen.queryAllByRole("button", { expanded: true, name: /\?$/ }));
const questionButton = (question: string) => screen.getByRole("button", { name: question });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the FAQ content", () => {
  it("has 15 distinct questions, each with an answer", () => {
    expect(FAQS).toHaveLength(15);
    expect(new Set(FAQS.map((f) => f.question)).size).toBe(15);
    expect(new Set(FAQS.map((f) => f.id)).size).toBe(15);
    for (const f of FAQS) expect(f.answer.length).toBeGreaterThan(80);
  });

  it("has at least three answers long enough for Read More", () => {
    expect(FAQS.filter((f) => f.answer.length > 300).length).toBeGreaterThanOrEqual(3);
    expect(FAQS.filter((f) => faqPreview(f.answer).truncated).length).toBeGreaterThanOrEqual(3);
  });

  it("states the spec's facts: payment methods, refund windows, payouts, approval time", () => {
    const all = FAQS.map((f) => f.answer).join("\n");
    for (const fact of ["UPI", "net banking", "wallets", "card payment gateway", "48 hours", "7 days", "3–5 business days", "2 days after", "weekly", "monthly", "24 hours", "Google", "meeting link", "free first session"]) {
      expect(all).toContain(fact);
    }
  });
});

describe("the FAQ list", () => {
  it("shows 4 questions on phones and touch screens, with Show More Questions (11 more)", () => {
    setViewport(390, true);
    renderFaq();
    expect(screen.getAllByTestId("faq-item")).toHaveLength(4);
    expect(screen.getByTestId("faq-show-more").textContent).toBe("Show More Questions (11 more)");
  });

  it("shows 4 on a large touch screen too", () => {
    setViewport(1366, true);
    renderFaq();
    expect(screen.getAllByTestId("faq-item")).toHaveLength(4);
  });

  it("shows 6 on large screens without touch, with Show More Questions (9 more)", () => {
    setViewport(1280, false);
    renderFaq();
    expect(screen.getAllByTestId("faq-item")).toHaveLength(6);
    expect(screen.getByTestId("faq-show-more").textContent).toBe("Show More Questions (9 more)");
  });

  it("reveals all 15 with Show More, moves focus to the first new question and drops the button", () => {
    setViewport(390, true);
    renderFaq();
    fireEvent.click(screen.getByTestId("faq-show-more"));
    expect(screen.getAllByTestId("faq-item")).toHaveLength(15);
    expect(screen.queryByTestId("faq-show-more")).toBeNull();
    expect(document.activeElement).toBe(questionButton(FAQS[4]?.question ?? ""));
    expect(questions()).toHaveLength(15);
  });

  it("opens one answer at a time; clicking the open question closes it", () => {
    setViewport(390, true);
    renderFaq();
    const [first, second] = [FAQS[0], FAQS[1]].map((f) => questionButton(f?.question ?? ""));
    if (!first || !second) throw new Error("missing questions");
    expect(first.getAttribute("aria-expanded")).toBe("false");

    fireEvent.click(first);
    expect(first.getAttribute("aria-expanded")).toBe("true");
    const panel = document.getElementById(first.getAttribute("aria-controls") ?? "");
    expect(panel?.textContent).toContain("one-on-one video sessions");

    fireEvent.click(second);
    expect(second.getAttribute("aria-expanded")).toBe("true");
    expect(first.getAttribute("aria-expanded")).toBe("false");
    expect(screen.getAllByRole("button", { expanded: true })).toHaveLength(1);

    fireEvent.click(second);
    expect(second.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryAllByRole("button", { expanded: true })).toHaveLength(0);
  });

  it("cuts a long answer behind Read More and shows it whole with Read Less", () => {
    setViewport(390, true);
    renderFaq();
    const refunds = FAQS.find((f) => f.id === "refunds");
    if (!refunds) throw new Error("no refunds question");
    expect(refunds.answer.length).toBeGreaterThan(300);
    fireEvent.click(screen.getByTestId("faq-show-more"));
    fireEvent.click(questionButton(refunds.question));
    const item = questionButton(refunds.question).closest("li") as HTMLElement;
    const answer = () => item.querySelector(".faq-item__answer")?.textContent ?? "";

    const preview = faqPreview(refunds.answer);
    expect(answer()).toBe(preview.text.split("\n\n").join(""));
    expect(answer()).not.toContain("refund policy has the details");

    const readMore = within(item).getByRole("button", { name: "Read More" });
    expect(readMore.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(readMore);
    expect(answer()).toContain("The refund policy has the details.");
    const readLess = within(item).getByRole("button", { name: "Read Less" });
    expect(readLess.getAttribute("aria-expanded")).toBe("true");
    fireEvent.click(readLess);
    expect(answer()).not.toContain("refund policy has the details");
  });

  it("offers no Read More for a short answer", () => {
    setViewport(390, true);
    renderFaq();
    const short = FAQS.find((f) => f.answer.length <= 300);
    if (!short) throw new Error("no short answer");
    fireEvent.click(questionButton(short.question));
    const item = questionButton(short.question).closest("li") as HTMLElement;
    expect(within(item).queryByRole("button", { name: "Read More" })).toBeNull();
  });

  it("links Still have questions? to the contact page", () => {
    setViewport(390, true);
    renderFaq();
    const support = screen.getByTestId("faq-support");
    expect(within(support).getByRole("heading").textContent).toBe("Still have questions?");
    expect(within(support).getByRole("link", { name: "Contact Support" }).getAttribute("href")).toBe("/contact");
  });

  it("emits FAQPage structured data with all 15 questions and full answers", () => {
    setViewport(390, true);
    const { container } = renderFaq();
    const script = container.querySelector('script[type="application/ld+json"]');
    expect(script).not.toBeNull();
    const data = JSON.parse(script?.textContent ?? "{}") as {
      "@context": string;
      "@type": string;
      mainEntity: { "@type": string; name: string; acceptedAnswer: { "@type": string; text: string } }[];
    };
    expect(data["@context"]).toBe("https://schema.org");
    expect(data["@type"]).toBe("FAQPage");
    expect(data.mainEntity).toHaveLength(15);
    expect(data.mainEntity.map((q) => q.name)).toEqual(FAQS.map((f) => f.question));
    expect(data.mainEntity.map((q) => q.acceptedAnswer.text)).toEqual(FAQS.map((f) => f.answer));
    expect(data.mainEntity.every((q) => q["@type"] === "Question" && q.acceptedAnswer["@type"] === "Answer")).toBe(true);
  });
});
