import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, visit, waitForHydration } from "./fixtures";
import { ADMIN, logInByApi, newAgreedContext } from "./mailbox";
import { newBuyer, signUpVerified } from "./new-accounts";
import { expectPdfOpened } from "./pdf-preview";
import { letInWithAgreement, openRoomListingId } from "./room-buyers";

/** A small tree of files for the folder picker: Well files/a.csv, Well files/logs/b.txt, Well files/c.csv. */
function folderOnDisk(): string {
  const root = mkdtempSync(join(tmpdir(), "aea-e2e-drop-"));
  const folder = join(root, "Well files");
  mkdirSync(join(folder, "logs"), { recursive: true });
  writeFileSync(join(folder, "a.csv"), "well,oil\nA-1,120\n");
  writeFileSync(join(folder, "c.csv"), "well,gas\nA-1,340\n");
  writeFileSync(join(folder, "logs", "b.txt"), "gamma ray log, demo\n");
  return folder;
}

test.describe("data room", () => {
  test("staff create a folder, drop files, upload a folder and resume an interrupted large upload", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const listingId = openRoomListingId(0);
    await logInByApi(page.context(), baseURL ?? "", ADMIN);
    await visit(page, `/deals/${listingId}/data-room`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Folders" }).getByRole("link", { name: /1\s+Overview/ }),
    ).toBeVisible();

    const folderName = `E2E uploads ${Date.now().toString(36)}`;
    await page.getByRole("button", { name: "New folder" }).click();
    await page.getByRole("textbox", { name: "Name" }).fill(folderName);
    await page.getByRole("button", { name: "New folder" }).last().click();
    await page.getByRole("link", { name: folderName }).first().click();
    await expect(page.getByRole("heading", { level: 2, name: new RegExp(folderName) })).toBeVisible();

    await page.getByRole("button", { name: "Upload", exact: true }).click();
    // Drag and drop of two files onto the drop area.
    const dataTransfer = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(["lease,acres\nSmith,40\n"], "Dropped leases.csv", { type: "text/csv" }));
      transfer.items.add(new File(["notes from the field\n"], "Field notes.txt", { type: "text/plain" }));
      return transfer;
    });
    await page.getByTestId("drop-zone").dispatchEvent("drop", { dataTransfer });
    await expect(page.getByTestId("upload-row").filter({ hasText: "Dropped leases.csv" })).toHaveAttribute(
      "data-state",
      "done",
    );
    await expect(page.getByTestId("upload-row").filter({ hasText: "Field notes.txt" })).toHaveAttribute(
      "data-state",
      "done",
    );
    await expect(page.getByText(/Total: 2 of 2 files/)).toBeVisible();

    // A whole folder: its subfolders are made in the room.
    await page.getByLabel("Folder to upload").setInputFiles(folderOnDisk());
    await expect(page.getByTestId("upload-row").filter({ hasText: "Well files/logs/b.txt" })).toHaveAttribute(
      "data-state",
      "done",
    );
    await expect(page.getByRole("link", { name: "Well files", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Dropped leases.csv", exact: true })).toBeVisible();

    // A large upload whose connection drops after its first part: it stops with a plain message, then
    // resumes from the offset the server holds (no byte sent twice from the start).
    const large = join(mkdtempSync(join(tmpdir(), "aea-e2e-large-")), "Production export.csv");
    writeFileSync(large, Buffer.alloc(20 * 1024 * 1024, "1,2,3\n"));
    let dropping = false;
    let patches = 0;
    const resumedFrom: number[] = [];
    await page.route("**/api/FolderManager/uploads/**", async (route) => {
      const request = route.request();
      if (request.method() === "PATCH") {
        patches += 1;
        if (patches === 2) dropping = true;
        if (dropping) return route.abort("connectionreset");
        resumedFrom.push(Number(request.headers()["upload-offset"]));
      }
      return route.continue();
    });
    await page.getByLabel("Files to upload").setInputFiles(large);
    const row = page.getByTestId("upload-row").filter({ hasText: "Production export.csv" });
    await expect(row).toHaveAttribute("data-state", "failed", { timeout: 20_000 });
    await expect(row.getByRole("alert")).toContainText("Press Resume");
    dropping = false;
    await row.getByRole("button", { name: "Resume Production export.csv" }).click();
    await expect(row).toHaveAttribute("data-state", "done", { timeout: 30_000 });
    expect(resumedFrom[0]).toBe(0);
    expect(Math.max(...resumedFrom)).toBeGreaterThan(0);
    await page.unroute("**/api/FolderManager/uploads/**");
    await expect(page.getByRole("link", { name: "Production export.csv", exact: true })).toBeVisible();
    await expect(page.getByRole("row", { name: /Production export\.csv/ })).toContainText("20 MB");

    // Staff preview and download a PDF like any viewer: stamped with their own name.
    await page
      .getByRole("link", { name: /1\s+Overview/ })
      .first()
      .click();
    await page.getByRole("button", { name: "Preview Teaser.pdf" }).click();
    await expectPdfOpened(page, 2);
    const download = page.waitForEvent("download");
    await page.getByRole("dialog").getByRole("link", { name: "Download" }).click();
    const saved = join(mkdtempSync(join(tmpdir(), "aea-e2e-dl-")), "teaser.pdf");
    await (await download).saveAs(saved);
    const text = execFileSync("pdftotext", [saved, "-"]).toString();
    expect(text).toContain(ADMIN.email);
    expect(text).toContain("Confidential");
  });

  test("a buyer with a grant and a signed agreement previews a PDF and downloads it stamped for them", async ({
    browser,
    page,
    baseURL,
  }) => {
    const listingId = openRoomListingId(0);
    const buyer = newBuyer("dataroom");
    const context = await newAgreedContext(browser, baseURL ?? "");
    await signUpVerified(browser, context.request, baseURL ?? "", buyer);
    await context.close();
    // Before the buyer asks: without a grant the room answers as a missing page would.
    letInWithAgreement(buyer, listingId);
    await logInByApi(page.context(), baseURL ?? "", buyer);
    await visit(page, `/deals/${listingId}/data-room`);
    await expect(page.getByRole("button", { name: "New folder" })).toHaveCount(0);
    await page
      .getByRole("navigation", { name: "Folders" })
      .getByRole("link", { name: /4\s+Reserves/ })
      .click();
    await waitForHydration(page);
    await page.getByRole("button", { name: "Preview Reserve Report Summary.pdf" }).click();
    await expectPdfOpened(page, 12);
    await expect(page.getByRole("img", { name: /page 1 of 12/ })).toBeVisible();
    const download = page.waitForEvent("download");
    await page.getByRole("dialog").getByRole("link", { name: "Download" }).click();
    const saved = join(mkdtempSync(join(tmpdir(), "aea-e2e-dl-")), "reserves.pdf");
    await (await download).saveAs(saved);
    const text = execFileSync("pdftotext", [saved, "-"]).toString();
    expect(text).toContain(buyer.email);
    expect(text).toContain("Confidential");
    expect(readFileSync(saved).subarray(0, 5).toString()).toBe("%PDF-");
    await page.keyboard.press("Escape");

    // Their own note, which only they see.
    await page.getByRole("button", { name: "Add a note to Reserve Report Summary.pdf" }).click();
    await page.getByRole("textbox", { name: "Note" }).fill("Ask about the PUD bookings");
    await page.getByRole("button", { name: "Save note" }).click();
    await expect(page.getByText("Ask about the PUD bookings")).toBeVisible();
  });

  test("Secure Files: a buyer sends a file, an anonymous visitor is sent to log in", async ({
    browser,
    page,
    baseURL,
  }) => {
    await page.goto("/secure-files");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fsecure-files/);
    const buyer = newBuyer("securefiles");
    await signUpVerified(browser, page.context().request, baseURL ?? "", buyer);
    await logInByApi(page.context(), baseURL ?? "", buyer);
    await visit(page, "/secure-files");
    await page.getByLabel("Files to upload").setInputFiles({
      name: "Title opinion.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("tract,owner\n1,Smith\n"),
    });
    await expect(page.getByTestId("upload-row").filter({ hasText: "Title opinion.csv" })).toHaveAttribute(
      "data-state",
      "done",
    );
    await expect(page.getByRole("link", { name: "Download Title opinion.csv" })).toBeVisible();
    // A file whose bytes are not what its name says is refused in plain words.
    await page.getByLabel("Files to upload").setInputFiles({
      name: "Not a pdf.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("just text"),
    });
    await expect(
      page.getByTestId("upload-row").filter({ hasText: "Not a pdf.pdf" }).getByRole("alert"),
    ).toContainText("do not match its type");
  });
});
