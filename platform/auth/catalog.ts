/**
 * Every permission codename the platform knows, `app__model__action`. `admin` grants all.
 * Seeded into the permissions table; groups hold subsets.
 */
const crud = (app: string, model: string, label: string) =>
  (["create", "read", "update", "delete"] as const).map((action) => ({
    codename: `${app}__${model}__${action}`,
    name: `${label} ${action}`,
  }));

export const permissionCatalog: { codename: string; name: string }[] = [
  { codename: "admin", name: "Full access" },
  ...crud("auth", "user", "User"),
  ...crud("auth", "group", "Group"),
  ...crud("common", "config", "Config"),
  { codename: "common__auditlog__read", name: "Audit log read" },
  { codename: "common__clienterror__read", name: "Client error log read" },
  ...crud("data", "file", "File data"),
  ...crud("data", "label", "Annotation data"),
  ...crud("data", "triple", "Triple data"),
  ...crud("data", "source", "Source"),
  ...crud("kg", "graph", "Knowledge graph"),
  ...crud("kg", "ontology", "Ontology"),
  ...crud("kg", "feedback", "Feedback"),
  ...crud("kg", "model", "Model"),
  { codename: "kg__log__read", name: "Retrieval statistics read" },
  { codename: "kg__statistics__read", name: "Statistics read" },
];

/** Codenames of the seeded operators group: all data and graph work, no settings. */
export const operatorCodenames = permissionCatalog
  .map((p) => p.codename)
  .filter((c) => c.startsWith("data__") || c.startsWith("kg__"));

/** Codenames of the seeded visitors group: read the graphs, report wrong facts. */
export const visitorCodenames = ["kg__graph__read", "kg__feedback__create"];
