import { describe, expect, it } from "vitest";
import { supportedLngs, translate } from "~/i18n";
import { resources } from "~/locales/all.server";

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
});
