/**
 * Row counts per value of the triple table's graph and source columns, kept by triggers, so a
 * list filtered by graph or source answers its `count` without stepping through every matching
 * row (400,000 rows of a million took ~16 ms to count). `value` 0 stands for NULL (ids start at 1).
 * The triggers add about a tenth to an import's inserts. The SQL is generated per column here;
 * like any shipped migration, what it generates must never change (a change is a new migration).
 */
const TABLE = "data_triples";
const COLUMNS = ["graph_id", "source_id"];

const add = (column: string, row: "new" | "old", delta: 1 | -1) =>
  delta === 1
    ? `INSERT INTO resource_counts VALUES ('${TABLE}', '${column}', ifnull(${row}.${column}, 0), 1)
    ON CONFLICT DO UPDATE SET n = n + 1;`
    : `UPDATE resource_counts SET n = n - 1
   WHERE table_name = '${TABLE}' AND column_name = '${column}' AND value = ifnull(${row}.${column}, 0);`;

export const resourceCountsSchema = /* sql */ `
CREATE TABLE resource_counts (
  table_name TEXT NOT NULL,
  column_name TEXT NOT NULL,
  value INTEGER NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (table_name, column_name, value)
) WITHOUT ROWID;
${COLUMNS.map(
  (c) => `
INSERT INTO resource_counts (table_name, column_name, value, n)
  SELECT '${TABLE}', '${c}', ifnull(${c}, 0), count(*) FROM ${TABLE} GROUP BY 3;`,
).join("")}

CREATE TRIGGER ${TABLE}_count_insert AFTER INSERT ON ${TABLE} BEGIN
  ${COLUMNS.map((c) => add(c, "new", 1)).join("\n  ")}
END;
CREATE TRIGGER ${TABLE}_count_delete AFTER DELETE ON ${TABLE} BEGIN
  ${COLUMNS.map((c) => add(c, "old", -1)).join("\n  ")}
END;
${COLUMNS.map(
  (c) => `
CREATE TRIGGER ${TABLE}_count_${c} AFTER UPDATE OF ${c} ON ${TABLE}
WHEN old.${c} IS NOT new.${c} BEGIN
  ${add(c, "old", -1)}
  ${add(c, "new", 1)}
END;`,
).join("")}
`;
