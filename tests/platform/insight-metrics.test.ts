import { describe, expect, it } from "vitest";
import { transitionRefusal } from "../../platform/admin/insight/feedback.js";
import { isHeldOut, learnFilter } from "../../platform/admin/insight/evaluate.js";
import { isKeyword } from "../../platform/admin/insight/keywords.js";
import { computeMetrics, metricsSummary, NONE } from "../../platform/admin/insight/metrics.js";

describe("precision, recall and F1", () => {
  // 3 gold A (2 found as A, 1 missed), 2 gold B (1 found as B, 1 predicted as A), 1 spurious B.
  const outcomes = [
    { gold: "A", predicted: "A" },
    { gold: "A", predicted: "A" },
    { gold: "A", predicted: null },
    { gold: "B", predicted: "B" },
    { gold: "B", predicted: "A" },
    { gold: null, predicted: "B" },
  ];
  const m = computeMetrics(outcomes, ["B", "A"]);

  it("counts true positives, false positives and false negatives per class", () => {
    const [b, a] = m.per_class;
    expect(a).toMatchObject({ label: "A", tp: 2, fp: 1, fn: 1, support: 3 });
    expect(b).toMatchObject({ label: "B", tp: 1, fp: 1, fn: 1, support: 2 });
    expect(a.precision).toBe(0.6667);
    expect(a.recall).toBe(0.6667);
    expect(a.f1).toBe(0.6667);
    expect(b.precision).toBe(0.5);
    expect(b.recall).toBe(0.5);
    expect(b.f1).toBe(0.5);
  });

  it("gives micro averages over all items and the macro average of the classes' F1", () => {
    expect(m).toMatchObject({
      tp: 3,
      gold: 5,
      predicted: 5,
      fp: 2,
      fn: 2,
      precision: 0.6,
      recall: 0.6,
      f1: 0.6,
    });
    expect(m.macro_f1).toBe(0.5833);
  });

  it("builds the confusion matrix gold × predicted in the given class order, with O for nothing", () => {
    expect(m.confusion.labels).toEqual(["B", "A", NONE]);
    expect(m.confusion.matrix).toEqual([
      [1, 1, 0],
      [0, 2, 1],
      [1, 0, 0],
    ]);
  });

  it("is zero, not NaN, when there are no predictions or no gold items", () => {
    const none = computeMetrics([{ gold: "A", predicted: null }]);
    expect(none).toMatchObject({ precision: 0, recall: 0, f1: 0, macro_f1: 0 });
    const empty = computeMetrics([]);
    expect(empty).toMatchObject({
      precision: 0,
      recall: 0,
      f1: 0,
      per_class: [],
      confusion: { labels: [NONE], matrix: [[0]] },
    });
  });

  it("lists classes seen only in the outcomes after the given order, and leaves out unseen ones", () => {
    const r = computeMetrics(
      [
        { gold: "Z", predicted: "Z" },
        { gold: "A", predicted: "A" },
      ],
      ["A", "Q"],
    );
    expect(r.per_class.map((c) => c.label)).toEqual(["A", "Z"]);
  });

  it("summarises as percentages for the models table", () => {
    expect(metricsSummary({ precision: 0.9123, recall: 0.5, f1: 0.6459 })).toBe(
      "P 91.2% · R 50.0% · F1 64.6%",
    );
  });
});

describe("what a training run learns", () => {
  it("suppresses keys wrong more often than right, with enough evidence", () => {
    const judged = [
      ...Array(3).fill({ key: "部署", correct: false }),
      { key: "部署", correct: true },
      ...Array(2).fill({ key: "演习", correct: false }),
      ...Array(4).fill({ key: "试射", correct: true }),
      { key: "试射", correct: false },
    ];
    // 演习: only two predictions, not enough to judge.
    expect(learnFilter(judged)).toEqual(["部署"]);
  });

  it("holds out the same articles on every run", () => {
    const ids = Array.from({ length: 1000 }, (_, i) => i + 1);
    const first = ids.filter((id) => isHeldOut(245, id, 20));
    expect(ids.filter((id) => isHeldOut(245, id, 20))).toEqual(first);
    expect(first.length).toBeGreaterThan(150);
    expect(first.length).toBeLessThan(250);
    // A larger holdout keeps every article of a smaller one.
    const more = new Set(ids.filter((id) => isHeldOut(245, id, 40)));
    expect(first.every((id) => more.has(id))).toBe(true);
  });
});

describe("the feedback workflow", () => {
  it("allows new → confirmed → fixed, and rejecting new or confirmed reports", () => {
    expect(transitionRefusal("new", "confirmed")).toBeNull();
    expect(transitionRefusal("confirmed", "fixed")).toBeNull();
    expect(transitionRefusal("new", "rejected")).toBeNull();
    expect(transitionRefusal("confirmed", "rejected")).toBeNull();
  });

  it("refuses every other change, saying what is allowed", () => {
    expect(transitionRefusal("new", "fixed")).toBe(
      "不能将反馈从“新建”改为“已修复”：只能改为“已确认”或“已驳回”",
    );
    expect(transitionRefusal("fixed", "new")).toBe(
      "不能将反馈从“已修复”改为“新建”：已修复的反馈不能再变更状态",
    );
    expect(transitionRefusal("rejected", "confirmed")).toBe(
      "不能将反馈从“已驳回”改为“已确认”：已驳回的反馈不能再变更状态",
    );
    expect(transitionRefusal("confirmed", "new")).toBe(
      "不能将反馈从“已确认”改为“新建”：只能改为“已修复”或“已驳回”",
    );
    expect(transitionRefusal("confirmed", "confirmed")).toBe("反馈已是“已确认”状态");
  });
});

describe("keywords", () => {
  it("keeps content words and drops short, numeric and stop words", () => {
    expect(isKeyword("航母")).toBe(true);
    expect(isKeyword("F-35")).toBe(true);
    expect(isKeyword("的")).toBe(false);
    expect(isKeyword("我们")).toBe(false);
    expect(isKeyword("表示")).toBe(false);
    expect(isKeyword("2024")).toBe(false);
    expect(isKeyword("12月")).toBe(false);
    expect(isKeyword("The")).toBe(false);
    expect(isKeyword("第七")).toBe(false);
    expect(isKeyword("第七舰队")).toBe(true);
  });
});
