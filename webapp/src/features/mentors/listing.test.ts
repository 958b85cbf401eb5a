import { describe, expect, it } from "vitest";
import { isFiltered, readQuery, writeQuery } from "./listing";

describe("the listing's URL query", () => {
  it("round-trips every view, leaving defaults out", () => {
    const views = [
      { q: "", category: "all", sort: "best", free: false },
      { q: "data science", category: "technology", sort: "price-asc", free: true },
      { q: "zoë", category: "mental-health", sort: "experience", free: false },
    ] as const;
    for (const view of views) {
      const params = writeQuery(view, "all");
      expect(readQuery(new URLSearchParams(params.toString()), "all")).toEqual(view);
    }
    expect(writeQuery(views[0], "all").toString()).toBe("");
    expect(writeQuery(views[1], "all").toString()).toBe("q=data+science&category=technology&sort=price-asc&free=1");
  });

  it("treats the route's own category as the default", () => {
    expect(readQuery(new URLSearchParams(""), "technology").category).toBe("technology");
    expect(writeQuery({ q: "", category: "technology", sort: "best", free: false }, "technology").toString()).toBe("");
    expect(writeQuery({ q: "", category: "all", sort: "best", free: false }, "technology").toString()).toBe("category=all");
    expect(isFiltered(readQuery(new URLSearchParams("category=all"), "technology"), "technology")).toBe(true);
  });

  it("falls back to defaults for values it does not know", () => {
    expect(readQuery(new URLSearchParams("category=Technology&sort=cheap&free=true&q=%20%20"), "all")).toEqual({
      q: "",
      category: "all",
      sort: "best",
      free: false,
    });
  });
});
