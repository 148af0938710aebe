/** Now, injectable so tests can move time (lockouts, reset expiry, expiry dates). */
export type Clock = () => Date
export const systemClock: Clock = () => new Date()
export const isoNow = (clock: Clock) => clock().toISOString()
