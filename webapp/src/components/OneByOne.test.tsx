import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { OneByOne } from "./OneByOne";

describe("OneByOne", () => {
  it("mounts the first child at once and the others after, in order", async () => {
    render(
      <OneByOne>
        <p>first</p>
        {null}
        <p>second</p>
        <p>third</p>
      </OneByOne>,
    );
    const shown = () => screen.queryAllByText(/first|second|third/).map((p) => p.textContent);
    expect(shown()).toEqual(["first"]);
    await screen.findByText("third");
    expect(shown()).toEqual(["first", "second", "third"]);
  });
});
