// Power gateways over MQTT (docs/product/power-tracking.md#mqtt), on the broker ZavCharge's chargers use: a gateway signs in
// with the user name `power:<installation id>` and its installation key as password, publishes readings on its own
// readings topic and may subscribe only to its own errors topic, where the server explains a refused reading.

export const POWER_TOPIC_ROOT = "zavolah/power";

export const powerTopics = {
  readings: (installationId: number) => `${POWER_TOPIC_ROOT}/${installationId}/readings`,
  errors: (installationId: number) => `${POWER_TOPIC_ROOT}/${installationId}/errors`,
  /** What the server subscribes to. */
  allReadings: `${POWER_TOPIC_ROOT}/+/readings`,
};

/** The installation a readings topic belongs to, or null. */
export function installationOfReadingsTopic(topic: string): number | null {
  const m = /^zavolah\/power\/([1-9]\d{0,9})\/readings$/.exec(topic);
  const id = m ? Number(m[1]) : NaN;
  return Number.isInteger(id) && id <= 2_147_483_647 ? id : null;
}

/** The installation a gateway's MQTT user name names (`power:<id>`), or null for any other user name. */
export function installationOfUsername(username: string): number | null {
  const m = /^power:([1-9]\d{0,9})$/.exec(username);
  const id = m ? Number(m[1]) : NaN;
  return Number.isInteger(id) && id <= 2_147_483_647 ? id : null;
}
