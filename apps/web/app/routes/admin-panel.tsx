import type { RouteHandle } from "@aea/domain";
import { Link } from "react-router";
import { cardStyles } from "../components/staff/card";
import { StaffPage } from "../components/staff/staff-page";
import { pageTitle } from "../lib/site";
import type { Route } from "./+types/admin-panel";

export const handle = { access: "management" } satisfies RouteHandle;

// A server loader, so even a client-side navigation here asks the server, which admits by the handle.
export function loader() {
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Admin panel") },
  { name: "robots", content: "noindex" },
];

const tools = [
  {
    to: "/admin/dashboard",
    title: "Mgmt Dash",
    text: "Deals by status, buyers, searches and sign-in activity.",
  },
  { to: "/admin/users", title: "Users", text: "Every account: verification, roles and last sign-in." },
  {
    to: "/admin/outbox",
    title: "Mail outbox",
    text: "Verification, reset and confirmation mail the site has sent.",
  },
  {
    to: "/admin/notifications",
    title: "Notifications",
    text: "Announce a new deal to the browsers subscribed to push notifications.",
  },
  {
    to: "/admin/content",
    title: "Content",
    text: "The marketing site's pages, slides, services, team, posts and prices: edit, reorder, publish.",
  },
  { to: "/FAQ", title: "Staff FAQ", text: "How the site's accounts, deals and mail work." },
  { to: "/api/docs", title: "API reference", text: "The OpenAPI document of /api, for integrations." },
];

export default function AdminPanel() {
  return (
    <StaffPage title="Admin panel" intro="Tools for the management group.">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {tools.map((tool) => (
          <li key={tool.to}>
            {tool.to.startsWith("/api/") ? (
              <a href={tool.to} className={`${cardStyles} block h-full p-5 hover:shadow-raised`}>
                <span className="font-semibold text-lg text-navy-900">{tool.title}</span>
                <span className="mt-1 block text-slate-650 text-sm">{tool.text}</span>
              </a>
            ) : (
              <Link to={tool.to} className={`${cardStyles} block h-full p-5 hover:shadow-raised`}>
                <span className="font-semibold text-lg text-navy-900">{tool.title}</span>
                <span className="mt-1 block text-slate-650 text-sm">{tool.text}</span>
              </Link>
            )}
          </li>
        ))}
      </ul>
    </StaffPage>
  );
}
