import { EMPTY_INTERESTS } from "@aea/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { UserRepository } from "../accounts/user.repository.ts";
import { coreForSuite } from "../testing/suite.ts";
import { insertTestAccount } from "../testing/test-accounts.ts";
import { testEngines } from "../testing/test-cores.ts";
import { testDatabase } from "../testing/test-database.ts";
import { ParticipantDocumentRepository } from "./participant-documents.repository.ts";

/**
 * A write shows in the next facet query without the index being built again: only the documents of
 * the ids the write named are read back (docs/decisions/039).
 */
describe.each(testEngines())("the participant facets after a write on $name", (engine) => {
  const suite = coreForSuite(engine, { SEED_DEMO: "false" });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const regions = async () => {
    const answer = await suite.core.facets.query("participant", {
      facets: ["regions"],
      sorts: [{ sortField: "id", isAscending: true }],
      size: 100,
    });
    const alaska = answer.facets.regions?.buckets.find((b) => b.key === "Alaska")?.value ?? 0;
    return { alaska, numFound: answer.response.numFound, ids: answer.response.docs.map((d) => d.id) };
  };

  it("reads back only the changed buyer when one saves interests, joins, or becomes staff", async () => {
    const { core } = suite;
    const buyers = [];
    for (let i = 0; i < 3; i++) buyers.push(await insertTestAccount(core, { password: "Bench2026" }));
    // A document's name, company and place are the first of the account's fields that is filled in.
    await testDatabase(core)
      .db.updateTable("users")
      .set({
        middle: "",
        companyName: "",
        officialCompanyName: "Apex Minerals",
        companyLocationCity: "Midland",
      })
      .where("id", "=", buyers[0]?.id as number)
      .execute();
    const first = await regions();
    const [doc] = (
      await core.facets.query("participant", {
        filters: [{ type: "checkbox", field: "company", expressions: ["Apex Minerals"] }],
      })
    ).response.docs;
    expect(doc).toMatchObject({
      id: buyers[0]?.id,
      name: `Pat ${buyers[0]?.lastName}`,
      city: "Midland",
      state: null,
    });
    expect(first.alaska).toBe(0);

    const reads = vi.spyOn(ParticipantDocumentRepository.prototype, "documents");
    const buyer = core.sessions.sessionUser(buyers[1] as never);
    await core.profiles.saveInterests(await buyer, { ...EMPTY_INTERESTS, selectedRegions: ["Alaska"] });
    const afterInterests = await regions();
    expect(afterInterests.alaska).toBe(1);
    expect(afterInterests.numFound).toBe(first.numFound);

    const newcomer = await insertTestAccount(core, { password: "Bench2026" });
    const afterJoin = await regions();
    expect(afterJoin.numFound).toBe(first.numFound + 1);
    expect(afterJoin.ids.at(-1)).toBe(newcomer.id);

    await new UserRepository(testDatabase(core).db).makeAdministrator(buyers[1]?.id as number);
    const afterPromotion = await regions();
    expect(afterPromotion.numFound).toBe(first.numFound);
    expect(afterPromotion.alaska).toBe(0);
    expect(afterPromotion.ids).not.toContain(buyers[1]?.id);

    // Every read named the ids of its write; none read the whole dataset again.
    expect(reads.mock.calls.length).toBeGreaterThan(0);
    for (const [ids] of reads.mock.calls) expect(ids?.length).toBe(1);
  });
});
