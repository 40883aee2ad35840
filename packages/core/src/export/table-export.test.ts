import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { type ExportColumn, exportFile } from "./table-export.ts";

interface Deal {
  id: number;
  name: string;
  price: number | null;
}

const columns: readonly ExportColumn<Deal>[] = [
  { header: "Id", value: (d) => d.id },
  { header: "Name", value: (d) => d.name },
  { header: "Price", value: (d) => d.price, numberFormat: '"$"#,##0' },
];
const rows: Deal[] = [
  { id: 1, name: '=HYPERLINK("http://x","y")', price: 1500 },
  { id: 2, name: 'Say "hi", then\ngo', price: null },
  { id: 3, name: "Zoë's -lease", price: 0 },
];
const table = { sheet: "Deals", columns, rows };

describe("the export writer", () => {
  it("writes CSV a spreadsheet opens as UTF-8, quoting cells and keeping formulas as text", async () => {
    const file = await exportFile(table, "csv");
    expect(file.contentType).toBe("text/csv; charset=utf-8");
    expect(file.body).toBe(
      '\uFEFFId,Name,Price\r\n1,"\'=HYPERLINK(""http://x"",""y"")",1500\r\n2,"Say ""hi"", then\ngo",\r\n3,Zoë\'s -lease,0\r\n',
    );
    for (const start of ["+", "-", "@", "\t"]) {
      const one = await exportFile({ ...table, rows: [{ id: 9, name: `${start}1+1`, price: null }] }, "csv");
      expect(String(one.body).split("\r\n")[1]).toBe(`9,'${start}1+1,`);
    }
  });

  it("writes an XLSX workbook with the same rows as values, never formulas", async () => {
    const file = await exportFile({ ...table, creator: "Anticline" }, "xlsx");
    expect(file.contentType).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body as never);
    expect(workbook.creator).toBe("Anticline");
    const sheet = workbook.getWorksheet("Deals");
    const values = sheet
      ?.getSheetValues()
      .slice(1)
      .map((row) => (row as unknown[]).slice(1));
    expect(values).toEqual([
      ["Id", "Name", "Price"],
      [1, '=HYPERLINK("http://x","y")', 1500],
      [2, 'Say "hi", then\ngo'],
      [3, "Zoë's -lease", 0],
    ]);
    expect(sheet?.getCell("B2").formula).toBeUndefined();
    expect(sheet?.getCell("C2").numFmt).toBe('"$"#,##0');
    expect(sheet?.getRow(1).font?.bold).toBe(true);
  });
});
