import { expect, type Page } from "@playwright/test";

/**
 * Waits for the data room's PDF preview to open the document (`pdf-pages` with its page count). Opening
 * takes more than a page's usual wait: the server stamps a copy for the viewer (real PDF processing) and
 * pdf.js starts its worker from a 1 MB script. On a 2-core CI machine busy with the rest of the suite
 * that once took longer than the 7 s default, with the document still "Loading".
 */
export async function expectPdfOpened(page: Page, pageCount: number): Promise<void> {
  await expect(page.getByTestId("pdf-pages")).toHaveAttribute("data-pages", String(pageCount), {
    timeout: 20_000,
  });
}
