import type { Response } from "express";
import { csvCell } from "../../resources/csv.js";

/** One CSV table of a statistics page: a header row and its rows. */
export interface CsvTable {
  filename: string;
  header: string[];
  rows: unknown[][];
}

/**
 * Sends a statistics table as CSV: UTF-8 with a BOM (Excel shows Chinese), cells that a
 * spreadsheet would run as formulas neutralised (the generic export's csvCell). The tables
 * are at most a few hundred rows, so they go in one piece.
 */
export function sendCsv(res: Response, table: CsvTable) {
  const lines = [table.header, ...table.rows]
    .map((cells) => cells.map(csvCell).join(","))
    .join("\n");
  res.status(200);
  res.setHeader("Content-Type", "text/csv; charset=utf-8");
  res.attachment(table.filename);
  res.send(`\uFEFF${lines}\n`);
}
