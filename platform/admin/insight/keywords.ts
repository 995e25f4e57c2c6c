import type { KeywordCounts } from "@contract/insight";
import type { PlatformContext } from "../../context.js";
import type { GraphDictionary } from "../../kg/analysis.js";
import { graphDictionary } from "../../kg/knowledge.js";
import { articleCount, newestArticleTexts } from "./store/statistics.js";

/**
 * Keyword statistics: word frequencies of a graph's articles (titles and texts). The graph's
 * entity names and aliases are found first (its dictionary automaton, longest match first)
 * and each counts as one word: Intl.Segmenter alone cuts names it does
 * not know into pieces (马拉巴尔 → 马拉|巴尔, 日本海上自卫队 → 日本|海上|自|卫队) and those
 * pieces would be counted as words. The text between names is cut by Intl.Segmenter.
 * Function words, vague nouns and news boilerplate are dropped by a stopword list.
 */

/**
 * Words that say nothing about a graph's content: pronouns, conjunctions, auxiliaries,
 * adverbs of degree and time, and reporting verbs of news texts. One-character words are
 * dropped by length anyway.
 */
export const STOPWORDS = new Set(
  `我们 你们 他们 她们 它们 自己 这个 那个 这些 那些 这里 那里 这样 那样 这种 那种 什么 怎么 怎样 如何 为什么
  一个 一些 一种 一位 一名 一次 一直 一起 一样 一般 一切 一定 没有 不是 就是 还是 或者 而且 并且 但是 可是 然而 不过
  因为 所以 因此 由于 如果 虽然 尽管 即使 只要 只有 除了 以及 及其 以便 以免 为了 对于 关于 至于 根据 按照 通过 随着
  已经 曾经 正在 将要 即将 仍然 依然 还有 也是 都是 可以 可能 能够 应该 需要 必须 已于 将于 于是 然后 之后 之前 以后
  以前 以来 此前 此后 此外 其中 其他 其它 另外 同时 目前 当前 现在 今天 昨天 明天 今年 去年 明年 近日 日前 当天 当日
  方面 问题 情况 工作 进行 开展 表示 指出 认为 称为 据悉 据了解 报道 记者 消息 新闻 来源 发布 介绍 透露 强调 提到
  此次 本次 这次 一事 人士 关注 广泛 进入 分析 举行 随后 届时 有望 相当 大量 不少 许多 其间 日内 当地 外界 任何 各方 针对
  有关 相关 有的 所有 各种 各类 各个 每个 整个 多个 多项 部分 主要 重要 非常 十分 特别 比较 更加 更是 最为 进一步
  继续 开始 结束 成为 作为 属于 包括 包含 位于 来自 其余 以上 以下 左右 之间 之中 之一 期间 方式 过程 结果 原因
  更多 细节 详情 尚未 公布 披露 方向 程度 水平 阶段 能力 提升 有效 进一步 全面 持续 不断 积极 共同 双方 多方 一道 并肩
  the and for with that this from was were are has have had not but its into their they them will would can could
  been being also than then there which who whom what when where while about after before over under more most such`
    .split(/\s+/)
    .filter(Boolean),
);

/** A word worth counting: two characters or more, some letter in it, not a stopword. */
export function isKeyword(word: string): boolean {
  if (word.length < 2) return false;
  if (!/\p{L}/u.test(word)) return false;
  if (/^\p{N}+\p{L}?$/u.test(word)) return false;
  // Ordinals (第二, 第七): the number matters, the word does not.
  if (/^第[\p{N}一二三四五六七八九十百千]+$/u.test(word)) return false;
  return !STOPWORDS.has(word.toLowerCase());
}

/** Articles counted at most: the newest ones, so a generated graph of millions stays quick. */
export const MAX_KEYWORD_ARTICLES = 5_000;
/** Keywords kept (a request asks for at most this many). */
export const MAX_KEYWORDS = 500;

const segmenter = new Intl.Segmenter("zh", { granularity: "word" });

/** Longest stretch given to Intl.Segmenter at once (V8 is slow on long strings). */
const SEGMENT_CHUNK = 1000;

/**
 * The words of a text: the graph's entity names and aliases whole, as written, the
 * stretches between them cut by Intl.Segmenter.
 */
export function keywordTokens(dict: GraphDictionary, text: string): string[] {
  const words: string[] = [];
  const gap = (from: number, to: number) => {
    for (let at = from; at < to; at += SEGMENT_CHUNK) {
      for (const seg of segmenter.segment(text.slice(at, Math.min(to, at + SEGMENT_CHUNK))))
        if (seg.isWordLike) words.push(seg.segment);
    }
  };
  let at = 0;
  for (const m of dict.entities.findLongest(text)) {
    gap(at, m.start);
    words.push(text.slice(m.start, m.end));
    at = m.end;
  }
  gap(at, text.length);
  return words;
}

/** Word frequencies and document frequencies of one graph's articles, most frequent first. */
export async function keywordFrequencies(
  ctx: PlatformContext,
  graphId: number,
): Promise<KeywordCounts> {
  const total = await articleCount(ctx.store.db, graphId);
  // The dictionary first: while the articles stream, the store is busy with them.
  const dict = await graphDictionary(ctx, graphId);
  const counts = new Map<string, { count: number; articles: number }>();
  let articles = 0;
  let words = 0;
  for await (const batch of newestArticleTexts(ctx.store.db, graphId, MAX_KEYWORD_ARTICLES)) {
    for (const [title, content] of batch) {
      articles++;
      const inArticle = new Set<string>();
      for (const word of keywordTokens(dict, `${title}\n${content}`)) {
        if (!isKeyword(word)) continue;
        words++;
        const c = counts.get(word) ?? { count: 0, articles: 0 };
        c.count++;
        if (!inArticle.has(word)) {
          inArticle.add(word);
          c.articles++;
        }
        counts.set(word, c);
      }
    }
  }
  const ranked = [...counts]
    .sort(
      (a, b) =>
        b[1].count - a[1].count || b[1].articles - a[1].articles || a[0].localeCompare(b[0], "zh"),
    )
    .slice(0, MAX_KEYWORDS)
    .map(([word, c], i) => ({ rank: i + 1, word, count: c.count, articles: c.articles }));
  return {
    articles,
    total_articles: total,
    sampled: articles < total,
    words,
    distinct: counts.size,
    keywords: ranked,
  };
}
