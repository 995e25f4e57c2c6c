/**
 * The synthetic triples of the triple-table benchmarks (bench/triples-bench.ts,
 * bench/pg-search-bench.ts): subjects from WORDS, predicates, objects — the same rows on
 * every engine and in both benchmarks.
 */

/** Subject heads: the first ten are weapons and units, the next ten platforms. */
export const WORDS = [
  "歼",
  "东风",
  "驱逐舰",
  "航空母舰",
  "预警机",
  "无人机",
  "雷达",
  "坦克",
  "潜艇",
  "运输机",
  "导弹",
  "卫星",
  "直升机",
  "护卫舰",
  "火箭军",
  "装甲车",
  "战斗机",
  "轰炸机",
  "加油机",
  "侦察机",
];
export const PREDICATES = [
  "隶属于",
  "装备",
  "位于",
  "研制单位",
  "参与",
  "型号",
  "服役于",
  "部署于",
  "发射",
  "生产",
  "改进自",
  "配属",
  "指挥",
  "协同",
  "打击",
  "保障",
  "训练",
  "演习",
  "巡航",
  "护航",
];
export const OBJECTS = [
  "中国人民解放军海军",
  "北部战区",
  "南海",
  "沈阳飞机工业集团",
  "成都飞机工业集团",
  "航天科工",
  "黄海",
  "东海",
  "第一岛链",
  "西太平洋",
];

/** The value at percentile `p` (0–100) of `values`. */
export function percentile(values: number[], p: number) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}
