import {
  type RouteHandle,
  USER_SORTS,
  type UserSort,
  userExportPath,
  userListHref,
  userListQuery,
  userPath,
} from "@aea/domain";
import { Download, Search } from "lucide-react";
import { Form, Link } from "react-router";
import { appContext } from "../app-context";
import { Pager } from "../components/lists/pager";
import { type Column, DataTable } from "../components/staff/data-table";
import { StaffPage } from "../components/staff/staff-page";
import { buttonStyles } from "../components/ui/button-styles";
import { accountRoles } from "../features/users/account-roles";
import { formatDate } from "../lib/dates";
import { admittedUser } from "../lib/guards";
import { pageTitle } from "../lib/site";
import type { Route } from "./+types/admin.users";

export const handle = { access: "admin", searchBar: false } satisfies RouteHandle;

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = admittedUser(context);
  const { core } = context.get(appContext);
  const query = userListQuery(new URL(request.url).searchParams);
  const page = await core.userList.search({ user }, query);
  const managementEmails = core.config.managementEmails;
  return {
    query,
    pagination: page.pagination,
    users: page.entries.map((u) => ({
      id: u.id,
      name: [u.firstName, u.lastName].filter(Boolean).join(" "),
      email: u.email,
      company: u.company,
      verified: u.verified,
      disabled: u.disabledAt !== null,
      roles: accountRoles({ ...u, isManagement: u.verified && managementEmails.includes(u.email) }),
      createdAt: u.createdAt,
      lastLoginAt: u.lastLoginAt,
    })),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Users") },
  { name: "robots", content: "noindex" },
];

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { users, query, pagination } = loaderData;
  const total = pagination.total;
  return (
    <StaffPage
      title="Users"
      intro={`${total} ${total === 1 ? "account" : "accounts"}${query.search ? ` matching “${query.search}”` : ""}.`}
    >
      <div className="mb-4 flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
        <Form method="get" className="flex w-full max-w-lg gap-2" role="search">
          <div className="flex-1">
            <label htmlFor="user-search" className="mb-1 block font-medium text-navy-900 text-sm">
              Search by name, email or company
            </label>
            <input
              id="user-search"
              name="search"
              type="search"
              defaultValue={query.search}
              maxLength={100}
              className="h-10 w-full rounded-md border border-navy-100 px-3"
            />
          </div>
          {query.sort !== "created" ? <input type="hidden" name="sort" value={query.sort} /> : null}
          {query.direction !== "desc" ? (
            <input type="hidden" name="direction" value={query.direction} />
          ) : null}
          <button type="submit" className={`${buttonStyles.primary} h-10 self-end`}>
            <Search aria-hidden size={16} />
            Search
          </button>
        </Form>
        <div className="flex gap-2">
          <a href={userExportPath("csv", query)} className={buttonStyles.secondary}>
            <Download aria-hidden size={16} />
            Export CSV
          </a>
          <a href={userExportPath("xlsx", query)} className={buttonStyles.secondary}>
            <Download aria-hidden size={16} />
            Export XLSX
          </a>
        </div>
      </div>

      <DataTable
        caption={`Accounts, sorted by ${USER_SORTS[query.sort].toLowerCase()}`}
        columns={columns}
        rows={users}
        rowKey={(u) => u.id}
        empty="No account matches this search."
        sort={{
          by: query.sort,
          direction: query.direction,
          href: (by, direction) => userListHref({ search: query.search, sort: by as UserSort, direction }),
        }}
      />

      <Pager
        label="Pages of accounts"
        pagination={pagination}
        hrefForPage={(page) => userListHref({ ...query, page })}
        className="mt-4 justify-end"
      />
    </StaffPage>
  );
}

type UserRow = Route.ComponentProps["loaderData"]["users"][number];

const columns: Column<UserRow>[] = [
  {
    key: "name",
    header: USER_SORTS.name,
    sortable: true,
    className: "font-medium",
    cell: (u) => (
      <Link to={userPath(u.id)} className="text-navy-800 underline-offset-2 hover:underline">
        {u.name || "(no name)"}
      </Link>
    ),
  },
  { key: "email", header: USER_SORTS.email, sortable: true, className: "break-all", cell: (u) => u.email },
  { key: "company", header: USER_SORTS.company, sortable: true, cell: (u) => u.company ?? "" },
  { key: "roles", header: "Roles", cell: (u) => u.roles.join(", ") },
  {
    key: "status",
    header: "Status",
    cell: (u) =>
      u.disabled ? (
        <span className="font-semibold text-negative">Disabled</span>
      ) : u.verified ? (
        "Verified"
      ) : (
        "Not verified"
      ),
  },
  {
    key: "created",
    header: USER_SORTS.created,
    sortable: true,
    className: "tabular",
    cell: (u) => formatDate(u.createdAt),
  },
  {
    key: "lastLogin",
    header: USER_SORTS.lastLogin,
    sortable: true,
    className: "tabular",
    cell: (u) => (u.lastLoginAt ? formatDate(u.lastLoginAt) : "Never"),
  },
];
