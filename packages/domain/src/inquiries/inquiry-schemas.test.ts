import { describe, expect, it } from "vitest";
import { blockListEntries, isBlockedEmail } from "./block-list.ts";
import {
  chatMessageSchema,
  contactFormSchema,
  sellerContactSchema,
  sellerFormSchema,
} from "./inquiry-schemas.ts";

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe("block list", () => {
  const list = ["@mailinator.com", "spam@blocked.test", " Example.ORG ", ""];
  it("matches whole addresses and domains (with subdomains), ignoring case and spaces", () => {
    expect(isBlockedEmail("Someone@Mailinator.com", list)).toBe(true);
    expect(isBlockedEmail("a@eu.mailinator.com", list)).toBe(true);
    expect(isBlockedEmail("spam@blocked.test", list)).toBe(true);
    expect(isBlockedEmail("other@blocked.test", list)).toBe(false);
    expect(isBlockedEmail("x@example.org", list)).toBe(true);
    expect(isBlockedEmail("x@notmailinator.com", list)).toBe(false);
    expect(isBlockedEmail("not-an-email", list)).toBe(false);
  });
  it("reads the content's rows and skips malformed ones", () => {
    expect(blockListEntries([{ item: "@a.test" }, { item: "" }, null, { other: 1 }, "x"])).toEqual([
      "@a.test",
    ]);
    expect(blockListEntries(undefined)).toEqual([]);
  });
});

describe("contact form (§5)", () => {
  const valid = {
    firstName: "Ann",
    lastName: "Lee",
    email: "Ann@Example.com",
    subject: "Hello",
    message: "",
  };
  it("requires names, email and subject; the message has no validator", () => {
    expect(messages(contactFormSchema().safeParse({}))).toEqual({
      firstName: "Please enter your first name.",
      lastName: "Please enter your last name.",
      email: "Please enter a valid email address.",
      subject: "Please enter a subject.",
    });
    const parsed = contactFormSchema().parse({ ...valid, message: undefined });
    expect(parsed).toMatchObject({ email: "ann@example.com", message: "" });
  });
  it("flags invalid and blocked emails with the same message", () => {
    const schema = contactFormSchema(["@mailinator.com"]);
    expect(messages(schema.safeParse({ ...valid, email: "ann@" })).email).toBe(
      "Please enter a valid email address.",
    );
    expect(messages(schema.safeParse({ ...valid, email: "ann@mailinator.com" })).email).toBe(
      "Please enter a valid email address.",
    );
    expect(schema.safeParse(valid).success).toBe(true);
  });
});

describe("seller form (§5)", () => {
  const valid = { firstName: "Ann", lastName: "Lee", email: "ann@example.com" };
  it("requires names and an email with a dot and a two-letter ending; the rest is optional", () => {
    expect(sellerFormSchema.parse(valid)).toEqual({ ...valid, company: "", phone: "", description: "" });
    for (const email of ["ann@example", "ann@example.c", "ann example.com", "@example.com", ""]) {
      expect(messages(sellerFormSchema.safeParse({ ...valid, email })).email, email).toBe(
        "Please enter a valid email address.",
      );
    }
    expect(messages(sellerFormSchema.safeParse({ ...valid, firstName: " " })).firstName).toBe(
      "Please enter your first name.",
    );
  });
  it("accepts the API's extra fields", () => {
    const parsed = sellerContactSchema.parse({
      ...valid,
      fullName: "Ann Lee",
      title: "Sell",
      appName: "AEA",
    });
    expect(parsed).toMatchObject({ fullName: "Ann Lee", title: "Sell", appName: "AEA" });
  });
});

describe("chat message", () => {
  it("requires a name, a valid email and a message; the page must be a path", () => {
    expect(messages(chatMessageSchema.safeParse({ email: "x" }))).toEqual({
      name: "Please enter your name.",
      email: "Please enter a valid email address.",
      message: "Please enter a message.",
    });
    expect(
      chatMessageSchema.safeParse({ name: "A", email: "a@b.co", message: "Hi", page: "https://evil" })
        .success,
    ).toBe(false);
    expect(
      chatMessageSchema.safeParse({ name: "A", email: "a@b.co", message: "Hi", page: "/deals/12" }).success,
    ).toBe(true);
  });
});
