import { describe, expect, it } from "vitest";
import { amountInput, amountLabel, compactAmountLabel, parseAmount, parsePrice, priceInput, priceLabelOf } from "./money";

describe("priceLabelOf: a session's price", () => {
  it("is the crate's label, Free Session for nothing", () => {
    expect(priceLabelOf(0)).toBe("Free Session");
    expect(priceLabelOf(50)).toBe("₹0.50");
    expect(priceLabelOf(150_000)).toBe("₹1,500");
    expect(priceLabelOf(149_950)).toBe("₹1,499.50");
    expect(priceLabelOf(12_345_678)).toBe("₹1,23,456.78");
  });
});

describe("amountLabel: an amount of money", () => {
  it("is the crate's label, but ₹0 for nothing and a minus below zero", () => {
    expect(amountLabel(0)).toBe("₹0");
    expect(amountLabel(50)).toBe("₹0.50");
    expect(amountLabel(149_950)).toBe("₹1,499.50");
    expect(amountLabel(12_345_678)).toBe("₹1,23,456.78");
    expect(amountLabel(12_345_650)).toBe("₹1,23,456.50");
    expect(amountLabel(-50_000)).toBe("−₹500");
    expect(amountLabel(-50)).toBe("−₹0.50");
  });

  it("is ₹0 for what is not a finite number", () => {
    expect(amountLabel(Number.NaN)).toBe("₹0");
    expect(amountLabel(Number.POSITIVE_INFINITY)).toBe("₹0");
  });
});

describe("compactAmountLabel: a chart's axis", () => {
  it("rounds to whole rupees and shortens thousands, lakhs and crores", () => {
    expect(compactAmountLabel(0)).toBe("₹0");
    expect(compactAmountLabel(50)).toBe("₹1");
    expect(compactAmountLabel(95_000)).toBe("₹950");
    expect(compactAmountLabel(149_950)).toBe("₹1.5k");
    expect(compactAmountLabel(1_250_000)).toBe("₹12.5k");
    expect(compactAmountLabel(12_345_678)).toBe("₹1.2L");
    expect(compactAmountLabel(32_000_000)).toBe("₹3.2L");
    expect(compactAmountLabel(1_100_000_000)).toBe("₹1.1Cr");
    expect(compactAmountLabel(-50_000)).toBe("−₹500");
  });
});

describe("amountInput and parseAmount: an amount typed in rupees", () => {
  it("prefills whole rupees bare and paise with two decimals", () => {
    expect(amountInput(0)).toBe("0");
    expect(amountInput(50)).toBe("0.50");
    expect(amountInput(75_000)).toBe("750");
    expect(amountInput(149_950)).toBe("1499.50");
    expect(amountInput(12_345_678)).toBe("123456.78");
  });

  it("reads rupees with up to two decimals, ignoring the sign, commas and spaces", () => {
    expect(parseAmount("0")).toBe(0);
    expect(parseAmount("0.5")).toBe(50);
    expect(parseAmount("0.07")).toBe(7);
    expect(parseAmount("750")).toBe(75_000);
    expect(parseAmount("1499.5")).toBe(149_950);
    expect(parseAmount(" ₹1,250.5 ")).toBe(125_050);
    expect(parseAmount("₹1,23,456.78")).toBe(12_345_678);
  });

  it("is undefined for what is not such an amount", () => {
    expect(parseAmount("")).toBeUndefined();
    expect(parseAmount("12.345")).toBeUndefined();
    expect(parseAmount("-5")).toBeUndefined();
    expect(parseAmount("1e3")).toBeUndefined();
    expect(parseAmount("abc")).toBeUndefined();
  });

  it("reads back what it prefills", () => {
    for (const paise of [0, 50, 149_950, 12_345_678]) expect(parseAmount(amountInput(paise))).toBe(paise);
  });
});

describe("priceInput and parsePrice: a price field", () => {
  it("prefills the rupees as a plain number", () => {
    expect(priceInput(0)).toBe("0");
    expect(priceInput(50)).toBe("0.5");
    expect(priceInput(150_000)).toBe("1500");
    expect(priceInput(149_950)).toBe("1499.5");
    expect(priceInput(12_345_678)).toBe("123456.78");
  });

  it("reads any number to the nearest paisa, leaving the judging to the crate", () => {
    expect(parsePrice("0")).toBe(0);
    expect(parsePrice(" 1500 ")).toBe(150_000);
    expect(parsePrice("1499.5")).toBe(149_950);
    expect(parsePrice("1499.499")).toBe(149_950);
    expect(parsePrice("-5")).toBe(-500);
    expect(parsePrice("1e3")).toBe(100_000);
  });

  it("is -1 (no price) when empty or not a number", () => {
    expect(parsePrice("")).toBe(-1);
    expect(parsePrice("   ")).toBe(-1);
    expect(parsePrice("abc")).toBe(-1);
    expect(parsePrice("₹1,500")).toBe(-1);
  });

  it("reads back what it prefills", () => {
    for (const paise of [0, 50, 149_950, 12_345_678]) expect(parsePrice(priceInput(paise))).toBe(paise);
  });
});
