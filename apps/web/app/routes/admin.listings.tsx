import {
  ADMIN_STATUS_FILTERS,
  type AdminStatusFilter,
  adminListingExportPath,
  adminListingFilterSchema,
  adminListingQuery,
  adminStatusOf,
  DEAL_TYPE_MENU,
  filterAdminListings,
  LISTING_KINDS,
  type ListingKind,
  listingKind,
  pageItems,
  paginate,
  RESEARCH_STUDIES,
  type RouteHandle,
} from "@aea/domain";
import { FileSpreadsheet, Images, Plus } from "lucide-react";
import { useState } from "react";
import { Form, Link, useRevalidator } from "react-router";
import { appContext } from "../app-context";
import { Pager } from "../components/lists/pager";
import { cardStyles } from "../components/staff/card";
import { type Column, DataTable } from "../components/staff/data-table";
import { StaffPage } from "../components/staff/staff-page";
import { Alert } from "../components/ui/alert";
import { buttonStyles } from "../components/ui/button-styles";
import { fieldStyles, selectStyles } from "../components/ui/field-styles";
import { useLoginDialog } from "../features/accounts/login-dialog";
import { ImageEditorDialog } from "../features/listings-admin/image-editor-dialog";
import { formatDate } from "../lib/dates";
import { pageTitle } from "../lib/site";
import type { Route } from "./+types/admin.listings";

const PAGE_SIZE = 100;

export async function loader({ context, request }: Route.LoaderArgs) {
  const { core } = context.get(appContext);
  const url = new URL(request.url);
  const parsed = adminListingFilterSchema.safeParse(Object.fromEntries(url.searchParams));
  const filter = parsed.success ? parsed.data : {};
  const page = Number(url.searchParams.get("page") ?? "1");
  const all = await core.listings.allListings();
  const matching = filterAdminListings(all, filter).sort((a, b) => b.ListingId - a.ListingId);
  const pagination = paginate(matching.length, page, PAGE_SIZE);
  return {
    filter,
    error: parsed.success ? null : parsed.error.issues.map((i) => i.message).join(" "),
    total: all.length,
    pagination,
    listings: pageItems(matching, pagination).map((l) => ({
      ListingId: l.ListingId,
      Header: l.Header,
      PLSCode: l.PLSCode,
      kind: listingKind(l),
      status: adminStatusOf(l),
      region: l.region,
      basin: l.basin,
      hasVDR: l.hasVDR,
      isPrivate: l.isPrivate,
      updatedDate: l.updatedDate,
    })),
  };
}

export const handle = { access: "admin", searchBar: false } satisfies RouteHandle;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Listings") },
  { name: "robots", content: "noindex" },
];

const STATUS_STYLES: Record<AdminStatusFilter, string> = {
  active: "bg-positive/10 text-positive",
  "pre-marketing": "bg-amber-100 text-navy-900",
  closing: "bg-closing/10 text-closing",
  pulled: "bg-navy-50 text-slate-650",
  sold: "bg-sold/10 text-sold",
};

