/**
 * Issue 21: "Waiting for Dr. to accept… Dr. has 23 h left". People are
 * addressed by the crate's short name (titles skipped), in the dashboard's
 * sentences as in the booking pages and the e-mails.
 */
import { describe, expect, it } from "vitest";
import { shortName } from "../../lib/domain";
import { firstName, learnerNextStep } from "../../lib/sessions";
import { aBooking } from "./fixtures.test-util";

describe("how the dashboards address people", () => {
  it("skips honorifics such as Dr., Prof., CA, Adv., Er. and Smt.", () => {
    for (const [name, short] of [
      ["Dr. Asha Rao", "Asha"],
      ["Prof. Meera Nair", "Meera"],
      ["CA Rohit Gupta", "Rohit"],
      ["Adv. Kavita Singh", "Kavita"],
      ["Er. Vikram Patel", "Vikram"],
      ["Smt. Lakshmi Iyer", "Lakshmi"],
      ["Drishti Shah", "Drishti"],
    ] as const) {
      expect(firstName(name)).toBe(short);
      expect(firstName(name)).toBe(shortName(name));
    }
  });

  it("a request to a titled mentor waits for the mentor by name", () => {
    const booking = aBooking({ status: "pending", mentor: { ...aBooking().mentor, name: "Dr. Asha Rao" } });
    expect(learnerNextStep(booking).text).toBe("Waiting for Asha to accept your request.");
  });
});
