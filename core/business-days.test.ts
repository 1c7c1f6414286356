import { describe, expect, it } from "vitest";
import { addBusinessDays, dubaiToday, isBusinessDay, readyDate } from "./business-days.ts";

/** A workshop closed on Saturdays too. */
const MON_FRI = { workingWeekdays: [1, 2, 3, 4, 5] };

describe("UAE business days (decision 0042)", () => {
  it("works Monday to Saturday by default (the owner's setting)", () => {
    // 2026-11-27 is a Friday.
    expect(addBusinessDays("2026-11-27", 1)).toBe("2026-11-28");
    expect(addBusinessDays("2026-11-27", 5)).toBe("2026-12-03");
    expect(addBusinessDays("2026-11-28", 1)).toBe("2026-11-30"); // from a Saturday, over Sunday
    expect(addBusinessDays("2026-11-29", 1)).toBe("2026-11-30"); // from a Sunday
    expect(isBusinessDay("2026-11-28")).toBe(true);
    expect(isBusinessDay("2026-11-29")).toBe(false);
    expect(addBusinessDays("2026-11-27", 14)).toBe("2026-12-14");
  });

  it("a Monday-to-Friday week skips Saturday and Sunday", () => {
    expect(addBusinessDays("2026-11-27", 1, MON_FRI)).toBe("2026-11-30");
    expect(addBusinessDays("2026-11-27", 5, MON_FRI)).toBe("2026-12-04");
    expect(addBusinessDays("2026-11-28", 1, MON_FRI)).toBe("2026-11-30");
    expect(addBusinessDays("2026-11-23", 4, MON_FRI)).toBe("2026-11-27"); // Monday + 4 = Friday
    expect(isBusinessDay("2026-11-27", MON_FRI)).toBe(true);
    expect(isBusinessDay("2026-11-28", MON_FRI)).toBe(false);
  });

  it("zero lead days is the day itself", () => {
    expect(addBusinessDays("2026-11-28", 0)).toBe("2026-11-28");
  });

  it("skips the owner's holidays", () => {
    // UAE National Day holidays 2026-12-02/03 (Wednesday, Thursday).
    const holidays = ["2026-12-02", "2026-12-03"];
    expect(addBusinessDays("2026-11-30", 3, { holidays })).toBe("2026-12-05");
    expect(addBusinessDays("2026-11-30", 3, { holidays, ...MON_FRI })).toBe("2026-12-07");
    expect(addBusinessDays("2026-11-30", 3)).toBe("2026-12-03");
  });

  it("crosses month and year ends and leap days", () => {
    expect(addBusinessDays("2026-12-30", 3)).toBe("2027-01-02");
    expect(addBusinessDays("2026-12-30", 3, MON_FRI)).toBe("2027-01-04");
    expect(addBusinessDays("2026-12-31", 1, { holidays: ["2027-01-01"] })).toBe("2027-01-02");
    expect(addBusinessDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addBusinessDays("2027-02-27", 1)).toBe("2027-03-01");
    expect(addBusinessDays("2026-11-27", 14, MON_FRI)).toBe("2026-12-17");
  });

  it("honours other working weeks, and never loops without one", () => {
    expect(addBusinessDays("2026-11-27", 1, { workingWeekdays: [1, 2, 3, 4, 5, 6] })).toBe("2026-11-28");
    expect(addBusinessDays("2026-11-27", 3, { workingWeekdays: [] })).toBe("2026-11-27");
  });

  it("reads today in Dubai and takes the longest lead time", () => {
    // 21:00 UTC on Thursday is already Friday in Dubai.
    const now = new Date("2026-11-26T21:00:00Z");
    expect(dubaiToday(now)).toBe("2026-11-27");
    expect(readyDate([3, 7, 5], {}, now)).toBe("2026-12-05");
    expect(readyDate([3, 7, 5], MON_FRI, now)).toBe("2026-12-08");
    expect(readyDate([], {}, now)).toBeNull();
  });
});