export default function AdminListings({ loaderData }: Route.ComponentProps) {
  const { filter, listings, total, pagination, error } = loaderData;
  const [images, setImages] = useState<number | null>(null);
  const loginDialog = useLoginDialog();
  const revalidator = useRevalidator();
  const query = adminListingQuery(filter);
  const select = (name: string, label: string, options: [string, string][], value?: string) => (
    <div>
      <label htmlFor={`filter-${name}`} className={fieldStyles.label}>
        {label}
      </label>
      <select id={`filter-${name}`} name={name} defaultValue={value ?? ""} className={`mt-1 ${selectStyles}`}>
        <option value="">All</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <StaffPage
      title="Listings"
      intro={`${pagination.total} of ${total} listings: public, private, research and sold.`}
    >
      <div className="mb-4 flex flex-wrap gap-2">
        <Link to="/admin/listings/new" className={buttonStyles.primary}>
          <Plus aria-hidden size={18} /> New listing
        </Link>
        <a href={adminListingExportPath("csv", filter)} className={buttonStyles.secondary} download>
          <FileSpreadsheet aria-hidden size={16} /> Export CSV
        </a>
        <a href={adminListingExportPath("xlsx", filter)} className={buttonStyles.secondary} download>
          <FileSpreadsheet aria-hidden size={16} /> Export XLSX
        </a>
      </div>
      <Form
        method="get"
        className={`${cardStyles} mb-5 grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end`}
      >
        <div>
          <label htmlFor="filter-search" className={fieldStyles.label}>
            Search
          </label>
          <input
            id="filter-search"
            name="search"
            type="search"
            defaultValue={filter.search ?? ""}
            placeholder="Number, header, basin, agent…"
            className={`mt-1 ${fieldStyles.input}`}
          />
        </div>
        {select("kind", "Kind", Object.entries(LISTING_KINDS) as [ListingKind, string][], filter.kind)}
        {select("status", "Status", Object.entries(ADMIN_STATUS_FILTERS), filter.status)}
        {select(
          "type",
          "Deal type",
          [...DEAL_TYPE_MENU, RESEARCH_STUDIES].map((t) => [t.queryValue, t.title]),
          filter.type,
        )}
        <button type="submit" className={buttonStyles.secondary}>
          Filter
        </button>
      </Form>
      {error ? (
        <Alert tone="error" className="mb-4">
          {error}
        </Alert>
      ) : null}
      <DataTable
        caption="Listings"
        columns={listingColumns(setImages)}
        rows={listings}
        rowKey={(l) => l.ListingId}
        empty="No listings match these filters."
      />
      <Pager
        pagination={pagination}
        hrefForPage={(page) => `${query || "?"}${query ? "&" : ""}page=${page}`}
        className="mt-4"
      />
      {images !== null ? (
        <ImageEditorDialog
          listingId={images}
          open
          onOpenChange={(open) => {
            if (!open) setImages(null);
          }}
          onChanged={() => void revalidator.revalidate()}
          onUnauthorized={() => loginDialog?.open()}
        />
      ) : null}
    </StaffPage>
  );
}

type ListingRow = Route.ComponentProps["loaderData"]["listings"][number];

function listingColumns(openImages: (listingId: number) => void): Column<ListingRow>[] {
  return [
    { key: "id", header: "#", className: "tabular", cell: (l) => l.ListingId },
    {
      key: "header",
      header: "Header",
      className: "font-medium text-navy-900",
      cell: (l) => (
        <Link to={`/admin/listings/${l.ListingId}`} className="hover:underline">
          {l.Header}
        </Link>
      ),
    },
    { key: "kind", header: "Kind", cell: (l) => LISTING_KINDS[l.kind] },
    {
      key: "status",
      header: "Status",
      cell: (l) => (
        <span
          className={`whitespace-nowrap rounded-full px-2 py-0.5 font-medium text-xs ${STATUS_STYLES[l.status]}`}
        >
          {ADMIN_STATUS_FILTERS[l.status]}
        </span>
      ),
    },
    { key: "pls", header: "PLS", cell: (l) => l.PLSCode },
    { key: "region", header: "Region / basin", cell: (l) => [l.region, l.basin].filter(Boolean).join(" / ") },
    {
      key: "updated",
      header: "Updated",
      className: "whitespace-nowrap",
      cell: (l) => (l.updatedDate ? formatDate(l.updatedDate) : ""),
    },
    {
      key: "actions",
      header: "Actions",
      cell: (l) => <ListingActions listing={l} openImages={openImages} />,
    },
  ];
}

function ListingActions({
  listing: l,
  openImages,
}: {
  listing: ListingRow;
  openImages(listingId: number): void;
}) {
  return (
    <div className="flex flex-wrap gap-x-3 gap-y-1">
      <Link to={`/admin/listings/${l.ListingId}`} className="font-medium text-navy-800 underline">
        Edit<span className="sr-only"> listing {l.ListingId}</span>
      </Link>
      <Link to={`/deals/${l.ListingId}`} className="text-navy-800 underline">
        Page<span className="sr-only"> of listing {l.ListingId}</span>
      </Link>
      <button
        type="button"
        className="inline-flex items-center gap-1 text-navy-800 underline"
        onClick={() => openImages(l.ListingId)}
      >
        <Images aria-hidden size={14} /> Images
        <span className="sr-only"> of listing {l.ListingId}</span>
      </button>
      {l.isPrivate || l.hasVDR ? (
        <>
          <Link to={`/deals/${l.ListingId}/data-room/access`} className="text-navy-800 underline">
            Access<span className="sr-only"> to the data room of listing {l.ListingId}</span>
          </Link>
          <Link to={`/deals/${l.ListingId}/data-room/activity`} className="text-navy-800 underline">
            Activity<span className="sr-only"> in the data room of listing {l.ListingId}</span>
          </Link>
        </>
      ) : null}
    </div>
  );
}
