import { describe, expect, it } from "vitest";
import { echoValues, initialValues, platformBody, readFormValues } from "~/table/form-values";
import { matrixRows } from "~/components/table/permission-matrix";
import { screens } from "~/table/registry";
import { htmlConstraints, mergeRules, ruleErrors, validateValues } from "~/table/rules";
import {
  listQuery,
  matchQuery,
  nextOrdering,
  pageAfterDelete,
  parseTableState,
  selectedIds,
  sortDirection,
  stateQuery,
  withState,
} from "~/table/table-state";
import type { TableSchema } from "~/table/types";

const q = (s: string) => new URLSearchParams(s);

describe("table state in the URL (spec §4, §9)", () => {
  it("starts on page 1 with 10 rows, no search, no ordering, no filters", () => {
    expect(parseTableState(q(""))).toEqual({
      page: 1,
      pageSize: 10,
      search: "",
      ordering: "",
      filters: {},
    });
  });

  it("accepts the page sizes 10, 20 and 50 only, from page_size or limit", () => {
    expect(parseTableState(q("page_size=20")).pageSize).toBe(20);
    expect(parseTableState(q("limit=50")).pageSize).toBe(50);
    expect(parseTableState(q("page_size=1000")).pageSize).toBe(10);
    expect(parseTableState(q("page_size=abc")).pageSize).toBe(10);
  });

  it("reads a bad page as page 1", () => {
    expect(parseTableState(q("page=0")).page).toBe(1);
    expect(parseTableState(q("page=-3")).page).toBe(1);
    expect(parseTableState(q("page=2.5")).page).toBe(1);
    expect(parseTableState(q("page=7")).page).toBe(7);
  });

  it("reads filters as field=value, field__in=a,b and the repeated keys of a checkbox form", () => {
    expect(parseTableState(q("status=done")).filters).toEqual({ status: ["done"] });
    expect(parseTableState(q("status__in=done,pending")).filters).toEqual({
      status: ["done", "pending"],
    });
    expect(parseTableState(q("status=done&status=pending")).filters).toEqual({
      status: ["done", "pending"],
    });
  });

  it("drops empty filter values and ignores selection, paging and transport keys", () => {
    const s = parseTableState(q("status=&type=web&id=3&id__in=4,5&all=1&_data=x&index&search=+a+"));
    expect(s.filters).toEqual({ type: ["web"] });
    expect(s.search).toBe("a");
  });

  it("writes the canonical query: defaults left out, one value field=value, several field__in", () => {
    const s = parseTableState(
      q("page=1&page_size=10&status=done&status=pending&type=web&ordering=-name&search=x"),
    );
    expect(stateQuery(s)).toBe("?search=x&ordering=-name&status__in=done%2Cpending&type=web");
    expect(stateQuery(parseTableState(q("")))).toBe("");
  });

  it("sends the platform page, page_size, search, ordering and the filters (spec §7)", () => {
    const s = parseTableState(
      q("page=3&page_size=20&search=abc&ordering=name&graph=245&status__in=a,b"),
    );
    expect(Object.fromEntries(listQuery(s))).toEqual({
      page: "3",
      page_size: "20",
      search: "abc",
      ordering: "name",
      graph: "245",
      status__in: "a,b",
    });
    expect(Object.fromEntries(matchQuery(s))).toEqual({
      search: "abc",
      ordering: "name",
      graph: "245",
      status__in: "a,b",
    });
  });

  it("cycles a column's sort: ascending field, descending -field, then none", () => {
    expect(nextOrdering("", "name")).toBe("name");
    expect(nextOrdering("name", "name")).toBe("-name");
    expect(nextOrdering("-name", "name")).toBe("");
    expect(nextOrdering("-id", "name")).toBe("name");
    expect(sortDirection("-name", "name")).toBe("desc");
    expect(sortDirection("name", "name")).toBe("asc");
    expect(sortDirection("id", "name")).toBeNull();
  });

  it("goes back to page 1 when the search, filters, sort or page size change", () => {
    const s = parseTableState(q("page=4"));
    expect(withState(s, { search: "x" }).page).toBe(1);
    expect(withState(s, { filters: { a: ["1"] } }).page).toBe(1);
    expect(withState(s, { pageSize: 20 }).page).toBe(1);
    expect(withState(s, { ordering: "id" }).page).toBe(1);
    expect(withState(s, { page: 2 }).page).toBe(2);
  });

  it("carries a pager link's seek token to the platform, never to an export, a count or another view", () => {
    const s = parseTableState(q("page=4&seek=3.10.12.abcdefghijklmnop&ordering=-id&predicate=x"));
    expect(s.seek).toBe("3.10.12.abcdefghijklmnop");
    expect(s.filters).toEqual({ predicate: ["x"] });
    expect(stateQuery(s)).toBe("?page=4&seek=3.10.12.abcdefghijklmnop&ordering=-id&predicate=x");
    expect(listQuery(s).get("seek")).toBe("3.10.12.abcdefghijklmnop");
    expect(matchQuery(s).has("seek")).toBe(false);
    for (const patch of [
      { search: "x" },
      { filters: {} },
      { pageSize: 20 },
      { ordering: "id" },
      { page: 5 },
    ])
      expect(withState(s, patch).seek, JSON.stringify(patch)).toBeUndefined();
    expect(withState(s, { page: 5, seek: "4.1.2.abcdefghijklmnop" }).seek).toBe(
      "4.1.2.abcdefghijklmnop",
    );
    // Page 1 needs none: dropped from the state and the URL.
    expect(parseTableState(q("seek=1.2.3.abcdefghijklmnop")).seek).toBeUndefined();
    expect(stateQuery({ ...s, page: 1 })).toBe("?ordering=-id&predicate=x");
  });

  it("steps back one page after a delete emptied the page, never below 1 or past the last page", () => {
    const on = (page: number) => parseTableState(q(`page=${page}`));
    expect(pageAfterDelete(on(3), 20)).toBe(2);
    expect(pageAfterDelete(on(3), 21)).toBe(3);
    expect(pageAfterDelete(on(1), 0)).toBe(1);
    expect(pageAfterDelete(on(5), 0)).toBe(1);
    expect(pageAfterDelete(on(5), 15)).toBe(2);
  });

  it("reads a selection from repeated id checkboxes or id__in, digits only", () => {
    expect(selectedIds(q("id=3&id=4&id__in=5,6&id=x&id=3"))).toEqual(["3", "4", "5", "6"]);
    const form = new FormData();
    form.append("id", "9");
    expect(selectedIds(form)).toEqual(["9"]);
  });
});

