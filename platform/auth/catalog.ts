/**
 * Every permission codename the platform knows, `app__model__action`. `admin` grants all.
 * Seeded into the permissions table; groups hold subsets.
 */
const ACTIONS = ["create", "read", "update", "delete"] as const;

/** A model's four permissions, named in the order of ACTIONS. */
const crud = (app: string, model: string, names: [string, string, string, string]) =>
  ACTIONS.map((action, i) => ({ codename: `${app}__${model}__${action}`, name: names[i] }));

/**
 * Names are Chinese, like every platform label, and answered in the request's language
 * (platform/i18n); the store keeps them in step with this list (`syncPermissionCatalog`).
 */
export const permissionCatalog: { codename: string; name: string }[] = [
  { codename: "admin", name: "全部权限" },
  ...crud("auth", "user", ["用户：新增", "用户：查看", "用户：修改", "用户：删除"]),
  ...crud("auth", "group", ["用户组：新增", "用户组：查看", "用户组：修改", "用户组：删除"]),
  ...crud("common", "config", ["配置：新增", "配置：查看", "配置：修改", "配置：删除"]),
  { codename: "common__auditlog__read", name: "审计日志：查看" },
  { codename: "common__clienterror__read", name: "前端错误日志：查看" },
  ...crud("data", "file", ["文件数据：新增", "文件数据：查看", "文件数据：修改", "文件数据：删除"]),
  ...crud("data", "label", [
    "标注数据：新增",
    "标注数据：查看",
    "标注数据：修改",
    "标注数据：删除",
  ]),
  ...crud("data", "triple", [
    "三元组数据：新增",
    "三元组数据：查看",
    "三元组数据：修改",
    "三元组数据：删除",
  ]),
  ...crud("data", "source", [
    "数据来源：新增",
    "数据来源：查看",
    "数据来源：修改",
    "数据来源：删除",
  ]),
  ...crud("kg", "graph", ["知识图谱：新增", "知识图谱：查看", "知识图谱：修改", "知识图谱：删除"]),
  ...crud("kg", "ontology", ["本体：新增", "本体：查看", "本体：修改", "本体：删除"]),
  ...crud("kg", "feedback", ["反馈：新增", "反馈：查看", "反馈：修改", "反馈：删除"]),
  ...crud("kg", "model", ["模型：新增", "模型：查看", "模型：修改", "模型：删除"]),
  { codename: "kg__log__read", name: "检索统计：查看" },
  { codename: "kg__statistics__read", name: "统计分析：查看" },
];

/** Codenames of the seeded operators group: all data and graph work, no settings. */
export const operatorCodenames = permissionCatalog
  .map((p) => p.codename)
  .filter((c) => c.startsWith("data__") || c.startsWith("kg__"));

/** Codenames of the seeded visitors group: read the graphs, report wrong facts. */
export const visitorCodenames = ["kg__graph__read", "kg__feedback__create"];
