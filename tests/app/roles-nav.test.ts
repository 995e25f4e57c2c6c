import { describe, expect, it } from "vitest";
import {
  adminNav,
  filterNav,
  firstAllowedPath,
  isWhitelisted,
  matchNav,
  pathAllowed,
} from "~/navigation";
import { canAccess, checkPermission, PERMISSION_DIRECTIVE_ERROR, rolesOf } from "~/utils/roles";
import { safeRedirect } from "~/utils/redirect";

const group = (...codenames: string[]) => ({
  id: 1,
  name: "g",
  permissions: codenames.map((codename) => ({ codename })),
});

describe("roles (spec §6)", () => {
  it("gathers codenames from all groups without duplicates", () => {
    expect(rolesOf({ groups: [group("a", "b"), group("b", "c")] }).sort()).toEqual(["a", "b", "c"]);
  });
  it("is default when the user has none", () => {
    expect(rolesOf({ groups: [] })).toEqual(["default"]);
  });
  it("gives superusers the admin role", () => {
    expect(rolesOf({ groups: [], is_superuser: true })).toEqual(["admin"]);
  });
  it("opens routes without roles to everyone, admin to all, others by intersection", () => {
    expect(canAccess(["x"], undefined)).toBe(true);
    expect(canAccess(["x"], [])).toBe(true);
    expect(canAccess(["admin"], ["auth__user__read"])).toBe(true);
    expect(canAccess(["auth__user__read"], ["auth__user__read"])).toBe(true);
    expect(canAccess(["auth__group__read"], ["auth__user__read"])).toBe(false);
  });
  it("lets every logged-in user open a route for role default", () => {
    expect(canAccess(["auth__user__read"], ["default"])).toBe(true);
    expect(canAccess(["default"], ["default"])).toBe(true);
  });
});

describe("the permission directive check", () => {
  it("needs a non-empty array of roles", () => {
    expect(() => checkPermission(["admin"], [])).toThrow(PERMISSION_DIRECTIVE_ERROR);
    expect(() => checkPermission(["admin"], "admin")).toThrow(
      `need roles! Like v-permission="['admin','editor']"`,
    );
  });
  it("passes when a role matches, or for admin", () => {
    expect(checkPermission(["editor"], ["admin", "editor"])).toBe(true);
    expect(checkPermission(["visitor"], ["admin", "editor"])).toBe(false);
    expect(checkPermission(["admin"], ["editor"])).toBe(true);
  });
});

describe("route filtering", () => {
  const titles = (items: ReturnType<typeof filterNav>) =>
    items.flatMap((i) => [i.title, ...(i.children ?? []).map((c) => c.title)]);

  it("gives admin every route", () => {
    expect(titles(filterNav(["admin"]))).toEqual(titles(adminNav));
  });
  it("filters children and drops a parent left empty", () => {
    const nav = titles(filterNav(["data__triple__read"]));
    expect(nav).toContain("nav.triaddata");
    expect(nav).not.toContain("nav.filemanage");
    expect(nav).not.toContain("nav.setting");
    expect(nav).not.toContain("nav.schema");
  });
  it("shows the settings parent with user-read or group-read, and only the pages each opens", () => {
    const withUsers = titles(filterNav(["auth__user__read"]));
    expect(withUsers).toContain("nav.setting");
    expect(withUsers).toContain("nav.users");
    expect(withUsers).not.toContain("nav.groups");
    const withGroups = titles(filterNav(["auth__group__read"]));
    expect(withGroups).toEqual(
      expect.arrayContaining(["nav.setting", "nav.permission", "nav.groups"]),
    );
    expect(withGroups).not.toContain("nav.users");
    expect(titles(filterNav(["common__config__read"]))).not.toContain("nav.setting");
  });
  it("checks a path against every route on its way", () => {
    expect(pathAllowed("/backend/setting/users", ["auth__user__read"])).toBe(true);
    expect(pathAllowed("/backend/setting/users", ["auth__group__read"])).toBe(false);
    expect(pathAllowed("/backend/setting/configs", ["common__config__read"])).toBe(false);
    expect(
      pathAllowed("/backend/setting/configs", ["common__config__read", "auth__user__read"]),
    ).toBe(true);
    expect(pathAllowed("/graph/create", ["kg__graph__create", "kg__graph__update"])).toBe(true);
    expect(pathAllowed("/graph/create/12", ["kg__graph__create", "kg__graph__update"])).toBe(true);
    expect(pathAllowed("/backend/profile/password", ["default"])).toBe(true);
  });
  it("matches parameters and builds the breadcrumb chain", () => {
    expect(matchNav("/model/logs/7").map((i) => i.title)).toEqual(["nav.model", "nav.modelLogs"]);
    expect(matchNav("/nowhere")).toEqual([]);
    // A job's page has a breadcrumb of its own; any logged-in user may open it (the platform checks the job kind).
    expect(matchNav("/jobs/31").map((i) => i.title)).toEqual(["nav.job"]);
    expect(pathAllowed("/jobs/31", ["default"])).toBe(true);
    // A dialog route nested under a screen belongs to that screen.
    expect(matchNav("/backend/setting/users/12/edit").map((i) => i.title)).toEqual([
      "nav.setting",
      "nav.users",
    ]);
    expect(pathAllowed("/backend/setting/users/new", ["auth__group__read"])).toBe(false);
  });
  it("finds the first page a parent's redirect can land on", () => {
    expect(
      firstAllowedPath(
        ["auth__group__read"],
        filterNav(
          ["auth__group__read"],
          adminNav.find((i) => i.path === "/backend/setting")!.children,
        ),
      ),
    ).toBe("/backend/setting/permission");
  });
  it("whitelists flowchart, eeg, 404 and login only", () => {
    for (const p of ["/login", "/404", "/eeg", "/245/flowchart"])
      expect(isWhitelisted(p)).toBe(true);
    for (const p of ["/", "/245/extract", "/dashboard", "/245/flowchart/x"])
      expect(isWhitelisted(p)).toBe(false);
  });
});

describe("safeRedirect", () => {
  it("keeps same-site paths and refuses the rest", () => {
    expect(safeRedirect("/dashboard?x=1")).toBe("/dashboard?x=1");
    expect(safeRedirect("//evil.example")).toBe("/");
    expect(safeRedirect("/\\evil.example")).toBe("/");
    expect(safeRedirect("https://evil.example")).toBe("/");
    expect(safeRedirect("javascript:alert(1)")).toBe("/");
    expect(safeRedirect(null, "/home")).toBe("/home");
  });
});
