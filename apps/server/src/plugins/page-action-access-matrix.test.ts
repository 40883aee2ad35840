import { describe, expect, it } from "vitest";
import { pageActionMatrix, routesWithActions } from "../testing/page-action-matrix.ts";
import { accountActions } from "../testing/page-actions/account-actions.ts";
import { staffActions } from "../testing/page-actions/staff-actions.ts";
import { requireFreshWebBuild, webBuild } from "../testing/web-build.ts";

requireFreshWebBuild();

// Every page action (a form posted before JavaScript loads, or by a fetcher) × the roles of spec §6:
// what a role gets follows from the page's declared audience (refusalAnswer); each case says what
// an admitted role gets. Staff actions are in staff-page-action-access-matrix.test.ts.
pageActionMatrix("page actions on one's own account", accountActions);

describe("the web app's page actions", () => {
  it("are each in a matrix", async () => {
    const actions = routesWithActions(await webBuild());
    const covered = new Set([...accountActions, ...staffActions].map((c) => c.route));
    expect(
      actions.filter((route) => !covered.has(route)),
      "add these page actions to a matrix",
    ).toEqual([]);
    expect(
      [...covered].filter((route) => !actions.includes(route)),
      "no longer actions",
    ).toEqual([]);
  });
});
