// Exact rational arithmetic for costing: numerator and denominator as BigInt, reduced. Costs travel
// through recipe trees as fractions and are rounded once, at the output, half up (never a float sum).

export interface Exact {
  readonly n: bigint
  readonly d: bigint
}

const SAFE = BigInt(Number.MAX_SAFE_INTEGER)

const gcd = (a: bigint, b: bigint): bigint => {
  a = a < 0n ? -a : a
  // Most costing values are small: Euclid on doubles is exact below 2^53 and far cheaper than on BigInt.
  if (a <= SAFE && b <= SAFE) {
    let x = Number(a)
    let y = Number(b)
    while (y) [x, y] = [y, x % y]
    return BigInt(x)
  }
  while (b) [a, b] = [b, a % b]
  return a
}

export function exact(n: bigint | number, d: bigint | number = 1n): Exact {
  let nn = BigInt(n)
  let dd = BigInt(d)
  if (dd === 0n) throw new RangeError('division by zero')
  if (dd < 0n) (nn = -nn), (dd = -dd)
  const g = gcd(nn, dd) || 1n
  return { n: nn / g, d: dd / g }
}

export const ZERO = exact(0)
export const ONE = exact(1)
/** Hundredths as stored (12.50 → 1250) → the exact value. */
export const hundredths = (h: number) => exact(h, 100)
export const add = (a: Exact, b: Exact) => exact(a.n * b.d + b.n * a.d, a.d * b.d)
export const sub = (a: Exact, b: Exact) => exact(a.n * b.d - b.n * a.d, a.d * b.d)
export const mul = (a: Exact, b: Exact) => exact(a.n * b.n, a.d * b.d)
export const div = (a: Exact, b: Exact) => exact(a.n * b.d, a.d * b.n)
export const isZero = (a: Exact) => a.n === 0n
export const cmp = (a: Exact, b: Exact) => {
  const x = a.n * b.d - b.n * a.d
  return x < 0n ? -1 : x > 0n ? 1 : 0
}
export const sum = (xs: Iterable<Exact>) => {
  let s = ZERO
  for (const x of xs) s = add(s, x)
  return s
}

/** The value rounded half up (away from zero at .5) to `places` decimals, as a JSON number. */
export function round(a: Exact, places = 2): number {
  const scale = 10n ** BigInt(places)
  const neg = a.n < 0n
  const n = neg ? -a.n : a.n
  const q = (2n * n * scale + a.d) / (2n * a.d)
  const r = Number(q) / Number(scale)
  return neg && r !== 0 ? -r : r
}

/** Rounded half up to whole hundredths (the stored unit). */
export const toHundredths = (a: Exact) => Math.round(round(a, 2) * 100)
