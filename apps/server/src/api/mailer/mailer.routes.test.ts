import { testEngines } from "@aea/core/testing";
import { mailListenerForSuite } from "@aea/core/testing/suite";
import { describe, expect, it } from "vitest";
import { serveTestApp } from "../../testing/test-app.ts";

const json = { "content-type": "application/json" };
const contact = {
  firstName: "Ann",
  lastName: "Lee",
  email: "Ann.Lee@Example.com",
  subject: "Permian non-op package",
  message: "We hold 2,400 net acres in Reeves County.\nCan we talk next week?",
  appName: "AEA",
};

describe.each(testEngines())("mail forms API on $name", (engine) => {
  const smtp = mailListenerForSuite();
  const served = serveTestApp(engine, () => ({ SMTP_URL: smtp.url, AUTH_RATE_LIMIT_PER_MINUTE: "10" }), {
    withWebApp: false,
  });

  // Each test posts from its own address so the per-address limit is tested only where meant.
  let address = 0;
  const post = (url: string, payload: unknown, remoteAddress = `10.1.0.${++address}`) =>
    served.app.inject({ method: "POST", url, headers: json, payload: payload as object, remoteAddress });
  const issues = (response: { json(): { issues?: { path: string; message: string }[] } }) =>
    Object.fromEntries((response.json().issues ?? []).map((i) => [i.path.replace(/^\//, ""), i.message]));

  it("mails a contact message to the staff inbox with every field, and keeps a copy", async () => {
    const before = smtp.mails.length;
    const response = await post("/api/Mailer/SendContactUsEmail", contact);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: "Your email has been sent successfully." });
    expect(smtp.mails).toHaveLength(before + 1);
    const mail = smtp.mails.at(-1);
    expect(mail?.to).toEqual([served.core.config.supportEmail]);
    expect(mail?.text).toContain("Subject: Contact form: Permian non-op package");
    for (const text of [
      "Ann Lee",
      "ann.lee@example.com",
      "2,400 net acres in Reeves County",
      "Sent from: AEA",
    ])
      expect(mail?.text).toContain(text);
    const [stored] = await served.core.inquiries.recent(1, "contact");
    expect(stored).toMatchObject({
      kind: "contact",
      name: "Ann Lee",
      email: "ann.lee@example.com",
      subject: "Permian non-op package",
      delivery: "sent",
      appName: "AEA",
    });
    expect(stored.fields.message).toBe(contact.message);
  });

  it("validates the contact form with the spec's messages; the message itself is optional", async () => {
    const bad = await post("/api/Mailer/SendContactUsEmail", { email: "ann@" });
    expect(bad.statusCode).toBe(400);
    expect(issues(bad)).toEqual({
      firstName: "Please enter your first name.",
      lastName: "Please enter your last name.",
      email: "Please enter a valid email address.",
      subject: "Please enter a subject.",
    });
    const noMessage = await post("/api/Mailer/SendContactUsEmail", { ...contact, message: undefined });
    expect(noMessage.statusCode).toBe(200);
  });

  it("re-checks the content's block list and sends nothing for a blocked address", async () => {
    const before = smtp.mails.length;
    for (const email of ["someone@mailinator.com", "SPAM@blocked.test", "x@eu.guerrillamail.com"]) {
      const response = await post("/api/Mailer/SendContactUsEmail", { ...contact, email });
      expect(response.statusCode, email).toBe(400);
      expect(response.json()).toEqual({
        message: "Please enter a valid email address.",
        code: "BLOCKED_EMAIL",
      });
    }
    expect(smtp.mails).toHaveLength(before);
    expect(await served.core.inquiries.contactBlockList()).toContain("@mailinator.com");
  });

  it("mails a chat message with the page it came from", async () => {
    const response = await post("/api/Mailer/SendChatMessage", {
      name: "Sam Ortiz",
      email: "sam@example.org",
      message: "Is the Midland package still open?",
      page: "/deals/1001",
    });
    expect(response.statusCode).toBe(200);
    const mail = smtp.mails.at(-1);
    expect(mail?.to).toEqual([served.core.config.supportEmail]);
    expect(mail?.text).toContain("Subject: Chat message from Sam Ortiz");
    expect(mail?.text).toContain("Is the Midland package still open?");
    expect(mail?.text).toContain(`${served.core.config.publicUrl}/deals/1001`);
    const bad = await post("/api/Mailer/SendChatMessage", {
      name: " ",
      email: "sam",
      message: "",
      page: "//evil",
    });
    expect(bad.statusCode).toBe(400);
    expect(issues(bad)).toMatchObject({
      name: "Please enter your name.",
      email: "Please enter a valid email address.",
      message: "Please enter a message.",
    });
  });

  it("limits each mail form to 10 posts a minute from one address (429)", async () => {
    for (const url of ["/api/Mailer/SendContactUsEmail", "/api/Mailer/SendChatMessage"]) {
      const from = `10.9.9.${++address}`;
      for (let i = 0; i < 10; i++) expect((await post(url, {}, from)).statusCode).toBe(400);
      const limited = await post(url, {}, from);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe("RATE_LIMITED");
      expect((await post(url, {}, `10.9.8.${address}`)).statusCode).toBe(400);
    }
  });

  it("serves the four seller brochures as PDFs", async () => {
    for (const slug of ["divestiture-services", "data-room-hosting", "technical-services", "buyer-network"]) {
      const response = await served.app.inject(`/media/brochures/${slug}.pdf`);
      expect(response.statusCode, slug).toBe(200);
      expect(response.headers["content-type"]).toBe("application/pdf");
      expect(response.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
      expect(response.rawPayload.length).toBeGreaterThan(2000);
      expect(response.rawPayload.toString("latin1").trimEnd().endsWith("%%EOF")).toBe(true);
    }
    expect((await served.app.inject("/media/brochures/.generated")).statusCode).not.toBe(200);
  });

  // Last: it stops the mail server.
  it("answers the spec's failure message when the mail cannot be sent, and keeps the copy", async () => {
    await smtp.close();
    const response = await post("/api/Mailer/SendContactUsEmail", { ...contact, subject: "Undeliverable" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      message: "An error has occurred, please try again.",
      code: "MAIL_FAILED",
    });
    const [stored] = await served.core.inquiries.recent(1);
    expect(stored).toMatchObject({ subject: "Undeliverable", delivery: "failed" });
    expect(stored.error).toBeTruthy();
  });
});
