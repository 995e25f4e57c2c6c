/** How a value kept out of the hydration data is marked in it (`holdForDocument`, decision 039). */
export const HELD_MARK = "held:";
