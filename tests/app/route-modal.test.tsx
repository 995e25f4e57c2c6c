import { MantineProvider } from "@mantine/core/esm/core/MantineProvider/MantineProvider.mjs";
import { createInstance } from "i18next";
import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { beforeAll, describe, expect, it } from "vitest";
import { FlashRegion } from "~/components/flash-toast";
import { RouteModal } from "~/components/table/route-modal";
import i18nConfig from "~/i18n";
import zh from "~/locales/zh";
import { screens } from "~/table/registry";

/** Issue 12: what the server sends of a dialog route and of a flash message (all a no-JS browser gets). */

const i18n = createInstance();
beforeAll(async () => {
  await i18n
    .use(initReactI18next)
    .init({ ...i18nConfig, lng: "zh", resources: { zh }, initImmediate: false });
});

/** The HTML, without the style sheet Mantine's provider writes first. */
const render = (el: ReactElement) =>
  renderToString(
    createElement(
      I18nextProvider,
      { i18n },
      createElement(
        MantineProvider,
        null,
        createElement(RouterProvider, {
          router: createMemoryRouter([{ path: "*", element: el }], {
            initialEntries: ["/backend/setting/users/new"],
          }),
        }),
      ),
    ),
  ).replace(/^<style[^]*?<\/style>/, "");

describe("dialog routes and flash messages on the server", () => {
  it("names the dialog by its title in the server's HTML", () => {
    const html = render(
      createElement(RouteModal, {
        screen: screens.users,
        title: "新增",
        size: 600,
        children: "form",
      }),
    );
    const dialog = html.match(/<section[^>]*role="dialog"[^>]*>/)?.[0] ?? "";
    const labelledBy = dialog.match(/aria-labelledby="([^"]+)"/)?.[1];
    expect(labelledBy, dialog).toBeTruthy();
    expect(html).toMatch(new RegExp(`<h2[^>]*id="${labelledBy}"[^>]*>新增</h2>`));
    expect(html).toContain('aria-label="关闭对话框"');
  });

  it("puts a success in the polite status region, an error in the alert region, no second live region, its close button named", () => {
    const ok = render(
      createElement(FlashRegion, { toast: { type: "success", message: "记录新增成功！" } }),
    );
    expect(ok).toMatch(
      /^<div class="flash-region"[^>]*><div role="status"><div class="flash-toast"/,
    );
    expect(ok).toContain("记录新增成功！");
    expect(ok).toMatch(/<div role="alert"><\/div><\/div>$/);
    expect(ok.match(/role="(alert|status)"/g)).toHaveLength(2);
    expect(ok).toContain('aria-label="关闭提示"');
    const failed = render(
      createElement(FlashRegion, { toast: { type: "error", message: "记录删除失败！" } }),
    );
    expect(failed).toMatch(/<div role="status"><\/div><div role="alert"><div class="flash-toast"/);
    // Nothing to say: the regions are there, empty, ready for the next message.
    expect(render(createElement(FlashRegion, { toast: null }))).toBe(
      '<div class="flash-region" data-testid="flash-region"><div role="status"></div><div role="alert"></div></div>',
    );
  });
});
