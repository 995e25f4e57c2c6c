import type { FieldDef } from "../types.js";
import { buildJobOptions, relationTypeOptions } from "./options-store.js";
import { confidenceField, graphField, idField, readOnlyList } from "./shared.js";

/** The subject's or object's name. */
const entityName = (name: string, label: string): FieldDef => ({
  name,
  label,
  type: "str",
  width: 180,
  sortable: true,
  searchable: true,
  filterable: true,
  readOnly: true,
});

/**
 * Relation-extraction results (/graph/relation/result): the relations of a graph with
 * their names, read-only, over the view kg_relation_results. `job` is the build or update
 * that last wrote the relation (empty for seeded ones), so a link can show one build.
 */
export const relationResults = readOnlyList("graphadmin/relations", {
  table: "kg_relation_results",
  label: "关系抽取结果",
  read: "kg__graph__read",
  fields: [
    { ...idField },
    { ...graphField, width: 150, readOnly: true },
    entityName("subject", "主体"),
    {
      name: "predicate",
      label: "关系",
      type: "select",
      width: 120,
      sortable: true,
      filterable: true,
      searchable: true,
      readOnly: true,
      options: relationTypeOptions,
    },
    entityName("object", "客体"),
    confidenceField({ readOnly: true }),
    {
      name: "job",
      label: "构建任务",
      type: "select",
      column: "job_id",
      valueType: "int",
      width: 200,
      sortable: true,
      filterable: true,
      readOnly: true,
      options: buildJobOptions,
    },
    { name: "subject_uuid", label: "主体标识", type: "str", hidden: true, readOnly: true },
    { name: "object_uuid", label: "客体标识", type: "str", hidden: true, readOnly: true },
  ],
});
