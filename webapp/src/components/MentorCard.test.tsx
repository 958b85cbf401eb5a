import { describe, expect, it } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { FALLBACK_PORTRAIT, MentorCard } from "./MentorCard";

function renderCard(badge?: string, reviewsLabel: string | null = "REVIEWS-LABEL") {
  return render(
    <MemoryRouter>
      <MentorCard
        name="Asha Rao"
        headline="Staff engineer, ex-fintech"
        expertise={["System Design", "Career Growth", "Go"]}
        imageUrl="/media/portraits/7.svg"
        labels={{
          priceLabel: "PRICE-LABEL",
          ratingLabel: "RATING-LABEL",
          experienceLabel: "EXPERIENCE-LABEL",
          path: "/mentors/7-asha-rao",
          ...(badge === undefined ? {} : { badge }),
          ...(reviewsLabel === null ? {} : { reviewsLabel }),
        }}
        price={1500}
      />
    </MemoryRouter>,
  );
}

describe("MentorCard", () => {
  it("shows exactly the labels it is given", () => {
    renderCard("BADGE-LABEL");
    expect(screen.getByTestId("price-label").textContent).toBe("PRICE-LABEL");
    expect(screen.getByTestId("rating-label").textContent).toBe("RATING-LABEL");
    expect(screen.getByTestId("experience-label").textContent).toBe("EXPERIENCE-LABEL");
    expect(screen.getByTestId("mentor-badge").textContent).toBe("BADGE-LABEL");
    expect(screen.getByTestId("review-count").textContent).toBe("REVIEWS-LABEL");
  });

  it("shows the review count beside the rating, and New with no star without reviews", () => {
    const { unmount } = renderCard(undefined, "23 reviews");
    expect(screen.getByTestId("rating-label").parentElement?.textContent).toBe("Rated RATING-LABEL out of 5 · , from 23 reviews");
    unmount();
    renderCard(undefined, null);
    expect(screen.queryByTestId("review-count")).toBeNull();
    expect(screen.getByTestId("rating-label").parentElement?.querySelector("svg")).toBeNull();
  });

  it("links the name to the path it is given", () => {
    renderCard();
    expect(screen.getByRole("link", { name: "Asha Rao" }).getAttribute("href")).toBe("/mentors/7-asha-rao");
  });

  it("joins expertise with bullets and shows the headline", () => {
    renderCard();
    expect(screen.getByTestId("expertise-label").textContent).toBe("System Design • Career Growth • Go");
    expect(screen.getByText("Staff engineer, ex-fintech")).toBeTruthy();
  });

  it("shows no badge when it is given none", () => {
    renderCard();
    expect(screen.queryByTestId("mentor-badge")).toBeNull();
  });

  it("fades the portrait in once loaded and swaps to the fallback on error", () => {
    renderCard();
    const img = screen.getByRole("img", { name: "Portrait of Asha Rao" });
    expect(img.getAttribute("src")).toBe("/media/portraits/7.svg");
    expect(img.parentElement?.classList.contains("is-loaded")).toBe(false);
    fireEvent.error(img);
    expect(img.getAttribute("src")).toBe(FALLBACK_PORTRAIT);
    fireEvent.load(img);
    expect(img.parentElement?.classList.contains("is-loaded")).toBe(true);
  });
});
