import { describe, expect, it } from "vitest";
import { ServerClock, SKEW_THRESHOLD_MS } from "./clock";

const AT = Date.parse("2026-11-30T10:00:00.000Z");

/** A device clock that reads `device.ms`. */
function device(ms: number) {
  const clock = { ms };
  return { clock, server: new ServerClock(() => clock.ms) };
}

describe("ServerClock", () => {
  it("reads the device's clock until an answer says otherwise", () => {
    const { clock, server } = device(AT);
    expect(server.now()).toBe(AT);
    clock.ms += 1_234;
    expect(server.now()).toBe(AT + 1_234);
  });

  it("follows a server whose clock is ahead or behind by minutes", () => {
    const { clock, server } = device(AT);
    // The device is five minutes fast: the server's Date reads 09:55:00.
    server.observe("Mon, 30 Nov 2026 09:55:00 GMT");
    expect(server.now()).toBe(AT - 5 * 60_000 + 500);
    expect(server.skew()).toBe(-5 * 60_000 + 500);
    clock.ms += 10_000;
    expect(server.now()).toBe(AT + 10_000 - 5 * 60_000 + 500);
    // A later answer from a server that moved on (days later) is followed too.
    server.observe("Thu, 03 Dec 2026 10:00:10 GMT");
    expect(server.now()).toBe(Date.parse("2026-12-03T10:00:10.500Z"));
  });

  it("takes a gap within the header's rounding and the trip for no gap", () => {
    const { server } = device(AT + 900);
    server.observe("Mon, 30 Nov 2026 10:00:00 GMT");
    expect(server.skew()).toBe(0);
    const late = device(AT - SKEW_THRESHOLD_MS + 600).server;
    late.observe("Mon, 30 Nov 2026 10:00:00 GMT");
    expect(late.skew()).toBe(0);
    const wrong = device(AT - SKEW_THRESHOLD_MS).server;
    wrong.observe("Mon, 30 Nov 2026 10:00:00 GMT");
    expect(wrong.skew()).toBe(SKEW_THRESHOLD_MS + 500);
  });

  it("ignores a missing or unreadable header and keeps what it knew", () => {
    const { server } = device(AT);
    server.observe("Mon, 30 Nov 2026 09:00:00 GMT");
    const known = server.skew();
    expect(known).toBeLessThan(0);
    server.observe(null);
    server.observe(undefined);
    server.observe("not a date");
    expect(server.skew()).toBe(known);
  });
});