const schema: TableSchema = {
  table_fields: {},
  form_fields: {
    username: { label: "用户名", type: "str", default: null },
    groups: { label: "用户组", type: "multi-select", default: [] },
    password: { label: "密码", type: "password", default: null, create_only: true },
    is_active: { label: "启用/禁用", type: "select", default: 1 },
    confidence: { label: "置信度", type: "number", default: 1 },
  },
  select_options: {},
  rules: { username: [{ required: true, message: "请输入用户名" }] },
  create_rules: {
    password: [
      { required: true, message: "请输入密码" },
      { min_length: 8, message: "密码长度不能少于8位" },
    ],
  },
  update_rules: { username: [{ max_length: 5, message: "太长" }] },
  permissions: { create: true, read: true, update: true, delete: true },
};

describe("forms from the schema (spec §4, §5)", () => {
  it("opens a create form blank, with the fields' defaults", () => {
    expect(initialValues(schema, "create")).toEqual({
      username: "",
      groups: [],
      password: "",
      is_active: "1",
      confidence: "1",
    });
  });

  it("opens an update form with the record's values and without create-only fields", () => {
    const values = initialValues(schema, "update", undefined, {
      id: 1,
      username: "ann",
      groups: [2, 3],
      is_active: 0,
      confidence: 0.5,
    });
    expect(values).toEqual({
      username: "ann",
      groups: ["2", "3"],
      is_active: "0",
      confidence: "0.5",
    });
  });

  it("merges schema rules, the mode's rules and the screen's custom rules, in that order", () => {
    const custom = { username: [{ pattern: "^a", message: "以a开头" }] };
    expect(mergeRules(schema, "update", custom).username.map((r) => r.message)).toEqual([
      "请输入用户名",
      "太长",
      "以a开头",
    ]);
    expect(mergeRules(schema, "create").password).toHaveLength(2);
    expect(mergeRules(schema, "update").password).toBeUndefined();
  });

  it("checks values against the merged rules, including the console's same_as rule", () => {
    const rules = mergeRules(schema, "create");
    expect(
      validateValues(["username", "password"], rules, { username: "", password: "short" }),
    ).toEqual({
      username: "请输入用户名",
      password: "密码长度不能少于8位",
    });
    expect(ruleErrors("a", [{ same_as: "b", message: "不一致" }], { b: "c" })).toEqual(["不一致"]);
    expect(ruleErrors("", [{ min: 1, message: "min" }])).toEqual([]);
    expect(
      ruleErrors("0.5", [
        { min: 0, message: "min" },
        { max: 1, message: "max" },
      ]),
    ).toEqual([]);
    expect(ruleErrors("x", [{ pattern: "^[\\p{L}]+$", message: "p" }])).toEqual([]);
  });

  it("gives the browser the rules it can check itself, leaving out patterns its v-mode rejects", () => {
    expect(
      htmlConstraints([
        { required: true, message: "" },
        { max_length: 10, message: "" },
        { min: 0, message: "" },
        { max: 1, message: "" },
        { pattern: "^[\\p{L}\\p{N}_.@+-]+$", message: "" },
      ]),
    ).toEqual({ required: true, maxLength: 10, min: 0, max: 1 });
    expect(htmlConstraints([{ pattern: "^[A-Za-z]+$", message: "" }])).toEqual({
      pattern: "^[A-Za-z]+$",
    });
  });

  it("reads lists from repeated keys and from Mantine's comma-joined hidden input", () => {
    const form = new FormData();
    form.append("username", "bob");
    form.append("groups", "");
    form.append("groups", "1,2");
    form.append("groups", "3");
    form.append("password", "secret-123");
    form.append("is_active", "1");
    form.append("confidence", "");
    const values = readFormValues(schema, "create", form);
    expect(values).toEqual({
      username: "bob",
      groups: ["1", "2", "3"],
      password: "secret-123",
      is_active: "1",
      confidence: "",
    });
    expect(platformBody(schema, "create", values)).toEqual({
      username: "bob",
      groups: ["1", "2", "3"],
      password: "secret-123",
      is_active: "1",
      confidence: null,
    });
    expect(echoValues(schema, "create", values).password).toBe("");
  });

  it("reads the permission matrix as a list and lays codenames out by model and action", () => {
    const groups: TableSchema = {
      ...schema,
      form_fields: { permissions: { label: "权限", type: "multi-select", default: [] } },
    };
    const form = new FormData();
    form.append("permissions", "");
    form.append("permissions", "auth__user__read");
    expect(readFormValues(groups, "update", form, screens.groups)).toEqual({
      permissions: ["auth__user__read"],
    });
    const rows = matrixRows([
      { key: "admin", label: "全部权限" },
      { key: "auth__user__read", label: "用户：查看" },
      { key: "auth__user__delete", label: "用户：删除" },
      { key: "kg__graph__build", label: "Knowledge graphs: build" },
    ]);
    expect(rows.map((r) => r.model)).toEqual(["admin", "auth__user", "kg__graph"]);
    // a row is named by its permissions' module, in any language
    expect(rows.map((r) => r.title)).toEqual(["全部权限", "用户", "Knowledge graphs"]);
    expect(Object.keys(rows[1].cells).sort()).toEqual(["delete", "read"]);
    expect(rows[2].others.map((o) => o.key)).toEqual(["kg__graph__build"]);
  });
});
