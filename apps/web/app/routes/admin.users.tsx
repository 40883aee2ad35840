import { Form } from "react-router";
import { appContext } from "../app-context";
import { AdminPage } from "../features/admin/admin-page";
import { requireAdmin } from "../lib/guards";
import { pageTitle } from "../lib/site";
import type { Route } from "./+types/admin.users";

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const { core } = context.get(appContext);
  const search = (new URL(request.url).searchParams.get("search") ?? "").slice(0, 100);
  const managementEmails = core.config.managementEmails;
  const users = await core.accounts.list(search, 500);
  // The roles in effect: staff roles apply only to verified addresses, as in the session.
  return {
    search,
    users: users.map((u) => ({
      ...u,
      isAdmin: u.isAdmin && u.verified,
      isManagement: u.verified && managementEmails.includes(u.email),
    })),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Users") },
  { name: "robots", content: "noindex" },
];

const day = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { users, search } = loaderData;
  return (
    <AdminPage title="Users" intro={`${users.length} accounts${search ? ` matching "${search}"` : ""}.`}>
      <Form method="get" className="mb-4 flex max-w-md gap-2">
        <label htmlFor="user-search" className="sr-only">
          Search users by name or email
        </label>
        <input
          id="user-search"
          name="search"
          type="search"
          defaultValue={search}
          placeholder="Name or email"
          className="h-10 flex-1 rounded-md border border-navy-100 px-3"
        />
        <button
          type="submit"
          className="rounded-md bg-navy-800 px-4 font-semibold text-white hover:bg-navy-700"
        >
          Search
        </button>
      </Form>
      <div className="overflow-x-auto rounded-card border border-navy-100">
        <table className="w-full min-w-[48rem] text-sm">
          <caption className="sr-only">Accounts</caption>
          <thead className="bg-navy-900 text-left text-white">
            <tr>
              <th scope="col" className="px-3 py-2">
                Name
              </th>
              <th scope="col" className="px-3 py-2">
                Email
              </th>
              <th scope="col" className="px-3 py-2">
                Roles
              </th>
              <th scope="col" className="px-3 py-2">
                Verified
              </th>
              <th scope="col" className="px-3 py-2">
                Registered
              </th>
              <th scope="col" className="px-3 py-2">
                Last login
              </th>
            </tr>
          </thead>
          <tbody>
            {users.map((u) => (
              <tr key={u.id} className="border-navy-100 border-t even:bg-navy-50/60">
                <td className="px-3 py-2 font-medium text-navy-900">
                  {u.firstName} {u.lastName}
                </td>
                <td className="px-3 py-2">{u.email}</td>
                <td className="px-3 py-2">
                  {[
                    u.isAdmin && "Admin",
                    u.isManagement && "Management",
                    u.privateListingIds.length > 0 && "Private deals",
                    u.hasClaimAD && "Claim",
                  ]
                    .filter(Boolean)
                    .join(", ") || "Buyer"}
                </td>
                <td className="px-3 py-2">{u.verified ? "Yes" : "No"}</td>
                <td className="px-3 py-2">{day.format(new Date(u.createdAt))}</td>
                <td className="px-3 py-2">{u.lastLoginAt ? day.format(new Date(u.lastLoginAt)) : "Never"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </AdminPage>
  );
}
