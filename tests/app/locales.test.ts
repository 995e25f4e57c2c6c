import { describe, expect, it } from "vitest";
import { supportedLngs, translate } from "~/i18n";
import { resources } from "~/locales/all.server";
import { getFixedT } from "~/i18next.server";

/** Every key of every namespace, as "ns:a.b". */
function keys(node: unknown, prefix: string): string[] {
  if (!node || typeof node !== "object") return [prefix];
  return Object.entries(node as Record<string, unknown>).flatMap(([k, v]) =>
    keys(v, prefix.endsWith(":") ? `${prefix}${k}` : `${prefix}.${k}`),
  );
}

describe("locales", () => {
  // The browser loads only its user's language (entry.client.tsx), with no other to fall back on.
  it("gives every language the same keys in every namespace", () => {
    const of = (lng: (typeof supportedLngs)[number]) =>
      Object.entries(resources[lng])
        .flatMap(([ns, tree]) => keys(tree, `${ns}:`))
        .sort();
    const en = of("en");
    expect(en.length).toBeGreaterThan(500);
    for (const lng of supportedLngs) expect(of(lng)).toEqual(en);
  });

  it("translates without an i18next instance once the server registered the languages", () => {
    expect(translate("zh", "nav.job")).toBe("任务详情");
    expect(translate("en", "table:messages.createOk")).toBe("Record added!");
    expect(translate("fr", "nav.job")).toBe("Job");
  });

  it("words a count of one in the singular where the language has one (a path of 1 hop)", async () => {
    const t = async (lng: string) =>
      getFixedT(new Request("http://console.test/", { headers: { "Accept-Language": lng } }), "kg");
    const en = await t("en");
    expect(en("path.pathTitle", { n: 1, count: 1 })).toBe("Path 1 (1 hop)");
    expect(en("path.pathTitle", { n: 2, count: 3 })).toBe("Path 2 (3 hops)");
    expect(en("path.noPath", { count: 1 })).toBe("No path within 1 hop.");
    expect(en("eventGraph.hopsN", { count: 1 })).toBe("1 hop");
    const es = await t("es");
    expect(es("path.pathTitle", { n: 1, count: 1 })).toBe("Camino 1 (1 salto)");
    expect(es("eventGraph.hopsN", { count: 2 })).toBe("2 saltos");
    expect((await t("zh"))("path.pathTitle", { n: 1, count: 1 })).toBe("路径 1（1 跳）");
  });
});
