// Values a test makes its own, for Vitest and the journeys alike (no database or server code here).

/** A Nigerian mobile number of the test's own, as +234… (ZavCharge's welcome credit goes once per phone). */
export const uniquePhone = () => `+23481${String(Math.floor(Math.random() * 100_000_000)).padStart(8, "0")}`;
