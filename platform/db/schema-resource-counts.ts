/**
 * Row counts per value of the triple table's graph and source columns, kept by triggers, so a
 * list filtered by graph or source answers its `count` without stepping through every matching
 * row (400,000 rows of a million took ~16 ms to count). `value` 0 stands for NULL (ids start at 1).
 * The triggers add about a tenth to an import's inserts.
 */
export const resourceCountsSchema = /* sql */ `
CREATE TABLE resource_counts (
  table_name TEXT NOT NULL,
  column_name TEXT NOT NULL,
  value INTEGER NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (table_name, column_name, value)
) WITHOUT ROWID;

INSERT INTO resource_counts (table_name, column_name, value, n)
  SELECT 'data_triples', 'graph_id', ifnull(graph_id, 0), count(*) FROM data_triples GROUP BY 3;
INSERT INTO resource_counts (table_name, column_name, value, n)
  SELECT 'data_triples', 'source_id', ifnull(source_id, 0), count(*) FROM data_triples GROUP BY 3;

CREATE TRIGGER data_triples_count_insert AFTER INSERT ON data_triples BEGIN
  INSERT INTO resource_counts VALUES ('data_triples', 'graph_id', ifnull(new.graph_id, 0), 1)
    ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO resource_counts VALUES ('data_triples', 'source_id', ifnull(new.source_id, 0), 1)
    ON CONFLICT DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER data_triples_count_delete AFTER DELETE ON data_triples BEGIN
  UPDATE resource_counts SET n = n - 1
   WHERE table_name = 'data_triples' AND column_name = 'graph_id' AND value = ifnull(old.graph_id, 0);
  UPDATE resource_counts SET n = n - 1
   WHERE table_name = 'data_triples' AND column_name = 'source_id' AND value = ifnull(old.source_id, 0);
END;
CREATE TRIGGER data_triples_count_graph AFTER UPDATE OF graph_id ON data_triples
WHEN old.graph_id IS NOT new.graph_id BEGIN
  UPDATE resource_counts SET n = n - 1
   WHERE table_name = 'data_triples' AND column_name = 'graph_id' AND value = ifnull(old.graph_id, 0);
  INSERT INTO resource_counts VALUES ('data_triples', 'graph_id', ifnull(new.graph_id, 0), 1)
    ON CONFLICT DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER data_triples_count_source AFTER UPDATE OF source_id ON data_triples
WHEN old.source_id IS NOT new.source_id BEGIN
  UPDATE resource_counts SET n = n - 1
   WHERE table_name = 'data_triples' AND column_name = 'source_id' AND value = ifnull(old.source_id, 0);
  INSERT INTO resource_counts VALUES ('data_triples', 'source_id', ifnull(new.source_id, 0), 1)
    ON CONFLICT DO UPDATE SET n = n + 1;
END;
`;
