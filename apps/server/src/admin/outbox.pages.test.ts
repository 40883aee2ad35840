import { testEngines } from "@aea/core/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { RoleSessions, roleSessionsEnv } from "../testing/role-sessions.ts";
import { serveTestApp } from "../testing/test-app.ts";

/** The links of a piece of HTML: [href, text] in order. */
const links = (html: string) =>
  [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((m) => [m[1], m[2]]);

/** Issue 20: the staff outbox links a mail's addresses without letting one lead to another site. */
describe.each(testEngines())("the staff outbox's links on $name", (engine) => {
  const served = serveTestApp(engine, roleSessionsEnv);
  let sessions: RoleSessions;

  beforeAll(async () => {
    sessions = await RoleSessions.create(served.core);
  });

  it("links this site's addresses as paths, never a // or /\\ path, and other sites absolutely", async () => {
    const site = served.core.config.publicUrl;
    await served.core.inquiries.sendChatMessage({
      name: "Visitor",
      email: "visitor@example.test",
      message: [
        `Sign the NDA at ${site}//evil.test/nda`,
        `or ${site}/\\evil.test/nda`,
        `The deal: ${site}/deals/1042.`,
        "Also https://evil.test/x and javascript:alert(1)",
      ].join("\n"),
    });
    const [mail] = await served.core.outbox.messages(1);
    const page = await served.app.inject({
      url: `/admin/outbox?id=${mail?.id}`,
      headers: { cookie: sessions.cookie("admin") as string },
    });
    expect(page.statusCode).toBe(200);
    const body = page.body.slice(page.body.indexOf('id="message-subject"'));
    const found = links(body);
    expect(found).toContainEqual([`${site}//evil.test/nda`, `${site}//evil.test/nda`]);
    expect(found).toContainEqual([`${site}//evil.test/nda`, `${site}/\\evil.test/nda`]);
    expect(found).toContainEqual(["/deals/1042", `${site}/deals/1042`]);
    expect(found).toContainEqual(["https://evil.test/x", "https://evil.test/x"]);
    expect(found.filter(([href]) => href?.startsWith("//") || href?.startsWith("/\\"))).toEqual([]);
    expect(body).toContain("javascript:alert(1)");
    expect(found.filter(([href]) => href?.startsWith("javascript:"))).toEqual([]);
  });
});
