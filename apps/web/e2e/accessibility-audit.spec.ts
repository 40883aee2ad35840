import { auditAccessibility, expect, test } from "./fixtures";

// The audit every test ends with must find what it is there to find: a picture without words and a
// field without a label are serious violations (the page is set by hand, so the fixture's own end-of-test
// audit, which skips about:blank, leaves it alone).
test("the accessibility audit reports a picture without alt text and an unlabelled field", async ({
  page,
}) => {
  await page.setContent(
    '<html lang="en"><head><title>Audit</title></head><body><main><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><input type="text"></main></body></html>',
  );
  const found = (await auditAccessibility(page)).map((violation) => violation.id);
  expect(found).toEqual(expect.arrayContaining(["image-alt", "label"]));
});
