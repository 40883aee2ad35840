import { type ExportFormat, USERS_PAGE_SIZE, type UserListQuery } from "@aea/domain";
import type { Config } from "../../config.ts";
import { type ExportFile, exportFile } from "../../export/table-export.ts";
import type { AccountStores } from "../account-stores.ts";
import type { SecondFactorService } from "../second-factor/second-factor.service.ts";
import type { AccountPage } from "../user.repository.ts";
import { usersTable } from "../user-export.ts";
import { requireStaff, type StaffActor } from "./staff-actor.ts";

/** The export's ceiling: more accounts than a firm has, few enough for one request's memory. */
const EXPORT_LIMIT = 50_000;

/** The staff's list of accounts (/admin/users): search, sort, pages, and its export. */
export class UserListService {
  readonly #r: AccountStores;
  readonly #config: Config;
  readonly #secondFactor: SecondFactorService;

  constructor(deps: { stores: AccountStores; config: Config; secondFactor: SecondFactorService }) {
    this.#r = deps.stores;
    this.#config = deps.config;
    this.#secondFactor = deps.secondFactor;
  }

  /** One page of the account list for a search, sort and page. */
  async search(actor: StaffActor, query: UserListQuery): Promise<AccountPage> {
    requireStaff(actor);
    return this.#r.users.search({ ...query, pageSize: USERS_PAGE_SIZE });
  }

  /** Every account matching the search, in the list's order, as CSV or XLSX (after a recent second-factor check). */
  async export(actor: StaffActor, query: UserListQuery, format: ExportFormat): Promise<ExportFile> {
    requireStaff(actor);
    await this.#secondFactor.requireRecentCheck({ userId: actor.user.id, sessionToken: actor.sessionToken });
    const { entries } = await this.#r.users.search({
      search: query.search,
      sort: query.sort,
      direction: query.direction,
      page: 1,
      pageSize: EXPORT_LIMIT,
    });
    const isManagement = (email: string) => this.#config.managementEmails.includes(email.toLowerCase());
    return exportFile(usersTable(entries, isManagement), format);
  }
}
