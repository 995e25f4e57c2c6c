import type { ArticleRef, Provenance } from "./rdf-read.js";

/** Offsets past this are not laid out in a created article's text. */
const MAX_ARTICLE_CHARS = 1_000_000;

/**
 * The text of each article to create: its sentences at their offsets (blanks between), so a
 * relation's sentence reads back as it was exported; a sentence without offsets, or one that
 * overlaps another, is appended on a line of its own and its offsets set to where it is.
 */
export function layOutArticles(provenances: Provenance[], text: Map<Provenance, string>) {
  const byArticle = new Map<ArticleRef, Provenance[]>();
  for (const p of provenances) {
    if (p.article.id !== null) continue;
    byArticle.set(p.article, [...(byArticle.get(p.article) ?? []), p]);
  }
  for (const [article, list] of byArticle) {
    const placed = list
      .filter(
        (p) =>
          text.has(p) &&
          p.start !== null &&
          p.end !== null &&
          p.end - p.start === text.get(p)!.length &&
          p.end <= MAX_ARTICLE_CHARS,
      )
      .sort((a, b) => a.start! - b.start!);
    let content = "";
    const rest: Provenance[] = list.filter((p) => !placed.includes(p));
    for (const p of placed) {
      const sentence = text.get(p)!;
      if (content.length > p.start!) {
        if (content.slice(p.start!, p.end!) !== sentence) rest.push(p);
        continue;
      }
      content = content.padEnd(p.start!, " ") + sentence;
    }
    for (const p of rest) {
      const sentence = text.get(p);
      if (sentence === undefined) {
        p.start = p.end = null;
        continue;
      }
      if (content.length) content += "\n";
      p.start = content.length;
      content += sentence;
      p.end = content.length;
    }
    article.content = content;
  }
}
