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
  `/${DEMO.military}/egraph`,
  `/eeg?id=${DEMO.military}`,
  `/${DEMO.military}/flowchart`,
  `/${DEMO.military}/extract`,
];
