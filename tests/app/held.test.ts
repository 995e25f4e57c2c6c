import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { chartSpec } from "~/charts/render.server";
import { barOption } from "~/charts/series-options";
import { svgDataUrl } from "~/components/charts/chart";
import { HeldImg, HeldProvider } from "~/utils/held";
import { heldScope, heldValues, holdForDocument } from "~/utils/held.server";

/** Decision 039: a picture in a page load's HTML once, not also in its hydration data. */

const inScope = <T>(document: boolean, run: () => T) =>
  heldScope().run({ document, values: new Map() }, run);

describe("values held for the document", () => {
  it("a page load's value is a mark, kept for the render", () => {
    inScope(true, () => {
      expect(holdForDocument("data:image/svg+xml;base64,AAA")).toBe("held:0");
      expect(holdForDocument("<svg/>")).toBe("held:1");
      expect([...heldValues()]).toEqual([
        ["held:0", "data:image/svg+xml;base64,AAA"],
        ["held:1", "<svg/>"],
      ]);
    });
  });

  it("a data fetch, a client without Fetch Metadata and a call outside a request get the value", () => {
    inScope(false, () => expect(holdForDocument("<svg/>")).toBe("<svg/>"));
    expect(holdForDocument("<svg/>")).toBe("<svg/>");
    expect(heldValues().size).toBe(0);
  });

  it("the server draws the held value with its mark; a plain value as is", () => {
    const drawn = (value: string, values: ReadonlyMap<string, string> | null) =>
      renderToString(
        createElement(
          HeldProvider,
          { value: values },
          createElement(HeldImg, { value, toSrc: svgDataUrl, alt: "" }),
        ),
      );
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"/>';
    const held = drawn("held:0", new Map([["held:0", svg]]));
    expect(held).toContain(`src="${svgDataUrl(svg).replace(/&/g, "&amp;")}"`);
    expect(held).toContain('data-held="held:0"');
    const plain = drawn(svg, null);
    expect(plain).toContain(`src="${svgDataUrl(svg).replace(/&/g, "&amp;")}"`);
    expect(plain).not.toContain("data-held");
  });

  it("a chart's SVG in a page load is held, in a data fetch it is none (the browser draws it)", async () => {
    const option = barOption([{ name: "a", value: 1 }]);
    const page = await inScope(true, async () => {
      const spec = await chartSpec("light", option, 400, 200);
      return { spec, values: heldValues() };
    });
    expect(page.spec.svg).toBe("held:0");
    expect(page.values.get("held:0")).toMatch(/^<svg/);
    expect(JSON.stringify(page.spec)).not.toContain("<svg");
    const fetched = await inScope(false, () => chartSpec(null, option, 400, 200));
    expect(fetched.svg).toBeNull();
  });
});
