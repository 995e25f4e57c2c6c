/**
 * Two messages as one (a spec §8 message and the platform's reason): Chinese sentences run
 * on ("记录新增失败！用户名已存在"); other languages get a space between them.
 */
export const joinMessages = (a: string, b: string) =>
  /[\u3000-\u30ff\uff00-\uffef]$/.test(a) ? `${a}${b}` : `${a} ${b}`;
