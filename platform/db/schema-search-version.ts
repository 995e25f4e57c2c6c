/**
 * A version of each trigram index that grows whenever terms may have been added to it: by
 * syncSearchIndex (new rows) and by the update trigger (changed text). Short-term searches
 * cache the index terms that start with the term under this version, instead of listing them
 * through fts5vocab each time (which reads the term's whole doclist: ~17 ms for a term in
 * every one of a million rows). Deletes need no bump: a term left in a cached list that no
 * row holds any more matches nothing.
 */
export const searchVersionSchema = /* sql */ `
ALTER TABLE resource_search_state ADD COLUMN version INTEGER NOT NULL DEFAULT 0;

DROP TRIGGER data_triples_fts_update;
CREATE TRIGGER data_triples_fts_update AFTER UPDATE OF subject, predicate, object ON data_triples
WHEN old.id <= (SELECT indexed_through FROM resource_search_state WHERE table_name = 'data_triples') BEGIN
  DELETE FROM data_triples_fts WHERE rowid = old.id;
  INSERT INTO data_triples_fts(rowid, subject, predicate, object)
  VALUES (new.id, new.subject || char(1, 1), new.predicate || char(1, 1), new.object || char(1, 1));
  UPDATE resource_search_state SET version = version + 1 WHERE table_name = 'data_triples';
END;
`;
