/**
 * An index under every foreign key that had none. A delete of the parent row (an entity, a user,
 * a group, an article) looks up its children by that column, on both engines: without an index
 * each deleted parent scans the child table. A graph's delete removes its entities by the
 * thousand, and each one scanned kg_extractions twice. Portable SQL: the same statements on both
 * engines. tests/platform/foreign-key-indexes.test.ts keeps every foreign key indexed.
 */
export const foreignKeyIndexesSchema = /* sql */ `
CREATE INDEX kg_extractions_subject ON kg_extractions (subject_id);
CREATE INDEX kg_extractions_object ON kg_extractions (object_id);
CREATE INDEX kg_extractions_relation_type ON kg_extractions (relation_type_id);
CREATE INDEX kg_extractions_article ON kg_extractions (article_id);
CREATE INDEX jobs_created_by ON jobs (created_by);
CREATE INDEX user_groups_group ON user_groups (group_id);
CREATE INDEX group_permissions_permission ON group_permissions (permission_id);
CREATE INDEX sso_tickets_user ON sso_tickets (user_id);
`;
