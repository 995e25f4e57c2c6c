import { DEMO } from "../app/kg-fixtures";
import { db } from "./fixtures";

/** The first id of a seeded table in the e2e store (a model, a run, a job…). */
export const firstId = (sql: string) => db().prepare(sql).pluck().get() as number | string;

/** The graph pages of graph 245 that the page-wide checks (axe, landmarks) walk. */
export const GRAPH_PAGES = () => [
  `/?id=${DEMO.military}`,
  `/${DEMO.military}/articles`,
  `/${DEMO.military}/article/${DEMO.article}?sent=0-40`,
  `/${DEMO.military}/event`,
  `/hotevent?id=${DEMO.military}`,
  `/hotevent/${DEMO.event}?id=${DEMO.military}`,
  `/hotentity?id=${DEMO.military}`,
  `/relation/${DEMO.hub}?id=${DEMO.military}`,
  `/${DEMO.military}/entity/${DEMO.hub}`,
  `/${DEMO.military}/path?from=${DEMO.hub}&to=${DEMO.yokosuka}`,
  `/${DEMO.military}/views`,
  `/${DEMO.military}/explore?entity=${DEMO.hub}&x=${DEMO.hub}~*~any~1`,
  `/${DEMO.military}/egraph`,
  `/eeg?id=${DEMO.military}`,
  `/${DEMO.military}/flowchart`,
  `/${DEMO.military}/extract`,
];

/** The admin pages the page-wide checks (axe, languages) walk: tables, dialogs, graph admin, insight. */
export const ADMIN_PAGES = () => [
  "/dashboard",
  "/backend/profile",
  "/backend/profile/password",
  "/backend/setting/permission",
  "/backend/setting/users",
  "/backend/setting/users/new",
  "/backend/setting/users/import",
  `/backend/setting/users/${firstId("SELECT id FROM users ORDER BY id")}/delete`,
  "/backend/setting/groups",
  "/backend/setting/configs",
  "/backend/setting/auditlog",
  "/backend/setting/errorlog",
  "/data/filemanage",
  "/data/label",
  "/data/triaddata",
  "/data/source",
  "/model/index",
  `/model/index/${firstId("SELECT id FROM kg_models ORDER BY id")}/logs`,
  `/model/logs/${firstId("SELECT id FROM kg_model_runs ORDER BY id")}`,
  `/model/evaluation/${firstId("SELECT id FROM kg_model_evaluations ORDER BY id")}`,
  "/kgfeedback/index",
  `/kgfeedback/index/${firstId("SELECT id FROM kg_feedback ORDER BY id")}/review`,
  "/graph/index",
  "/graph/create",
  `/graph/detail/${DEMO.military}`,
  `/graph/increased/${DEMO.military}`,
  `/graph/schemaedit/${DEMO.general}`,
  "/graph/relation/result",
  `/jobs/${firstId("SELECT id FROM jobs ORDER BY id")}`,
  "/schema",
  "/count",
  `/count/entity?graph=${DEMO.military}`,
  `/count/entitycount/${DEMO.hub}?graph=${DEMO.military}`,
  `/count/keyword?graph=${DEMO.military}`,
  `/count/verb?graph=${DEMO.military}`,
  "/log/index",
];
