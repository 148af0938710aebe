import { expect, test } from 'bun:test'
import { binarize, despeckle } from './binarize'

// The photo made black and white before OCR: ink stays ink under light that changes across the page and under grain;
// a decimal point stays, specks of dust go.

const W = 200
const H = 60
/** A page whose light falls from 250 on the left to 150 on the right, with ±20 of grain. */
function page(): Uint8Array {
  let seed = 1
  const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647
  const grey = new Uint8Array(W * H)
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) grey[y * W + x] = Math.min(255, Math.round(250 - (100 * x) / W + (rand() - 0.5) * 40))
  return grey
}
const ink = (grey: Uint8Array, x0: number, y0: number, w: number, h: number, darkBy = 120) => {
  for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) grey[y * W + x] = Math.max(0, grey[y * W + x] - darkBy)
}
const inkIn = (bw: Uint8Array, x0: number, y0: number, w: number, h: number) => {
  let n = 0
  for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) if (bw[y * W + x] === 0) n++
  return n
}

test('strokes on the bright and the dim side are ink, the paper between them is paper, grain and all', () => {
  const grey = page()
  ink(grey, 10, 10, 4, 30) // a stroke where the page is bright
  ink(grey, 180, 10, 4, 30) // and one where the page is dim (≈ 160 → 40)
  const bw = binarize(grey, W, H, 25)
  expect(inkIn(bw, 10, 12, 4, 26)).toBeGreaterThan(4 * 26 * 0.9)
  expect(inkIn(bw, 180, 12, 4, 26)).toBeGreaterThan(4 * 26 * 0.9)
  expect(inkIn(bw, 20, 0, 155, H)).toBe(0)
  // Nothing but the two strokes, each widened by the 3 × 3 smoothing by at most a pixel on every side.
  expect(inkIn(bw, 0, 0, W, H)).toBeLessThanOrEqual(2 * 6 * 32)
})

test('despeckle: a decimal point (5 × 5 px) stays, a speck of dust (2 × 2 px) goes', () => {
  const bw = new Uint8Array(W * H).fill(255)
  const set = (x0: number, y0: number, w: number, h: number) => {
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) bw[y * W + x] = 0
  }
  set(60, 30, 5, 5)
  set(120, 30, 2, 2)
  despeckle(bw, W, H, 10)
  expect(inkIn(bw, 60, 30, 5, 5)).toBe(25)
  expect(inkIn(bw, 120, 30, 2, 2)).toBe(0)
})
