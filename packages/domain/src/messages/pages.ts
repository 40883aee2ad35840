// Pages and routes
export const PAGE_MISSING = "404: page missing";
/** "Product | Page" (§9: the page title prefix is the product name plus a bar). */
export function pageTitle(productName: string, page?: string): string {
  return page ? `${productName} | ${page}` : productName;
}
