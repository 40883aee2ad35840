import { testEngines } from "@aea/core/testing";
import { mailListenerForSuite } from "@aea/core/testing/suite";
import { describe, expect, it } from "vitest";
import { serveTestApp } from "../../testing/test-app.ts";

const json = { "content-type": "application/json" };
const inquiry = {
  fullName: "Ann Lee",
  firstName: "Ann",
  lastName: "Lee",
  email: "ann@lee-minerals.com",
  title: "Sell my minerals",
  company: "Lee Minerals LLC",
  phone: "(432) 555-0142",
  description: "640 net mineral acres in Loving County, leased to a major operator.",
  appName: "AEA",
};

describe.each(testEngines())("seller inquiry API on $name", (engine) => {
  const smtp = mailListenerForSuite();
  const served = serveTestApp(engine, () => ({ SMTP_URL: smtp.url, AUTH_RATE_LIMIT_PER_MINUTE: "10" }), {
    withWebApp: false,
  });

  let address = 0;
  const post = (payload: unknown, remoteAddress = `10.2.0.${++address}`) =>
    served.app.inject({
      method: "POST",
      url: "/api/Seller/Contact",
      headers: json,
      payload: payload as object,
      remoteAddress,
    });

  it("mails the inquiry to the staff inbox with every field, and keeps a copy", async () => {
    const response = await post(inquiry);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: "Your email has been sent successfully. An agent will contact you shortly.",
    });
    const mail = smtp.mails.at(-1);
    expect(mail?.to).toEqual([served.core.config.supportEmail]);
    expect(mail?.text).toContain("Subject: Sell my minerals: Ann Lee (Lee Minerals LLC)");
    for (const text of ["ann@lee-minerals.com", "(432) 555-0142", "640 net mineral acres in Loving County"])
      expect(mail?.text).toContain(text);
    const [stored] = await served.core.inquiries.recent(1, "seller");
    expect(stored).toMatchObject({
      kind: "seller",
      name: "Ann Lee",
      email: "ann@lee-minerals.com",
      delivery: "sent",
    });
    expect(stored.fields).toMatchObject({
      company: "Lee Minerals LLC",
      phone: "(432) 555-0142",
      title: "Sell my minerals",
    });
  });

  it("needs only the names and email; fullName and title default", async () => {
    const response = await post({ firstName: "Bo", lastName: "Diaz", email: "bo@diaz.energy" });
    expect(response.statusCode).toBe(200);
    expect(smtp.mails.at(-1)?.text).toContain("Subject: Seller inquiry: Bo Diaz");
    const [stored] = await served.core.inquiries.recent(1, "seller");
    expect(stored).toMatchObject({ name: "Bo Diaz", subject: "Seller inquiry", message: "" });
  });

  it("validates names and the email pattern (local part, @, domain, dot, 2+ letters)", async () => {
    const before = smtp.mails.length;
    for (const email of ["ann@example", "ann@example.c", "ann.example.com", ""]) {
      const response = await post({ ...inquiry, email });
      expect(response.statusCode, email).toBe(400);
      expect(response.json().issues).toContainEqual({
        path: "/email",
        message: "Please enter a valid email address.",
      });
    }
    const names = await post({ ...inquiry, firstName: "", lastName: " " });
    expect(names.json().issues.map((i: { message: string }) => i.message)).toEqual([
      "Please enter your first name.",
      "Please enter your last name.",
    ]);
    expect(smtp.mails).toHaveLength(before);
  });

  it("limits inquiries to 10 a minute from one address (429)", async () => {
    const from = "10.2.9.9";
    for (let i = 0; i < 10; i++) expect((await post({}, from)).statusCode).toBe(400);
    const limited = await post(inquiry, from);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe("RATE_LIMITED");
  });

  it("answers the spec's failure message when the mail cannot be sent", async () => {
    await smtp.close();
    const response = await post(inquiry);
    expect(response.statusCode).toBe(500);
    expect(response.json().message).toBe("An unexpected error has occurred. Please try again later.");
    expect((await served.core.inquiries.recent(1, "seller"))[0].delivery).toBe("failed");
  });
});
