import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * What the marketing pages should show, read from the content API (`/items/…`), and the number formats
 * of spec §9 worked out here.
 */

export type Item = Record<string, unknown>;

export async function items(request: APIRequestContext, path: string): Promise<Item[]> {
  const response = await request.get(`/items/${path}`);
  expect(response.ok(), `/items/${path}`).toBe(true);
  return ((await response.json()) as { data: Item[] }).data;
}

export async function singleton(request: APIRequestContext, path: string): Promise<Item> {
  const response = await request.get(`/items/${path}`);
  expect(response.ok(), `/items/${path}`).toBe(true);
  return ((await response.json()) as { data: Item }).data;
}

export interface Deal {
  ListingId: number;
  Header: string;
  status: string | null;
  sold?: boolean;
  hasVDR: boolean;
  hasLogoImage: boolean;
  tombstoneUrl: string | null;
}

/** §9: prices with 2 decimals; percent with 2 decimals and a sign on a positive change. */
export function expectedPrice(price: number): string {
  return price.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
export function expectedChange(
  price: number,
  previous: number,
): { text: string; spoken: string; trend: string } {
  const percent = Math.round(((price - previous) / Math.abs(previous)) * 10000) / 100;
  const digits = Math.abs(percent).toFixed(2);
  if (percent > 0) return { text: `+${digits}%`, spoken: `up ${digits}%`, trend: "up" };
  if (percent < 0) return { text: `-${digits}%`, spoken: `down ${digits}%`, trend: "down" };
  return { text: "0.00%", spoken: "unchanged", trend: "flat" };
}

export function hrefOf(locator: Locator) {
  return locator.getAttribute("href");
}

export async function servicesInOrder(request: APIRequestContext) {
  const list = await items(request, "service?fields=path,title,seo_description,sort&sort=sort,id&limit=-1");
  return list.map((s) => ({
    path: String(s.path),
    title: String(s.title),
    description: String(s.seo_description ?? ""),
  }));
}

export async function expectServicePage(page: Page, service: { path: string; title: string }) {
  await expect(page).toHaveURL(new RegExp(`/services/${service.path}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(service.title);
}
