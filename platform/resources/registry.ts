import { auditlog, configs, groups } from "./defs/common.js";
import { labels, sources, triples } from "./defs/data.js";
import { files } from "./defs/files.js";
import { relationResults } from "./defs/graph-admin.js";
import { feedback, models } from "./defs/insight.js";
import { users } from "./defs/users.js";
import type { ResourceDef } from "./types.js";

/**
 * Every generic resource, served at /api/{app}/{name}/. A new table screen is one more
 * definition here (or a module calling mountResource with its own).
 */
export const resources: ResourceDef[] = [
  users,
  groups,
  configs,
  auditlog,
  files,
  labels,
  triples,
  sources,
  models,
  feedback,
  relationResults,
];

export const findResource = (app: string, name: string) =>
  resources.find((r) => r.app === app && r.name === name);
