import { describe, expect, it } from "vitest";
import pages from "../../../../domain-wasm/data/pages.json";
import { homeTitle } from "./homeMeta";

describe("the home page's document title", () => {
  it("comes from pages.json, brand first on / as the server writes it", () => {
    expect(homeTitle("/")).toBe(`MentorBridge · ${pages.pages["/"].title}`);
    expect(homeTitle("/how-it-work")).toBe(`${pages.pages["/how-it-work"].title} · MentorBridge`);
  });
});
