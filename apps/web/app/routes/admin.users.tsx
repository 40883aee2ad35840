import {
  paginationLabel,
  type RouteHandle,
  USER_SORTS,
  type UserListQuery,
  type UserSort,
  userExportPath,
  userListHref,
  userListQuery,
  userPath,
} from "@aea/domain";
import { ArrowDown, ArrowUp, ChevronLeft, ChevronRight, Download, Search } from "lucide-react";
import { Form, Link } from "react-router";
import { appContext } from "../app-context";
import { buttonStyles } from "../components/ui/button-styles";
import { AdminPage } from "../features/admin/admin-page";
import { accountRoles, formatDay } from "../features/admin/user-admin-parts";
import { requireAdmin } from "../lib/guards";
import { pageTitle } from "../lib/site";
import type { Route } from "./+types/admin.users";

export const handle = { searchBar: false } satisfies RouteHandle;

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireAdmin(context, request);
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
  const { users, query, pagination: pages } = loaderData;
  const total = pages.total;
  return (
    <AdminPage
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

      {users.length === 0 ? (
        <p className="rounded-card border border-navy-100 bg-white p-6 text-slate-650">
          No account matches this search.
        </p>
      ) : (
        <div className="overflow-x-auto rounded-card border border-navy-100 bg-white">
          <table className="w-full min-w-[56rem] text-sm">
            <caption className="sr-only">Accounts, sorted by {USER_SORTS[query.sort].toLowerCase()}</caption>
            <thead className="bg-navy-900 text-left text-white">
              <tr>
                <SortHeader query={query} sort="name" />
                <SortHeader query={query} sort="email" />
                <SortHeader query={query} sort="company" />
                <th scope="col" className="px-3 py-2">
                  Roles
                </th>
                <th scope="col" className="px-3 py-2">
                  Status
                </th>
                <SortHeader query={query} sort="created" />
                <SortHeader query={query} sort="lastLogin" />
              </tr>
            </thead>
            <tbody>
              {users.map((u) => (
                <tr key={u.id} className="border-navy-100 border-t even:bg-navy-50/60">
                  <td className="px-3 py-2 font-medium">
                    <Link to={userPath(u.id)} className="text-navy-800 underline-offset-2 hover:underline">
                      {u.name || "(no name)"}
                    </Link>
                  </td>
                  <td className="break-all px-3 py-2">{u.email}</td>
                  <td className="px-3 py-2">{u.company ?? ""}</td>
                  <td className="px-3 py-2">{u.roles.join(", ")}</td>
                  <td className="px-3 py-2">
                    {u.disabled ? (
                      <span className="font-semibold text-negative">Disabled</span>
                    ) : u.verified ? (
                      "Verified"
                    ) : (
                      "Not verified"
                    )}
                  </td>
                  <td className="tabular px-3 py-2">{formatDay(u.createdAt)}</td>
                  <td className="tabular px-3 py-2">{u.lastLoginAt ? formatDay(u.lastLoginAt) : "Never"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <nav aria-label="Pages of accounts" className="mt-4 flex items-center justify-end gap-3 text-sm">
        <span className="tabular text-slate-650">{paginationLabel(pages)}</span>
        <PageLink query={query} page={pages.page - 1} enabled={pages.hasPrevious} label="Previous page">
          <ChevronLeft aria-hidden size={18} />
        </PageLink>
        <PageLink query={query} page={pages.page + 1} enabled={pages.hasNext} label="Next page">
          <ChevronRight aria-hidden size={18} />
        </PageLink>
      </nav>
    </AdminPage>
  );
}

/** A column heading that sorts by its column; a second click turns the order round. */
function SortHeader({ query, sort }: { query: UserListQuery; sort: UserSort }) {
  const current = query.sort === sort;
  const direction = current && query.direction === "asc" ? "desc" : "asc";
  const Arrow = query.direction === "asc" ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      className="px-3 py-2"
      aria-sort={current ? (query.direction === "asc" ? "ascending" : "descending") : undefined}
    >
      <Link
        to={userListHref({ search: query.search, sort, direction })}
        className="inline-flex items-center gap-1 text-white underline-offset-2 hover:underline"
      >
        {USER_SORTS[sort]}
        {current ? <Arrow aria-hidden size={14} /> : null}
        <span className="sr-only">, sort {direction === "asc" ? "ascending" : "descending"}</span>
      </Link>
    </th>
  );
}

function PageLink({
  query,
  page,
  enabled,
  label,
  children,
}: {
  query: UserListQuery;
  page: number;
  enabled: boolean;
  label: string;
  children: React.ReactNode;
}) {
  const look = "inline-flex size-9 items-center justify-center rounded-md border border-navy-100";
  if (!enabled)
    return (
      <button type="button" disabled aria-label={label} className={`${look} text-slate-400`}>
        {children}
      </button>
    );
  return (
    <Link
      to={userListHref({ ...query, page })}
      aria-label={label}
      className={`${look} bg-white text-navy-800 hover:bg-navy-50`}
    >
      {children}
    </Link>
  );
}
