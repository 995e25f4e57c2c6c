import { englishLabelsBackfill } from "../schema-english-labels.js";

/**
 * PostgreSQL form of 013-english-labels (../schema-english-labels.ts): the same columns and
 * the same backfill (plain UPDATEs, portable).
 */
export const englishLabelsSchema = /* sql */ `
ALTER TABLE kg_classes ADD COLUMN label_en TEXT NOT NULL DEFAULT '';
ALTER TABLE kg_class_properties ADD COLUMN label_en TEXT NOT NULL DEFAULT '';
ALTER TABLE kg_relation_types ADD COLUMN label_en TEXT NOT NULL DEFAULT '';
ALTER TABLE kg_event_types ADD COLUMN label_en TEXT NOT NULL DEFAULT '';
${englishLabelsBackfill}
`;
