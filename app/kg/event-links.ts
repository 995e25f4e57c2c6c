/** The kinds of link between events (the platform's event relation types, by key). */
export const LINK_TYPES = ["cause", "sequence", "condition", "purpose", "concurrent"] as const;

/** Link types keep one colour everywhere: arrows, legend, labels. */
export const LINK_COLORS: Record<string, string> = {
  cause: "#e8590c",
  sequence: "#1971c2",
  condition: "#6741d9",
  purpose: "#2b8a3e",
  concurrent: "#868e96",
};
