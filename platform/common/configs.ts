import type { PlatformContext } from "../context.js";
import { configRow, publicConfigRows } from "./store.js";

export type ConfigType = "bool" | "str" | "text" | "int";
export type ConfigValue = boolean | string | number | null;

export interface ConfigSeed {
  key: string;
  value: string;
  type: ConfigType;
  public: boolean;
  description: string;
}

/** The configs every store starts with; values stay as an operator later sets them. */
export const defaultConfigs: ConfigSeed[] = [
  {
    key: "YF_SHOW_LOGO",
    value: "true",
    type: "bool",
    public: true,
    description: "页脚显示版权信息",
  },
  {
    key: "YF_ANTI_RESUBMIT",
    value: "false",
    type: "bool",
    public: true,
    description: "防重复提交：每次写请求需携带一次性 X-API-Nonce",
  },
  {
    key: "YF_BODY_ENCRYPT",
    value: "false",
    type: "bool",
    public: true,
    description: "请求体加密：写请求体用平台 RSA 公钥加密",
  },
  {
    key: "YF_PRODUCT_TITLE",
    value: "",
    type: "str",
    public: true,
    description: "产品名称，用于页面标题；留空时按界面语言显示默认名称",
  },
  {
    key: "YF_PLATFORM_NAME_SHORT",
    value: "",
    type: "str",
    public: true,
    description: "产品简称；留空时按界面语言显示默认简称",
  },
];

/** Stored text to the value clients see: bool → true/false, int → number. */
export function typedConfigValue(type: string, value: string): ConfigValue {
  switch (type) {
    case "bool":
      return ["true", "1", "yes", "on"].includes(value.trim().toLowerCase());
    case "int": {
      const n = Number.parseInt(value, 10);
      return Number.isFinite(n) ? n : null;
    }
    default:
      return value;
  }
}

/** The typed value of one config, or undefined when the store has no such key. */
export async function configValue(
  ctx: PlatformContext,
  key: string,
): Promise<ConfigValue | undefined> {
  const row = await configRow(ctx.store.db, key);
  return row ? typedConfigValue(row.type, row.value) : undefined;
}

/** Whether a bool config is on; an absent key counts as off. */
export async function configFlag(ctx: PlatformContext, key: string): Promise<boolean> {
  return (await configValue(ctx, key)) === true;
}

export async function publicConfigs(ctx: PlatformContext): Promise<Record<string, ConfigValue>> {
  const rows = await publicConfigRows(ctx.store.db);
  return Object.fromEntries(rows.map((r) => [r.key, typedConfigValue(r.type, r.value)]));
}

/** The default configs as rows of the store. */
export const defaultConfigRows = () =>
  defaultConfigs.map((c) => ({ ...c, public: c.public ? 1 : 0 }));
