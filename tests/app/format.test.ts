import { describe, expect, it } from "vitest";
import { formatDate, formatTime, numberFormatter, timeAgo } from "~/utils/format";

const now = new Date("2026-11-22T12:00:00Z").getTime();
const ago = (s: number) => now - s * 1000;

describe("formatTime (first relative-time helper)", () => {
  it("says 刚刚 under 30 seconds", () => {
    expect(formatTime(ago(10), "zh", now)).toBe("刚刚");
    expect(formatTime(ago(29), "zh", now)).toBe("刚刚");
  });
  it("counts minutes under an hour and hours under a day", () => {
    expect(formatTime(ago(31), "zh", now)).toBe("1分钟前");
    expect(formatTime(ago(150), "zh", now)).toBe("3分钟前");
    expect(formatTime(ago(3601), "zh", now)).toBe("2小时前");
  });
  it("says 1天前 under two days, then a date", () => {
    expect(formatTime(ago(86400 + 5), "zh", now)).toBe("1天前");
    expect(formatTime(ago(86400 * 3), "zh", now, "YYYY-MM-DD")).toBe(
      formatDate(ago(86400 * 3), "YYYY-MM-DD"),
    );
    expect(formatTime(ago(86400 * 3), "zh", now)).toMatch(/^\d+月\d+日\d+时\d+分$/);
  });
  it("speaks the user's language", () => {
    expect(formatTime(ago(5), "en", now)).toBe("just now");
    expect(formatTime(ago(600), "es", now)).toBe("hace 10 min");
  });
});

describe("timeAgo (second relative-time helper)", () => {
  it("gives minutes under an hour, hours under a day, else days", () => {
    expect(timeAgo(ago(59 * 60), "en", now)).toBe("59 min");
    expect(timeAgo(ago(5 * 3600), "zh", now)).toBe("5小时");
    expect(timeAgo(ago(3 * 86400), "zh", now)).toBe("3天");
  });
});

describe("formatDate", () => {
  it("defaults to year-month-day hour:minute:second", () => {
    expect(formatDate(new Date(2024, 0, 2, 3, 4, 5))).toBe("2024-01-02 03:04:05");
  });
  it("accepts unix seconds and is empty for nothing", () => {
    expect(formatDate(new Date(2024, 0, 2).getTime() / 1000, "YYYY-MM-DD")).toBe("2024-01-02");
    expect(formatDate(null)).toBe("");
  });
});

describe("numberFormatter", () => {
  it("uses the suffixes k M G T P E", () => {
    expect(numberFormatter(999)).toBe("999");
    expect(numberFormatter(1234)).toBe("1.2k");
    expect(numberFormatter(1_000_000)).toBe("1M");
    expect(numberFormatter(2.5e9)).toBe("2.5G");
    expect(numberFormatter(3e12)).toBe("3T");
    expect(numberFormatter(4e15)).toBe("4P");
    expect(numberFormatter(5e18)).toBe("5E");
  });
});
