import { bothEngines } from "./both-engines.js";
import { feedbackTable } from "./schema-insight.js";

/**
 * Reviewers' verdicts on extracted relations (issue 27, decision 023): the relations text
 * analysis extracted that someone reported (kg_extractions: the pattern that decided, every
 * pattern key of the candidate as JSON, and the sentence), feedback of kind 'extraction' about them, and per evaluation the precision per
 * relation type before and after the verdicts of the last review round (review, JSON).
 * SQLite cannot change a CHECK constraint: kg_feedback is rebuilt (no trigger, view or key
 * refers to it).
 */
const feedbackColumns =
  "id, graph_id, kind, target, target_label, link, content, status, note, reporter_id, reporter, handler, handled_at, created_at";

export const extractionReviewsSchema = bothEngines(
  (e) => /* sql */ `
CREATE TABLE kg_extractions (
  id ${e.id},
  graph_id ${e.int} NOT NULL REFERENCES graphs(id) ON DELETE CASCADE,
  subject_id ${e.int} NOT NULL REFERENCES kg_entities(id) ON DELETE CASCADE,
  relation_type_id ${e.int} NOT NULL REFERENCES kg_relation_types(id) ON DELETE CASCADE,
  object_id ${e.int} NOT NULL REFERENCES kg_entities(id) ON DELETE CASCADE,
  direction TEXT NOT NULL CHECK (direction IN ('ab', 'ba')),
  pattern TEXT NOT NULL,
  keys TEXT NOT NULL,
  confidence ${e.real} NOT NULL,
  sentence TEXT NOT NULL,
  article_id ${e.int} REFERENCES kg_articles(id) ON DELETE SET NULL,
  created_at TEXT NOT NULL DEFAULT ${e.nowDefault}
);
CREATE INDEX kg_extractions_graph ON kg_extractions(graph_id, id);

${e.pick(
  // The SQLite passage: e holds SQLite's words whenever this text is run.
  `${feedbackTable(e, "kg_feedback_next", "'entity', 'relation', 'event', 'extraction'")}
INSERT INTO kg_feedback_next (${feedbackColumns}) SELECT ${feedbackColumns} FROM kg_feedback;
DROP TABLE kg_feedback;
ALTER TABLE kg_feedback_next RENAME TO kg_feedback;
CREATE INDEX kg_feedback_status ON kg_feedback(status, id);
CREATE INDEX kg_feedback_graph ON kg_feedback(graph_id, id);`,
  `ALTER TABLE kg_feedback DROP CONSTRAINT kg_feedback_kind_check;
ALTER TABLE kg_feedback ADD CONSTRAINT kg_feedback_kind_check
  CHECK (kind IN ('entity', 'relation', 'event', 'extraction'));`,
)}

ALTER TABLE kg_model_evaluations ADD COLUMN review TEXT NOT NULL DEFAULT '';
`,
);
