import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * Routes only wire (issue 24, decision 027): the lint zone of eslint.config.js refuses a route
 * module that reaches the platform itself, and lets the wiring through.
 */
const root = path.resolve(__dirname, "../..");
const eslint = new ESLint({ cwd: root });

async function messages(
  code: string,
  file = "app/routes/_admin.example.tsx",
  rule = /Routes only wire/,
) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => rule.test(m.message)).map((m) => m.line);
}

describe("a route module reaches the platform only through its area's server module", () => {
  it("refuses the platform client, fetchOr404, a pass-through, a platform call and an API path", async () => {
    const code = [
      'import { PlatformError } from "~/platform-client/client.server";',
      'import { fetchOr404 } from "~/http/page.server";',
      'import { eventStream } from "~/http/pass-through.server";',
      "export async function loader(viewer: any, api: any) {",
      '  await viewer.api.get("/jobs/");',
      "  await api.post(`/jobs/${1}/cancel/`, {});",
      '  const a = "/graphadmin/graphs/";',
      "  const b = `/kg/graphs/${1}/articles/`;",
      '  const c = "/common/users/info/";',
      "  return [PlatformError, fetchOr404, eventStream, a, b, c];",
      "}",
      "",
    ].join("\n");
    expect(await messages(code)).toEqual([1, 2, 3, 5, 6, 7, 8, 9]);
  }, 60_000);

  it("lets the wiring through: an area module's functions, console links, the session", async () => {
    const code = [
      'import { listJobs } from "~/graph-admin/graphs.server";',
      'import { notFound } from "~/http/page.server";',
      "export async function loader(viewer: any) {",
      "  const jobs = await listJobs(viewer.api, { page_size: 8 });",
      '  const token = viewer.api.session.get("token");',
      "  return [jobs, token, `/jobs/${1}`, `/graph/create/${2}`, notFound];",
      "}",
      "",
    ].join("\n");
    expect(await messages(code)).toEqual([]);
  }, 60_000);

  it("keeps API paths in the typed client: an area module may not write one", async () => {
    const code = 'export const a = (id: number) => [`/graphadmin/graphs/${id}/`, "/kg/graphs/"];\n';
    const [result] = await eslint.lintText(code, {
      filePath: path.join(root, "app/kg/example.server.ts"),
    });
    expect(result.messages.filter((m) => /typed client only/.test(m.message))).toHaveLength(2);
    const [client] = await eslint.lintText(code, {
      filePath: path.join(root, "app/platform-client/example.server.ts"),
    });
    expect(client.messages.filter((m) => /typed client only/.test(m.message))).toEqual([]);
  }, 60_000);

  it("holds for every route and area module: none is exempt any more", async () => {
    const code = 'export const x = "/kg/graphs/";\n';
    for (const file of [
      "app/routes/_public.$kgId.path.tsx",
      "app/routes/_public.relation.$id.tsx",
      "app/routes/_public.$kgId.explore.tsx",
      "app/routes/_public.$kgId.views.tsx",
    ])
      expect(await messages(code, file), file).toEqual([1]);
    for (const file of [
      "app/kg/paths.server.ts",
      "app/kg/explore.server.ts",
      "app/kg/views.server.ts",
    ])
      expect(await messages(code, file, /typed client only/), file).toEqual([1]);
  }, 60_000);
});
