import { describe, expect, it } from "vitest";
import { activityFilterSchema, activityQuery, dataRoomItemName } from "./activity.ts";
import {
  AGREEMENT_TEXTS,
  agreementPlainText,
  agreementSchema,
  confidentialityAgreement,
  SIGNATURE_MAX_PIXELS,
} from "./agreement.ts";

/** A data URL holding a PNG's signature and IHDR chunk for that size: all the schema reads. */
function pngHeaderDataUrl(width: number, height: number): string {
  const bytes = new Uint8Array(33);
  bytes.set([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82]);
  new DataView(bytes.buffer).setUint32(16, width);
  new DataView(bytes.buffer).setUint32(20, height);
  bytes.set([8, 6], 24);
  return `data:image/png;base64,${btoa(String.fromCharCode(...bytes))}`;
}

describe("the confidentiality agreement", () => {
  const agreement = confidentialityAgreement({
    firmName: "Anticline Energy Advisors",
    listingId: 42,
    listingHeader: "Midland Basin Non-Op Package",
    date: "2031-03-04",
  });

  it("is filled in with the firm, the listing and the date", () => {
    const text = agreementPlainText(agreement);
    expect(agreement.title).toBe("Confidentiality Agreement — Midland Basin Non-Op Package");
    expect(text).toContain("made on 2031-03-04 between Anticline Energy Advisors");
    expect(text).toContain('"Midland Basin Non-Op Package" (Listing #42)');
    expect(agreement.paragraphs.length).toBeGreaterThan(10);
  });

  it("asks for a name, a company and consent, with the page's messages", () => {
    const refused = agreementSchema.safeParse({
      fullName: " ",
      company: "",
      signature: "javascript:alert(1)",
    });
    expect(refused.success).toBe(false);
    const messages = refused.error?.issues.map((i) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        AGREEMENT_TEXTS.fullNameRequired,
        AGREEMENT_TEXTS.companyRequired,
        AGREEMENT_TEXTS.consentRequired,
        AGREEMENT_TEXTS.signatureInvalid,
      ]),
    );
    expect(agreementSchema.parse({ fullName: " Dana ", company: "Caprock", consent: "on" })).toEqual({
      fullName: "Dana",
      company: "Caprock",
      consent: "on",
    });
  });
});

describe("the drawn signature", () => {
  const form = { fullName: "Dana", company: "Caprock", consent: "on" };
  const messages = (signature: string) =>
    agreementSchema.safeParse({ ...form, signature }).error?.issues.map((i) => i.message);

  it("is refused from its PNG header when it claims more pixels than the pad makes", () => {
    expect(messages(pngHeaderDataUrl(3000, 3000))).toEqual([AGREEMENT_TEXTS.signatureTooLarge]);
    expect(messages(pngHeaderDataUrl(20_000, 20_000))).toEqual([AGREEMENT_TEXTS.signatureTooLarge]);
    expect(AGREEMENT_TEXTS.signatureTooLarge).toContain(`${SIGNATURE_MAX_PIXELS / 1_000_000} megapixels`);
  });

  it("passes at the size of the pad at a pixel density of 4, and is refused when it is no PNG", () => {
    expect(messages(pngHeaderDataUrl(3584, 576))).toBeUndefined();
    expect(messages("data:image/png;base64,R0lGODlhAQABAAAAACw=")).toEqual([
      AGREEMENT_TEXTS.signatureInvalid,
    ]);
  });
});

describe("the activity filters and CSV", () => {
  it("treat empty fields as no filter and refuse a reversed date range", () => {
    expect(activityFilterSchema.parse({ buyer: "", event: "", from: "", to: "", page: "" })).toEqual({
      page: 1,
    });
    expect(activityFilterSchema.safeParse({ from: "2031-05-02", to: "2031-05-01" }).success).toBe(false);
    expect(activityFilterSchema.safeParse({ event: "drop table" }).success).toBe(false);
    expect(activityFilterSchema.safeParse({ from: "2031-13-45" }).success).toBe(false);
    expect(activityQuery({ buyer: 3, event: "file-downloaded", page: 2 })).toBe(
      "?buyer=3&event=file-downloaded&page=2",
    );
  });

  it("names the file or folder an event is about", () => {
    expect(dataRoomItemName({ fileName: "3.1 Production.pdf" })).toBe("3.1 Production.pdf");
    expect(dataRoomItemName(null)).toBe("");
  });
});
