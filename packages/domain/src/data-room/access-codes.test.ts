import { describe, expect, it } from "vitest";
import { EMPTY_PRIVATE_EXTRAS } from "../listing/listing-editing.ts";
import { privateDealDetails, privateDealTimeline } from "../listing/private-deal-timeline.ts";
import * as schemas from "./access-code-schemas.ts";
import * as texts from "./access-codes.ts";

describe("access codes", () => {
  it("has the spec's texts", () => {
    expect(texts.ACCESS_CODE_REQUIRED).toBe("Access Code is Required");
    expect(texts.INCORRECT_CODE).toBe("Incorrect Code");
    expect(texts.VERIFYING).toBe("Verifying...");
    expect(texts.ACCESS_GRANTED).toBe("Access Granted");
    expect(texts.EXCLUSIVE_DEAL).toBe("EXCLUSIVE DEAL");
    expect(texts.EXCLUSIVE_DEAL_OK).toBe("OK");
  });

  it("reads codes in any case and without spaces, and knows the demo's predictable code", () => {
    expect(texts.normalizeAccessCode("  k7pq mx3r 9t ")).toBe("K7PQMX3R9T");
    expect(texts.normalizeAccessCode("dd-1042")).toBe("DD-1042");
    expect(texts.demoAccessCode(1042)).toBe("DD-1042");
    expect(texts.isPredictableAccessCode(1042, " dd-1042")).toBe(true);
    expect(texts.isPredictableAccessCode(1042, "DD-10420")).toBe(false);
    expect(texts.isPredictableAccessCode(1042, "K7PQMX3R9T")).toBe(false);
  });

  it("draws random codes from characters that cannot be mistaken for one another", () => {
    for (const ambiguous of ["0", "O", "1", "I", "L", "l"])
      expect(texts.ACCESS_CODE_ALPHABET).not.toContain(ambiguous);
    expect(new Set(texts.ACCESS_CODE_ALPHABET).size).toBe(texts.ACCESS_CODE_ALPHABET.length);
    expect(texts.RANDOM_ACCESS_CODE_LENGTH).toBeGreaterThanOrEqual(8);
  });

  it("refuses an empty or huge code with a clear message", () => {
    const errors = (code: unknown) =>
      schemas.grantDueDiligenceAccessSchema
        .safeParse({ code, listingId: 1 })
        .error?.issues.map((i) => i.message);
    expect(errors("   ")).toEqual([texts.ACCESS_CODE_REQUIRED]);
    expect(errors(undefined)).toEqual([texts.ACCESS_CODE_REQUIRED]);
    expect(errors("x".repeat(65))).toEqual([texts.ACCESS_CODE_TOO_LONG]);
    expect(errors("DD-1")).toBeUndefined();
    expect(schemas.grantDueDiligenceAccessSchema.safeParse({ code: "DD-1", listingId: "x" }).success).toBe(
      false,
    );
  });

  it("takes staff codes of 8 to 64 safe characters, in capitals", () => {
    expect(schemas.changeAccessCodeSchema.parse({ accessCode: " permian-2031 " })).toEqual({
      accessCode: "PERMIAN-2031",
    });
    expect(schemas.changeAccessCodeSchema.safeParse({ accessCode: "DD-1042" }).success).toBe(false);
    expect(schemas.changeAccessCodeSchema.safeParse({ accessCode: "a b c d" }).success).toBe(false);
  });
});

describe("a private deal's extras", () => {
  const extras = {
    ...EMPTY_PRIVATE_EXTRAS,
    folder: "PVT-1",
    passcode: "SECRET12",
    openingDate: "2030-01-01",
    closingDate: "2030-06-01",
    deadlineDate: "2030-03-01",
    deadlineDataroom: "2030-01-05",
    deadlinePrequalification: "2030-01-20",
  };

  it("orders the dated milestones and marks the past ones", () => {
    const timeline = privateDealTimeline(extras, Date.parse("2030-01-10"));
    expect(timeline.map((e) => [e.label, e.past])).toEqual([
      ["Opening", true],
      ["Data room deadline", true],
      ["Prequalification deadline", false],
      ["Bid deadline", false],
      ["Closing", false],
    ]);
  });

  it("never hands the passcode to a viewer", () => {
    expect(privateDealDetails(extras)).not.toHaveProperty("passcode");
  });
});
