/**
 * PostgreSQL form of 007-resource-counts (../schema-resource-counts.ts): row counts per value
 * of data_triples' graph_id and source_id (`value` 0 for NULL), kept by statement triggers
 * with transition tables, so a bulk insert updates each count once. Decrements, as on SQLite,
 * only touch counts that exist; an update moves a row's count only where the column changed.
 */
const TABLE = "data_triples";
const COLUMNS = ["graph_id", "source_id"];

/** Adds each value's number of rows in `values` (a query of one column `v`) to its count. */
const add = (column: string, values: string) => `
  INSERT INTO resource_counts (table_name, column_name, value, n)
    SELECT '${TABLE}', '${column}', v, count(*) FROM (${values}) AS a GROUP BY v
  ON CONFLICT (table_name, column_name, value) DO UPDATE SET n = resource_counts.n + excluded.n;`;

const subtract = (column: string, values: string) => `
  UPDATE resource_counts AS c SET n = c.n - d.k
    FROM (SELECT v, count(*) AS k FROM (${values}) AS a GROUP BY v) AS d
   WHERE c.table_name = '${TABLE}' AND c.column_name = '${column}' AND c.value = d.v;`;

const valuesOf = (column: string, rows: string) =>
  `SELECT coalesce(${column}, 0) AS v FROM ${rows}`;
/** The old or new values of the rows whose `column` an update changed. */
const changed = (column: string, side: "o" | "n") =>
  `SELECT coalesce(${side}.${column}, 0) AS v FROM old_rows AS o JOIN new_rows AS n ON n.id = o.id
    WHERE o.${column} IS DISTINCT FROM n.${column}`;

const fn = (name: string, body: string) => `CREATE FUNCTION ${name}() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN${body}
  RETURN NULL;
END
$$;`;

export const resourceCountsSchema = /* sql */ `
CREATE TABLE resource_counts (
  table_name TEXT NOT NULL,
  column_name TEXT NOT NULL,
  value BIGINT NOT NULL,
  n BIGINT NOT NULL,
  PRIMARY KEY (table_name, column_name, value)
);
${COLUMNS.map(
  (c) => `
INSERT INTO resource_counts (table_name, column_name, value, n)
  SELECT '${TABLE}', '${c}', coalesce(${c}, 0), count(*) FROM ${TABLE} GROUP BY 3;`,
).join("")}

${fn("kg_resource_counts_insert", COLUMNS.map((c) => add(c, valuesOf(c, "new_rows"))).join(""))}
CREATE TRIGGER ${TABLE}_count_insert AFTER INSERT ON ${TABLE}
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kg_resource_counts_insert();

${fn("kg_resource_counts_delete", COLUMNS.map((c) => subtract(c, valuesOf(c, "old_rows"))).join(""))}
CREATE TRIGGER ${TABLE}_count_delete AFTER DELETE ON ${TABLE}
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kg_resource_counts_delete();

${fn(
  "kg_resource_counts_update",
  // Most updates leave both columns alone: one look, then nothing more to do.
  `
  IF NOT EXISTS (SELECT 1 FROM old_rows AS o JOIN new_rows AS n ON n.id = o.id
                  WHERE ${COLUMNS.map((c) => `o.${c} IS DISTINCT FROM n.${c}`).join(" OR ")}) THEN
    RETURN NULL;
  END IF;` + COLUMNS.map((c) => subtract(c, changed(c, "o")) + add(c, changed(c, "n"))).join(""),
)}
CREATE TRIGGER ${TABLE}_count_update AFTER UPDATE ON ${TABLE}
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kg_resource_counts_update();
`;
